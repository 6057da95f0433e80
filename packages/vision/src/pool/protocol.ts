/** Messages between the pool (main thread) and an engine worker thread. */
import type { SerializedError } from '../errors.ts';
import type { ImageLimits } from '../image/decode.ts';

export interface WorkerInit {
  limits?: Partial<ImageLimits>;
  /** libvips threads per sharp operation (process-wide setting); undefined leaves it alone. */
  sharpConcurrency?: number;
  /** The tasks whose models the worker loads; undefined: every registered task. */
  tasks?: string[];
}

export interface RunMessage {
  type: 'run';
  id: number;
  task: string;
  /** Transferred, not copied. */
  image: Uint8Array;
  params?: Record<string, unknown>;
}

/** The caller no longer wants job `id`: a worker that has not started it may skip it. */
export interface CancelMessage {
  type: 'cancel';
  id: number;
}

/**
 * A worker answers every run message exactly once ('result' or 'error'), one job at a time in the
 * order they came, so the pool may send a worker its next job before the current one ends.
 */
export type ToWorker = RunMessage | CancelMessage;

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; error: SerializedError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: SerializedError };

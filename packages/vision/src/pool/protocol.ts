/** Messages between the pool (main thread) and an engine worker thread. */
import type { SerializedError } from '../errors.ts';
import type { ImageLimits } from '../image/decode.ts';

export interface WorkerInit {
  limits?: Partial<ImageLimits>;
  /** libvips threads per sharp operation (process-wide setting); undefined leaves it alone. */
  sharpConcurrency?: number;
}

export interface RunMessage {
  type: 'run';
  id: number;
  task: string;
  /** Transferred, not copied. */
  image: Uint8Array;
  params?: Record<string, unknown>;
}

export type ToWorker = RunMessage;

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; error: SerializedError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: SerializedError };

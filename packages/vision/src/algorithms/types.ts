import type { DecodedImage, DecodeOptions } from '../image/decode.ts';

/**
 * One engine algorithm. `run` is a pure function of (decoded image, params, models): no I/O, no
 * globals, no knowledge of threads or queues, so any backend (in-process, worker threads, a
 * BullMQ worker on another machine) can host it unchanged.
 */
export interface Algorithm<Params, Result, Models> {
  /** Task name used by `InferenceBackend.run`. */
  readonly task: string;
  /** How the engine should decode input images for this algorithm (e.g. a working-size cap). */
  readonly decode: DecodeOptions;
  /** Validates and fills defaults; throws TaskParamsError on bad input. */
  parseParams(raw: Record<string, unknown> | undefined): Params;
  /** Loads the models this algorithm needs (cached per thread). */
  loadModels(): Promise<Models>;
  /** Runs the models once on synthetic input so the first real request is not slow. */
  warmup(models: Models): Promise<void>;
  run(image: DecodedImage, params: Params, models: Models): Promise<Result>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous registry entries
export type AnyAlgorithm = Algorithm<any, unknown, any>;

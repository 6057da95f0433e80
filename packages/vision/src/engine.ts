/**
 * The engine proper: decode + validate an image, then run one registered algorithm on it.
 * One engine per thread (models live in that thread's tfjs). Worker threads host one each; the
 * calling thread can host one too through `runTaskInProcess` (benchmarks, tests, CLI tools).
 */
import { loadAlgorithm, taskNames } from './algorithms/index.ts';
import type { AnyAlgorithm } from './algorithms/types.ts';
import { decodeImage, resolveLimits, type ImageLimits } from './image/decode.ts';
import { UnknownTaskError } from './errors.ts';

export interface TaskInput {
  /** Encoded image bytes (JPEG, PNG, WebP, GIF). */
  image: Buffer | Uint8Array;
  /** Algorithm parameters; each algorithm validates its own. */
  params?: Record<string, unknown>;
}

export interface Engine {
  readonly limits: ImageLimits;
  run(task: string, input: TaskInput): Promise<unknown>;
}

/**
 * Loads the models of every registered algorithm (or only of `tasks`, when given: a worker that
 * serves a few capabilities need not hold every model in memory) and warms them up; resolves when
 * ready to serve. A task not loaded answers UnknownTaskError.
 */
export async function createEngine(
  limits?: Partial<ImageLimits>,
  tasks?: readonly string[],
): Promise<Engine> {
  const resolved = resolveLimits(limits);
  // Imported here, not at module level: the pool's host thread imports this package without
  // ever running models, and should not pay for loading TensorFlow.js.
  const { initTf } = await import('./runtime/tfjs.ts');
  await initTf();
  // The converted models as files first, all in one child process on a machine's first start.
  await (await import('./runtime/onnx.ts')).prepareOnnxModels();
  const loaded = new Map<string, { algo: AnyAlgorithm; models: unknown }>();
  for (const task of taskNames) {
    if (tasks && !tasks.includes(task)) continue;
    const algo = await loadAlgorithm(task);
    if (!algo) continue;
    const models = await algo.loadModels();
    await algo.warmup(models);
    loaded.set(task, { algo, models });
  }
  return {
    limits: resolved,
    async run(task, input) {
      const entry = loaded.get(task);
      if (!entry) throw new UnknownTaskError(task);
      const { algo, models } = entry;
      // Parameters first: a bad request should not cost a decode.
      const params = algo.parseParams(input.params);
      const buf = Buffer.isBuffer(input.image)
        ? input.image
        : Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength);
      const image = await decodeImage(buf, resolved, algo.decode);
      return algo.run(image, params, models);
    },
  };
}

let inProcess: Promise<Engine> | undefined;

/** The calling thread's engine (default limits), created on first use. */
export function getInProcessEngine(): Promise<Engine> {
  if (!inProcess) {
    const created = createEngine();
    // A failed start (e.g. missing model files) must not be cached: the next call retries.
    created.catch(() => {
      if (inProcess === created) inProcess = undefined;
    });
    inProcess = created;
  }
  return inProcess;
}

/**
 * Runs a task on the calling thread with the same code path the workers use. Blocks this thread
 * for the duration of the inference: use it for benchmarks and tools, not on an HTTP event loop.
 */
export async function runTaskInProcess<T = unknown>(task: string, input: TaskInput): Promise<T> {
  const engine = await getInProcessEngine();
  return (await engine.run(task, input)) as T;
}

/**
 * Benchmark helpers used by the root bench script and the README numbers.
 */
import { runTaskInProcess, getInProcessEngine } from './engine.ts';
import type { InferenceBackend } from './pool/backend.ts';

export interface EngineBenchmark {
  /** Wall time of each run, in order. */
  latenciesMs: number[];
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function summarize(latenciesMs: number[]): EngineBenchmark {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const sum = latenciesMs.reduce((a, b) => a + b, 0);
  return {
    latenciesMs,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    mean: latenciesMs.length ? sum / latenciesMs.length : NaN,
  };
}

/**
 * Latency of the engine alone (decode + models, in this thread, no pool, no HTTP). Model loading
 * and one warm-up run are excluded from the numbers.
 */
export async function benchmarkEngine(opts: {
  image: Buffer;
  runs: number;
  task?: string;
  params?: Record<string, unknown>;
}): Promise<EngineBenchmark> {
  const task = opts.task ?? 'facepoints';
  await getInProcessEngine();
  await runTaskInProcess(task, { image: opts.image, params: opts.params });
  const latencies: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const t0 = performance.now();
    await runTaskInProcess(task, { image: opts.image, params: opts.params });
    latencies.push(performance.now() - t0);
  }
  return summarize(latencies);
}

/**
 * Throughput of a backend in jobs per second: `jobs` identical jobs, kept in flight two per
 * worker (enough to keep every worker busy without tripping the queue bound). Waits for
 * `ready()` first so start-up is not counted.
 */
export async function measureThroughput(
  backend: InferenceBackend,
  image: Buffer,
  jobs: number,
  opts: { task?: string; params?: Record<string, unknown> } = {},
): Promise<number> {
  await backend.ready();
  const task = opts.task ?? 'facepoints';
  const { workers, maxQueue } = backend.stats();
  const inFlight = Math.max(1, Math.min(workers * 2, workers + maxQueue));
  let started = 0;
  const t0 = performance.now();
  const lane = async (): Promise<void> => {
    while (started < jobs) {
      started++;
      await backend.run(task, { image, params: opts.params });
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, jobs) }, lane));
  return jobs / ((performance.now() - t0) / 1000);
}

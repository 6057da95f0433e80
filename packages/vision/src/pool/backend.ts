/**
 * The contract between the HTTP gateway and wherever inference runs. The local worker-thread
 * pool implements it today; a BullMQ/Redis backend for other machines can implement it later
 * with the same task names, the same plain-data inputs (image bytes + JSON params) and the same
 * serialised errors (see errors.ts), without touching any algorithm.
 */
export interface RunInput {
  /** Encoded image bytes. The backend copies what it needs; the caller keeps its buffer. */
  image: Buffer;
  /** Algorithm parameters (JSON-compatible). */
  params?: Record<string, unknown>;
}

export interface RunOptions {
  /** Overrides the backend's default time budget for this job (queue wait included). */
  timeoutMs?: number;
  /** Aborting rejects the job with TaskAbortedError (a running job's result is discarded). */
  signal?: AbortSignal;
  /**
   * Admission by deadline: the longest this job may wait for a worker. When the work ahead of it
   * (at the service times the backend measures per task) would make it wait longer than the
   * greater of this and its own service time, or finish after `timeoutMs`, `run` rejects at once
   * with OverloadedError instead of queueing it. Unset: only the queue bound applies.
   */
  maxWaitMs?: number;
}

export interface BackendStats {
  /** Live workers (starting or ready). */
  workers: number;
  /** Workers currently running a job. */
  busy: number;
  /** Jobs waiting for a worker. */
  queued: number;
  /** Waiting jobs allowed before `run` rejects with QueueFullError. */
  maxQueue: number;
  /** Jobs a worker answered (result or task error) since start. */
  completed: number;
  /** Workers that have loaded their models and take jobs (idle or busy); not those starting. */
  ready?: number;
  /** When (ms since the epoch) a worker last answered a job; undefined before the first. */
  lastCompletedAt?: number;
  /** Workers replaced after they died (crash, watchdog, failed start) since start. */
  restarts?: number;
  /** Estimated wait (ms) of a job submitted now before a worker starts it (see RunOptions.maxWaitMs). */
  estimatedWaitMs?: number;
  /** Measured service time (ms, moving average) per task name. */
  serviceMs?: Record<string, number>;
}

/**
 * The rule of admission by deadline (RunOptions.maxWaitMs): a job that would wait `waitMs` for a
 * worker and then take `serviceMs` is refused when the wait exceeds the greater of `maxWaitMs` and
 * its own service time, or when it could not finish within `timeoutMs`. Answers how long to wait
 * before retrying (at least a second), or undefined when the job is admitted.
 */
export function refusalRetryMs(
  waitMs: number,
  serviceMs: number,
  maxWaitMs: number,
  timeoutMs: number,
): number | undefined {
  const allowed = Math.max(maxWaitMs, serviceMs);
  if (waitMs <= allowed && waitMs + serviceMs <= timeoutMs) return undefined;
  return Math.max(1_000, Number.isFinite(waitMs) ? waitMs - allowed : 1_000);
}

export interface InferenceBackend {
  run<T = unknown>(task: string, input: RunInput, opts?: RunOptions): Promise<T>;
  /** Resolves once every worker has loaded and warmed up its models; rejects if they cannot. */
  ready(): Promise<void>;
  stats(): BackendStats;
  /** Rejects waiting and running jobs with BackendClosedError and stops the workers. */
  close(): Promise<void>;
}

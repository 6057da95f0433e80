/**
 * Error classes shared by the engine and the pool. Every class carries a stable `code` so that
 * errors can be serialised across a worker-thread (or, later, a Redis queue) boundary and
 * re-created on the caller's side as the same class.
 */

export type ImageInputErrorCode =
  'TOO_LARGE' | 'TOO_MANY_PIXELS' | 'UNSUPPORTED_TYPE' | 'DECODE_FAILED' | 'EMPTY';

/** The input image was rejected before or while decoding; the client sent something unusable. */
export class ImageInputError extends Error {
  override readonly name = 'ImageInputError';
  readonly code: ImageInputErrorCode;
  constructor(code: ImageInputErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The backend's wait queue is full; the caller should answer "busy, retry later". */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  readonly code = 'QUEUE_FULL';
  constructor(readonly maxQueue: number) {
    super(`inference queue is full (${maxQueue} jobs waiting)`);
  }
}

/**
 * Refused at admission: the work already waiting for the workers, at their measured service
 * times, would keep this job from starting within the wait it may have (see RunOptions.maxWaitMs).
 * `waitMs` is the estimated wait; `retryAfterMs` when the queue should have room again.
 */
export class OverloadedError extends Error {
  override readonly name = 'OverloadedError';
  readonly code = 'OVERLOADED';
  constructor(
    readonly waitMs: number,
    readonly retryAfterMs: number,
  ) {
    super(`the engine is busy: about ${Math.round(waitMs)} ms of work is waiting; retry later`);
  }
}

/** A job did not finish within its time budget (queue wait included). */
export class TaskTimeoutError extends Error {
  override readonly name = 'TaskTimeoutError';
  readonly code = 'TASK_TIMEOUT';
  constructor(readonly timeoutMs: number) {
    super(`inference task timed out after ${timeoutMs} ms`);
  }
}

/** The caller aborted the job through its AbortSignal. */
export class TaskAbortedError extends Error {
  override readonly name = 'TaskAbortedError';
  readonly code = 'TASK_ABORTED';
  constructor() {
    super('inference task was aborted by the caller');
  }
}

/** The worker running the job died (crash, out-of-memory); it has been replaced. */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
  readonly code = 'WORKER_CRASHED';
}

/**
 * No worker is ready to run jobs (every one died and its replacement is starting or waiting out
 * its restart back-off): the job is refused at once instead of waiting for a worker that may take
 * long to come. `retryAfterMs` is when one is expected (its restart delay plus nothing for loading).
 */
export class NoWorkerReadyError extends Error {
  override readonly name = 'NoWorkerReadyError';
  readonly code = 'NO_WORKER_READY';
  constructor(readonly retryAfterMs: number) {
    super('no inference worker is ready; retry later');
  }
}

/** The backend was closed before or while the job ran. */
export class BackendClosedError extends Error {
  override readonly name = 'BackendClosedError';
  readonly code = 'BACKEND_CLOSED';
  constructor() {
    super('inference backend is closed');
  }
}

/** No algorithm is registered under the requested task name. */
export class UnknownTaskError extends Error {
  override readonly name = 'UnknownTaskError';
  readonly code = 'UNKNOWN_TASK';
  constructor(readonly task: string) {
    super(`unknown inference task "${task}"`);
  }
}

/** Invalid `params` for a task (a caller bug or bad client input, not an engine failure). */
export class TaskParamsError extends Error {
  override readonly name = 'TaskParamsError';
  readonly code = 'INVALID_PARAMS';
}

/** Plain-data form of an error, safe to post between threads or store in a job queue. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
  /** Extra numeric fields some classes carry (timeoutMs, maxQueue). */
  detail?: Record<string, number | string>;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const out: SerializedError = { name: err.name, message: err.message };
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') out.code = code;
    if (err.stack) out.stack = err.stack;
    if (err instanceof UnknownTaskError) out.detail = { task: err.task };
    return out;
  }
  return { name: 'Error', message: String(err) };
}

/** Re-creates the original error class from its serialised form (unknown names become Error). */
export function deserializeError(s: SerializedError): Error {
  let err: Error;
  switch (s.name) {
    case 'ImageInputError':
      err = new ImageInputError((s.code ?? 'DECODE_FAILED') as ImageInputErrorCode, s.message);
      break;
    case 'UnknownTaskError':
      err = new UnknownTaskError(String(s.detail?.task ?? ''));
      break;
    case 'TaskParamsError':
      err = new TaskParamsError(s.message);
      break;
    default:
      err = new Error(s.message);
      if (s.name && s.name !== 'Error') {
        Object.defineProperty(err, 'name', { value: s.name, enumerable: false, configurable: true });
      }
      if (s.code) Object.assign(err, { code: s.code });
  }
  // Keep the worker-side stack: it is the one that says where the failure happened.
  if (s.stack) err.stack = s.stack;
  return err;
}

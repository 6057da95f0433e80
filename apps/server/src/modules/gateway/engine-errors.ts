import {
  BackendClosedError,
  ImageInputError,
  NoWorkerReadyError,
  OverloadedError,
  QueueFullError,
  TaskAbortedError,
  TaskParamsError,
  TaskTimeoutError,
  WorkerCrashedError,
} from '@pixora/vision';
import { ApiError, type ErrorCode } from '../../platform/error-catalogue.ts';

const imageCodes: Record<ImageInputError['code'], ErrorCode> = {
  TOO_LARGE: 20015,
  TOO_MANY_PIXELS: 20013,
  UNSUPPORTED_TYPE: 20009,
  DECODE_FAILED: 10007,
  EMPTY: 10012,
};

/** Seconds a client is asked to wait before retrying a call that met a dead or restarting worker. */
const WORKER_RETRY_MS = 1_000;

/**
 * Translates what the engine throws into the catalogue. Failures of the server, not of the
 * request, answer 5xx codes a client retries, with Retry-After: a worker that died under the
 * job 502 / 19999 ("upper layer crashed"); a full queue, more work waiting than the call's
 * deadline allows, no worker ready (restarting) or the engine shutting down 503 / 10015. A job withdrawn because its client went away is a request timeout (599 /
 * 10002): nobody reads it, but usage records it so. Anything else unexpected is an algorithm
 * failure (415 / 10009).
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ImageInputError) return new ApiError(imageCodes[err.code] ?? 10010, err.message);
  if (err instanceof TaskParamsError) return new ApiError(10000, err.message);
  if (err instanceof QueueFullError)
    return new ApiError(10015, 'the inference queue is full', { retryAfterMs: WORKER_RETRY_MS });
  if (err instanceof OverloadedError)
    return new ApiError(10015, `about ${Math.round(err.waitMs)} ms of work is waiting for the workers`, {
      retryAfterMs: err.retryAfterMs,
    });
  if (err instanceof TaskTimeoutError) return new ApiError(10002);
  if (err instanceof TaskAbortedError)
    return new ApiError(10002, 'the client closed its connection before the answer');
  if (err instanceof WorkerCrashedError)
    return new ApiError(19999, 'the inference worker stopped; retry', { retryAfterMs: WORKER_RETRY_MS });
  if (err instanceof NoWorkerReadyError)
    return new ApiError(10015, 'no inference worker is ready', {
      retryAfterMs: Math.max(WORKER_RETRY_MS, err.retryAfterMs),
    });
  if (err instanceof BackendClosedError)
    return new ApiError(10015, 'the server is shutting down', { retryAfterMs: WORKER_RETRY_MS });
  return new ApiError(10009);
}

/**
 * When to call again. The platform says "later" with 429 (a rate limit or the caller's fair share
 * of the engine) and 503 (the engine's queue is full, or the server is starting or stopping); both
 * come with Retry-After. The client honours Retry-After, and otherwise waits by exponential
 * backoff with "full jitter" (a uniform wait between 0 and base x 2^attempt, capped: Brooker,
 * "Exponential Backoff And Jitter", AWS Architecture Blog, 2015), so that many clients refused
 * together do not return together. Other statuses are final: retrying a bad image or a refused key
 * cannot help, and a call that may have run (a lost connection) is not repeated.
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Milliseconds of a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryPolicy {
  /** Calls after the first; 0 turns retrying off. */
  maxRetries: number;
  /** The first backoff's cap, in milliseconds. */
  baseMs: number;
  /** No backoff is longer than this. */
  maxMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 3,
  baseMs: 500,
  maxMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/**
 * How long to wait before retry number `attempt` (0 for the first retry): Retry-After when the
 * platform sent one (plus up to 10 % so that a crowd spreads), else full jitter.
 */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: number | undefined,
  random = Math.random,
): number {
  if (retryAfter !== undefined) return Math.round(retryAfter * (1 + 0.1 * random()));
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return Math.round(cap * random());
}

/** Waits `ms`, or throws the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

import { tooFrequent } from './error-catalogue.ts';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Counts hits per key in fixed windows. A Redis-backed store can replace the in-memory one for several servers. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** The hits counted on `key` in its current window, without counting one (0 when none). */
  count(key: string): Promise<{ count: number; resetMs: number }>;
  /** Forgets every count (an operator unlocking everyone at once; tests starting clean). */
  clear(): void | Promise<void>;
  close(): void;
}

/**
 * Counts a hit on `key` and throws 429 / 10029 beyond `limit` hits in the window, with the seconds
 * until the window resets as the answer's Retry-After.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const decision = await limiter.hit(key, limit, windowMs);
  if (!decision.allowed) throw tooFrequent(decision.resetMs);
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Expired windows are dropped now and then so that the map does not grow with every visitor seen.
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), resetMs: w.resetAt - t };
    },
    async count(key) {
      const t = now();
      const w = windows.get(key);
      return w && w.resetAt > t ? { count: w.count, resetMs: w.resetAt - t } : { count: 0, resetMs: 0 };
    },
    clear() {
      windows.clear();
    },
    close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

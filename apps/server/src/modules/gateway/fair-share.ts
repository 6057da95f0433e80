import type { FastifyRequest } from 'fastify';

/**
 * Fair share of the engine between callers: one caller (an app by its key, a website visitor by
 * address) may have at most `max` calls in the engine at once (queued or running), so that one
 * busy caller cannot fill the queue and make every other caller wait or be refused. A call beyond
 * its caller's share is refused at once with 429 / 10029 and Retry-After (runCapability). `max`
 * 0 turns the cap off. The counts live in this server's memory: with several API servers each
 * keeps its own share.
 */
export class FairShare {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes one of `key`'s places; false when the caller already has its share in the engine. */
  enter(key: string): boolean {
    if (this.max === 0) return true;
    const n = this.inFlight.get(key) ?? 0;
    if (n >= this.max) return false;
    this.inFlight.set(key, n + 1);
    return true;
  }

  /** Gives a place back once the call left the engine. */
  leave(key: string): void {
    if (this.max === 0) return;
    const n = (this.inFlight.get(key) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(key);
    else this.inFlight.set(key, n);
  }
}

/** Who a call's share belongs to: its app, else (a website demo call) its client address. */
export function shareKey(request: FastifyRequest): string {
  const caller = request.caller;
  return caller?.kind === 'app' ? `app:${caller.appId}` : `ip:${request.ip}`;
}

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Fair share of the engine between callers: one caller (an app by its key, a website visitor by
 * address) may have at most `max` calls in the engine at once (queued or running), so that one
 * busy caller cannot fill the queue and make every other caller wait or be refused. A call beyond
 * its caller's share is refused at once with 429 / 10029 and Retry-After (runCapability). `max`
 * 0 turns the cap off.
 *
 * One server counts in its memory (FairShare); several API servers feeding one queue
 * (INFERENCE_BACKEND=redis) count in Redis (RedisFairShare), so that the share holds over all of them.
 */
export interface CallerShare {
  /** Takes one of `key`'s places; false when the caller already has its share in the engine. */
  enter(key: string): boolean | Promise<boolean>;
  /** Gives a place back once the call left the engine. */
  leave(key: string): void;
}

/** The share counted in this server's memory. */
export class FairShare implements CallerShare {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly max: number) {}

  enter(key: string): boolean {
    if (this.max === 0) return true;
    const n = this.inFlight.get(key) ?? 0;
    if (n >= this.max) return false;
    this.inFlight.set(key, n + 1);
    return true;
  }

  leave(key: string): void {
    if (this.max === 0) return;
    const n = (this.inFlight.get(key) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(key);
    else this.inFlight.set(key, n);
  }
}

/**
 * Takes a place atomically: a caller's places are the members of one sorted set, each scored with
 * the time (Redis's own clock, the same for every server) it expires. Expired places are dropped
 * first; at `max` places the answer is 0, else the new place is added and the answer is 1.
 */
const ENTER_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * The share of several API servers, in Redis. Each place a call takes is a member of its caller's
 * sorted set with a lifetime (`placeTtlMs`: longer than any call can hold it, media download and
 * inference timeout included): a server killed while its calls held places cannot keep them
 * beyond that lifetime, whereas a plain counter would keep them forever. Places are given back by
 * the server that took them (ZREM of its own member). Redis not answering: the call is counted by
 * this server's memory share instead (each server then keeps its own share, as with one server).
 */
export class RedisFairShare implements CallerShare {
  private readonly local: FairShare;
  /** This server's places per caller key (their members in Redis), oldest first. */
  private readonly mine = new Map<string, string[]>();
  /** Callers admitted by the memory share while Redis did not answer. */
  private readonly localOnly = new Map<string, number>();
  private next = 0;
  private readonly server = randomBytes(6).toString('hex');

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly placeTtlMs: number,
  ) {
    this.local = new FairShare(max);
  }

  private redisKey(key: string): string {
    return `${this.prefix}share:${key}`;
  }

  async enter(key: string): Promise<boolean> {
    if (this.max === 0) return true;
    const member = `${this.server}:${this.next++}`;
    let taken: number;
    try {
      taken = (await this.redis.eval(
        ENTER_SCRIPT,
        1,
        this.redisKey(key),
        this.max,
        this.placeTtlMs,
        member,
      )) as number;
    } catch {
      if (!this.local.enter(key)) return false;
      this.localOnly.set(key, (this.localOnly.get(key) ?? 0) + 1);
      return true;
    }
    if (taken !== 1) return false;
    const list = this.mine.get(key) ?? [];
    list.push(member);
    this.mine.set(key, list);
    return true;
  }

  leave(key: string): void {
    if (this.max === 0) return;
    const fallback = this.localOnly.get(key) ?? 0;
    if (fallback > 0) {
      if (fallback === 1) this.localOnly.delete(key);
      else this.localOnly.set(key, fallback - 1);
      this.local.leave(key);
      return;
    }
    // The oldest place is given back: the calls still running then hold the newest places, which
    // expire no sooner than their own would have (places are not tied to calls).
    const list = this.mine.get(key);
    const member = list?.shift();
    if (!list || member === undefined) return;
    if (list.length === 0) this.mine.delete(key);
    // Not answered: the place expires with its lifetime.
    this.redis.zrem(this.redisKey(key), member).catch(() => {});
  }
}

/** Who a call's share belongs to: its app, else (a website demo call) its client address. */
export function shareKey(request: FastifyRequest): string {
  const caller = request.caller;
  return caller?.kind === 'app' ? `app:${caller.appId}` : `ip:${request.ip}`;
}

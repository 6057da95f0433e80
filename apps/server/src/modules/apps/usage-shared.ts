import type { Redis } from 'ioredis';

/**
 * Today's admitted calls of each app with a quota, kept where every server sees them, so that a
 * daily quota holds exactly across servers. The database stays the durable record (the meter
 * writes every call there as before): a counter missing from the store (first call of the day,
 * Redis restarted) starts from the database's count.
 */
export interface SharedQuota {
  /**
   * Counts one admitted call of `appId` on `day` if fewer than `quota` were admitted; false when
   * the quota is used. `stored` reads the database's count when the counter must be started.
   */
  admit(appId: number, day: string, quota: number, stored: () => Promise<number>): Promise<boolean>;
  /** Gives back one admitted call (a call that never became one). */
  release(appId: number, day: string): Promise<void>;
  /** The admitted calls of `appId` on `day`. */
  admitted(appId: number, day: string, stored: () => Promise<number>): Promise<number>;
}

/**
 * Check and increment in one Lua script, so no two servers can both take the last call: ARGV[1]
 * the quota, ARGV[2] the count to start from ('' when not read yet: then -2 asks for it), ARGV[3]
 * the counter's lifetime. -1: the quota is used; otherwise the new count.
 */
const ADMIT_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if not v then
  if ARGV[2] == '' then return -2 end
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3], 'NX')
  v = redis.call('GET', KEYS[1])
end
if tonumber(v) >= tonumber(ARGV[1]) then return -1 end
return redis.call('INCR', KEYS[1])
`;

/** A counter outlives its usage day by a day, so that late calls of the day still find it. */
const COUNTER_TTL_MS = 2 * 86_400_000;

export class RedisQuota implements SharedQuota {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(appId: number, day: string): string {
    return `${this.prefix}quota:${appId}:${day}`;
  }

  async admit(appId: number, day: string, quota: number, stored: () => Promise<number>): Promise<boolean> {
    const key = this.key(appId, day);
    let result = Number(await this.redis.eval(ADMIT_SCRIPT, 1, key, quota, '', COUNTER_TTL_MS));
    // The counter starts from the database's count; SET NX keeps the first server's start.
    if (result === -2)
      result = Number(await this.redis.eval(ADMIT_SCRIPT, 1, key, quota, await stored(), COUNTER_TTL_MS));
    return result > 0;
  }

  async release(appId: number, day: string): Promise<void> {
    const key = this.key(appId, day);
    // Never below zero, and never a counter made by the release itself.
    await this.redis.eval(
      "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end return 0",
      1,
      key,
    );
  }

  async admitted(appId: number, day: string, stored: () => Promise<number>): Promise<number> {
    const value = await this.redis.get(this.key(appId, day));
    return value === null ? stored() : Number(value);
  }
}

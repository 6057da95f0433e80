import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How often (in nonces recorded) the rows past their window are deleted. */
const PURGE_EVERY = 500;

/** Records the nonces of signed requests: each may be used once within its timestamp's window. */
export interface NonceRecorder {
  /** True when the nonce was new for the app (and is now recorded), false when it was used before. */
  record(appId: number, nonce: string, expiresAt: Date): Promise<boolean>;
}

/**
 * The nonces of signed requests, per app, in the database: a nonce is recorded with the end of its
 * timestamp's window, and recording one that is already there fails, so a request replayed within
 * the window is refused by whichever server process sees it second (the row is the lock, shared by
 * every process on the database). After the window the timestamp itself is refused, so expired
 * rows are deleted from time to time.
 */
export class NonceStore implements NonceRecorder {
  private recorded = 0;
  constructor(private readonly db: Kysely<Database>) {}

  /** True when the nonce was new for the app (and is now recorded), false when it was used before. */
  async record(appId: number, nonce: string, expiresAt: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('request_nonces')
      .values({ app_id: appId, nonce, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.columns(['app_id', 'nonce']).doNothing())
      .executeTakeFirst();
    if (++this.recorded % PURGE_EVERY === 0) await this.purge(new Date());
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Deletes the nonces whose window ended before `now`. */
  async purge(now: Date): Promise<void> {
    await this.db.deleteFrom('request_nonces').where('expires_at', '<', now.toISOString()).execute();
  }
}

/**
 * The nonces in Redis, for several servers with REDIS_URL: `SET key NX PX` records a nonce only
 * if it is not there, atomically, and Redis deletes it when its window ends (at least one second
 * of lifetime, so that a timestamp at the window's edge is still held).
 */
export class RedisNonceStore implements NonceRecorder {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  async record(appId: number, nonce: string, expiresAt: Date): Promise<boolean> {
    const ttlMs = Math.max(1000, expiresAt.getTime() - this.now());
    const set = await this.redis.set(`${this.prefix}nonce:${appId}:${nonce}`, '1', 'PX', ttlMs, 'NX');
    return set === 'OK';
  }
}

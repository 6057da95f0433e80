import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How often (in nonces recorded) the rows past their window are deleted. */
const PURGE_EVERY = 500;

/**
 * The nonces of signed requests, per app, in the database: a nonce is recorded with the end of its
 * timestamp's window, and recording one that is already there fails, so a request replayed within
 * the window is refused by whichever server process sees it second (the row is the lock, shared by
 * every process on the database). After the window the timestamp itself is refused, so expired
 * rows are deleted from time to time.
 */
export class NonceStore {
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

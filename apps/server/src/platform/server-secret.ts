import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A server secret kept in the settings table under `key`: 32 random bytes made at first use and
 * kept from then on, so that it survives restarts and is shared by every server process on the
 * database. Insert-if-absent, then read: processes starting together agree on the first key written.
 * The returned function reads it once and remembers it (a failed read is tried again next time).
 */
export function settingSecret(db: Kysely<Database>, key: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= (async () => {
      await db
        .insertInto('settings')
        .values({ key, value: crypto.randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'hex');
    })();
    secret.catch(() => (secret = undefined));
    return secret;
  };
}

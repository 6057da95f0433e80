import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppStatus } from './apps.repository.ts';
import { EVERY_CAPABILITY } from './scopes.ts';
import { SecretSealer, storedSecret } from './secrets.ts';

/**
 * The demo app of the configuration: created once, its secret updated when the configuration
 * changes (stored hashed and sealed, so the demo credentials can sign calls too).
 */
export async function seedDemoApp(
  db: Kysely<Database>,
  apiKey: string,
  apiSecret: string,
  sealKey?: string,
): Promise<void> {
  const secret = await storedSecret(new SecretSealer(db, sealKey), apiSecret);
  await db
    .insertInto('apps')
    .values({
      name: 'Demo app',
      api_key: apiKey,
      ...secret,
      scopes: EVERY_CAPABILITY,
      status: AppStatus.enabled,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('api_key').doUpdateSet({ ...secret, status: AppStatus.enabled }))
    .execute();
}

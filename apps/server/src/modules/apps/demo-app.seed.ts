import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppStatus } from './apps.repository.ts';
import { EVERY_CAPABILITY } from './scopes.ts';
import { hashSecret } from './secrets.ts';

/** The demo app of the configuration: created once, its secret updated when the configuration changes. */
export async function seedDemoApp(db: Kysely<Database>, apiKey: string, apiSecret: string): Promise<void> {
  await db
    .insertInto('apps')
    .values({
      name: 'Demo app',
      api_key: apiKey,
      api_secret_hash: hashSecret(apiSecret),
      scopes: EVERY_CAPABILITY,
      status: AppStatus.enabled,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc.column('api_key').doUpdateSet({ api_secret_hash: hashSecret(apiSecret), status: AppStatus.enabled }),
    )
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LoadedContent } from './content.loader.ts';

/** Replaces the docs and content tables with what the content folder holds, in one transaction. */
export async function seedContent(db: Kysely<Database>, content: LoadedContent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('docs').execute();
    await trx.deleteFrom('content').execute();
    for (const doc of content.docs) await trx.insertInto('docs').values(doc).execute();
    for (const [key, value] of content.entries)
      await trx.insertInto('content').values({ key, value }).execute();
  });
}

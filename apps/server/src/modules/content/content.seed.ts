import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LoadedContent } from './content.loader.ts';

/**
 * Refreshes the docs and content tables from the content folder, in one transaction, except what
 * editors have published in the back office: a doc page (per language) with published versions and a
 * content entry with saved versions stay as the editors left them. The folder stays the seed of a new
 * platform and of everything nobody has edited.
 */
export async function seedContent(db: Kysely<Database>, content: LoadedContent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const editedDocs = new Set(
      (await trx.selectFrom('doc_versions').select(['doc_id', 'lang']).distinct().execute()).map(
        (r) => `${r.doc_id}/${r.lang}`,
      ),
    );
    const editedEntries = new Set(
      (await trx.selectFrom('content_versions').select('key').distinct().execute()).map((r) => r.key),
    );
    for (const doc of await trx.selectFrom('docs').select(['id', 'lang']).execute())
      if (!editedDocs.has(`${doc.id}/${doc.lang}`))
        await trx.deleteFrom('docs').where('id', '=', doc.id).where('lang', '=', doc.lang).execute();
    for (const { key } of await trx.selectFrom('content').select('key').execute())
      if (!editedEntries.has(key)) await trx.deleteFrom('content').where('key', '=', key).execute();
    for (const doc of content.docs)
      if (!editedDocs.has(`${doc.id}/${doc.lang}`)) await trx.insertInto('docs').values(doc).execute();
    for (const [key, value] of content.entries)
      if (!editedEntries.has(key)) await trx.insertInto('content').values({ key, value }).execute();
  });
}

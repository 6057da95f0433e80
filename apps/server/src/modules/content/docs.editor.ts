import {
  docLinkIds,
  type DocDraftInput,
  type DocForEditor,
  type DocListRow,
  type DocText,
} from '@pixora/catalog';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { CONTENT_LANGUAGES } from './content.loader.ts';
import type { DocsService } from './docs.service.ts';

type Lang = (typeof CONTENT_LANGUAGES)[number];
type Db = Kysely<Database> | Transaction<Database>;

const textOf = (row: DocText): DocText => ({
  pid: row.pid,
  sort: row.sort,
  title: row.title,
  body: row.body,
});

/**
 * The docs centre's editor: a page's draft per language beside its published text (the public site
 * reads only the `docs` table, the published texts), publishing, the history of published versions
 * and restoring one. Links to doc ids that do not exist are flagged on every save and block
 * publishing. Every write is audited (`doc.draft`, `doc.publish`, `doc.restore`) on target `doc`
 * `<id>/<lang>`.
 */
export class DocsEditor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly docs: DocsService,
  ) {}

  /** The ids among `texts`' links that name no page (published or generated). */
  async brokenLinks(...texts: string[]): Promise<number[]> {
    const known = await this.docs.knownIds();
    return [...new Set(texts.flatMap(docLinkIds))].filter((id) => !known.has(id)).sort((a, b) => a - b);
  }

  async list(): Promise<DocListRow[]> {
    const [published, drafts] = await Promise.all([
      this.db.selectFrom('docs').select(['id', 'lang', 'pid', 'title']).execute(),
      this.db.selectFrom('doc_drafts').select(['doc_id', 'lang', 'pid', 'title']).execute(),
    ]);
    const rows = new Map<number, DocListRow>();
    const row = (id: number, pid: number) => {
      const found = rows.get(id) ?? { id, pid, titles: {}, drafts: [] };
      rows.set(id, found);
      return found;
    };
    for (const d of published) row(d.id, d.pid).titles[d.lang as Lang] = d.title;
    for (const d of drafts) {
      const r = row(d.doc_id, d.pid);
      r.titles[d.lang as Lang] ??= d.title;
      r.drafts.push(d.lang);
    }
    return [...rows.values()].sort((a, b) => a.id - b.id);
  }

  private published(db: Db, id: number, lang: string) {
    return db.selectFrom('docs').selectAll().where('id', '=', id).where('lang', '=', lang).executeTakeFirst();
  }

  private draft(db: Db, id: number, lang: string) {
    return db
      .selectFrom('doc_drafts')
      .selectAll()
      .where('doc_id', '=', id)
      .where('lang', '=', lang)
      .executeTakeFirst();
  }

  async get(id: number): Promise<DocForEditor | undefined> {
    const languages = {} as DocForEditor['languages'];
    const texts: string[] = [];
    for (const lang of CONTENT_LANGUAGES) {
      const published = await this.published(this.db, id, lang);
      const draft = await this.draft(this.db, id, lang);
      languages[lang] = {
        published: published ? textOf(published) : null,
        draft: draft ? textOf(draft) : null,
      };
      texts.push(published?.body ?? '', draft?.body ?? '');
    }
    if (CONTENT_LANGUAGES.every((l) => !languages[l].published && !languages[l].draft)) return undefined;
    const history = await this.db
      .selectFrom('doc_versions')
      .select(['id', 'lang', 'pid', 'sort', 'title', 'body', 'actor_email', 'created_at'])
      .where('doc_id', '=', id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return { id, languages, history, broken_links: await this.brokenLinks(...texts) };
  }

  /** Saves the draft of one language (a new page when the id has none yet); answers the broken links. */
  async saveDraft(actor: Actor, id: number, input: DocDraftInput) {
    const text: DocText = {
      pid: input.pid ?? 0,
      sort: input.sort ?? 0,
      title: input.title,
      body: input.body,
    };
    if (text.pid === id) throw new ApiError(10000, 'a page cannot be its own parent');
    await this.db.transaction().execute(async (trx) => {
      const old = await this.draft(trx, id, input.lang);
      const values = {
        ...text,
        doc_id: id,
        lang: input.lang,
        actor_email: actor.email,
        updated_at: new Date().toISOString(),
      };
      await trx
        .insertInto('doc_drafts')
        .values(values)
        .onConflict((oc) => oc.columns(['doc_id', 'lang']).doUpdateSet(values))
        .execute();
      await recordAudit(trx, actor, {
        action: 'doc.draft',
        targetType: 'doc',
        targetId: `${id}/${input.lang}`,
        before: old ? textOf(old) : null,
        after: text,
      });
    });
    return { broken_links: await this.brokenLinks(text.body) };
  }

  /**
   * Makes `text` the published version of a page in one language, keeping the history: the first
   * time an editor publishes a page, its seeded text becomes the first version, so it can be restored.
   */
  private async publishText(
    trx: Transaction<Database>,
    actor: Actor,
    id: number,
    lang: string,
    text: DocText,
  ) {
    const old = await this.published(trx, id, lang);
    const now = new Date().toISOString();
    const versions = await trx
      .selectFrom('doc_versions')
      .select('id')
      .where('doc_id', '=', id)
      .where('lang', '=', lang)
      .limit(1)
      .execute();
    if (old && versions.length === 0)
      await trx
        .insertInto('doc_versions')
        .values({ ...textOf(old), doc_id: id, lang, actor_email: 'seed', created_at: now })
        .execute();
    const row = { ...text, id, lang };
    await trx
      .insertInto('docs')
      .values(row)
      .onConflict((oc) => oc.columns(['id', 'lang']).doUpdateSet(text))
      .execute();
    await trx
      .insertInto('doc_versions')
      .values({ ...text, doc_id: id, lang, actor_email: actor.email, created_at: now })
      .execute();
    return old ? textOf(old) : null;
  }

  /** Publishes the draft of one language; refused while it links to a doc id that does not exist. */
  async publish(actor: Actor, id: number, lang: string) {
    const draft = await this.draft(this.db, id, lang);
    if (!draft) throw new ApiError(21017, `draft of doc ${id} (${lang})`);
    const broken = await this.brokenLinks(draft.body);
    if (broken.length > 0)
      throw new ApiError(10000, `links to docs that do not exist: ${broken.join(', ')}`, {
        messageKey: 'docBrokenLinks',
      });
    const text = textOf(draft);
    await this.db.transaction().execute(async (trx) => {
      const before = await this.publishText(trx, actor, id, lang, text);
      await trx.deleteFrom('doc_drafts').where('doc_id', '=', id).where('lang', '=', lang).execute();
      await recordAudit(trx, actor, {
        action: 'doc.publish',
        targetType: 'doc',
        targetId: `${id}/${lang}`,
        before,
        after: text,
      });
    });
    return text;
  }

  /** Publishes an earlier version again (it becomes the newest version). */
  async restore(actor: Actor, id: number, versionId: number) {
    const version = await this.db
      .selectFrom('doc_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('doc_id', '=', id)
      .executeTakeFirst();
    if (!version) throw new ApiError(21017, `version ${versionId} of doc ${id}`);
    const text = textOf(version);
    await this.db.transaction().execute(async (trx) => {
      const before = await this.publishText(trx, actor, id, version.lang, text);
      await recordAudit(trx, actor, {
        action: 'doc.restore',
        targetType: 'doc',
        targetId: `${id}/${version.lang}`,
        before,
        after: { ...text, version_id: versionId },
      });
    });
    return { lang: version.lang, ...text };
  }
}

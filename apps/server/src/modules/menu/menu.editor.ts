import type { I18nText, MenuChange, MenuOrder } from '@pixora/catalog';
import type { Kysely, Transaction } from 'kysely';
import type { Database, MenusTable } from '../../db/schema.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { findAudit, recordAudit, type Actor } from '../audit/audit.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What an editor may change of a menu entry, as the audit trail keeps it (texts parsed, so the
 * entries read plainly): the names and comments in three languages, Display, Status and the order.
 */
export interface MenuSnapshot {
  name_i18n: I18nText;
  comment_i18n: I18nText;
  display: number;
  status: number;
  sort: number;
}

/** The stored columns an editor's change writes (a snapshot's fields, texts as JSON). */
type StoredFields = Partial<
  Pick<MenusTable, 'name' | 'name_i18n' | 'comment' | 'comment_i18n' | 'display' | 'status' | 'sort'>
>;

const parseText = (json: string, fallback: string): I18nText => {
  try {
    const value = JSON.parse(json) as Partial<I18nText>;
    return { zh: value.zh ?? fallback, zh_tw: value.zh_tw ?? '', en: value.en ?? '' };
  } catch {
    return { zh: fallback, zh_tw: '', en: '' };
  }
};

const snapshotOf = (row: MenusTable): MenuSnapshot => ({
  name_i18n: parseText(row.name_i18n, row.name),
  comment_i18n: parseText(row.comment_i18n, row.comment),
  display: row.display,
  status: row.status,
  sort: row.sort,
});

/** The columns for (part of) a snapshot; the plain Name and Comment are the Chinese texts. */
function storedFields(change: Partial<MenuSnapshot>): StoredFields {
  const out: StoredFields = {};
  if (change.name_i18n) {
    out.name = change.name_i18n.zh;
    out.name_i18n = JSON.stringify(change.name_i18n);
  }
  if (change.comment_i18n) {
    out.comment = change.comment_i18n.zh;
    out.comment_i18n = JSON.stringify(change.comment_i18n);
  }
  if (change.display !== undefined) out.display = change.display;
  if (change.status !== undefined) out.status = change.status;
  if (change.sort !== undefined) out.sort = change.sort;
  return out;
}

async function rowOf(db: Db, id: number): Promise<MenusTable> {
  const row = await db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(21017, `menu ${id}`);
  return row;
}

/**
 * Writes part of a snapshot to a menu entry and remembers it as the editors' (menu_overrides,
 * merged with what they changed before), so that the next start-up seed applies it again.
 */
async function writeMenu(trx: Transaction<Database>, id: number, change: Partial<MenuSnapshot>) {
  const fields = storedFields(change);
  await trx.updateTable('menus').set(fields).where('id', '=', id).execute();
  const old = await trx.selectFrom('menu_overrides').select('fields').where('id', '=', id).executeTakeFirst();
  const merged = JSON.stringify({ ...(old ? (JSON.parse(old.fields) as StoredFields) : {}), ...fields });
  const updated_at = new Date().toISOString();
  await trx
    .insertInto('menu_overrides')
    .values({ id, fields: merged, updated_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ fields: merged, updated_at }))
    .execute();
}

/** Applies the editors' changes over the catalogue's rows (the seed calls it after refreshing them). */
export async function applyMenuOverrides(trx: Transaction<Database>): Promise<void> {
  const overrides = await trx.selectFrom('menu_overrides').selectAll().execute();
  for (const o of overrides) {
    const fields = JSON.parse(o.fields) as StoredFields;
    if (Object.keys(fields).length > 0)
      await trx.updateTable('menus').set(fields).where('id', '=', o.id).execute();
  }
}

/** Changes one entry's texts, visibility or status icons; audited as `menu.update`. */
export async function changeMenu(db: Kysely<Database>, actor: Actor, id: number, change: MenuChange) {
  return db.transaction().execute(async (trx) => {
    const before = snapshotOf(await rowOf(trx, id));
    await writeMenu(trx, id, change);
    const after = snapshotOf(await rowOf(trx, id));
    await recordAudit(trx, actor, { action: 'menu.update', targetType: 'menu', targetId: id, before, after });
    return after;
  });
}

/** The sort of every child of a parent, by id. */
type Order = Record<string, number>;

async function orderOf(db: Db, parentId: number): Promise<Order> {
  const rows = await db
    .selectFrom('menus')
    .select(['id', 'sort'])
    .where('parent_id', '=', parentId)
    .execute();
  return Object.fromEntries(rows.map((r) => [String(r.id), r.sort]));
}

async function writeOrder(trx: Transaction<Database>, order: Order) {
  for (const [id, sort] of Object.entries(order)) await writeMenu(trx, Number(id), { sort });
}

/**
 * Reorders the children of one parent: `ids` must name each of them once, in the order shown.
 * Audited as `menu.reorder` on the parent (`menu-order`), with every child's sort before and after.
 */
export async function reorderMenu(db: Kysely<Database>, actor: Actor, input: MenuOrder) {
  return db.transaction().execute(async (trx) => {
    const before = await orderOf(trx, input.parent_id);
    const known = Object.keys(before).sort();
    const given = input.ids.map(String);
    if (given.length !== known.length || [...given].sort().join() !== known.join())
      throw new ApiError(10000, `ids must list each child of ${input.parent_id} once`);
    const after: Order = Object.fromEntries(given.map((id, index) => [id, index]));
    await writeOrder(trx, after);
    await recordAudit(trx, actor, {
      action: 'menu.reorder',
      targetType: 'menu-order',
      targetId: input.parent_id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Undoes one audited menu write: puts back its `before` (an entry's texts, visibility, status and
 * place, or a parent's order). The undo is itself audited (`menu.undo`), so it can be undone too.
 */
export async function undoMenuAudit(db: Kysely<Database>, actor: Actor, auditId: number) {
  const entry = await findAudit(db, auditId);
  if (!entry) throw new ApiError(21017, `audit ${auditId}`);
  if ((entry.target_type !== 'menu' && entry.target_type !== 'menu-order') || !entry.before)
    throw new ApiError(10000, `audit ${auditId} is not a menu change that can be undone`);
  const targetId = Number(entry.target_id);
  return db.transaction().execute(async (trx) => {
    if (entry.target_type === 'menu') {
      const before = snapshotOf(await rowOf(trx, targetId));
      await writeMenu(trx, targetId, entry.before as MenuSnapshot);
      const after = snapshotOf(await rowOf(trx, targetId));
      await recordAudit(trx, actor, { action: 'menu.undo', targetType: 'menu', targetId, before, after });
      return after;
    }
    const before = await orderOf(trx, targetId);
    const restored = entry.before as Order;
    for (const id of Object.keys(restored))
      if (!(id in before)) throw new ApiError(10000, `menu ${id} moved`);
    await writeOrder(trx, restored);
    const after = await orderOf(trx, targetId);
    await recordAudit(trx, actor, { action: 'menu.undo', targetType: 'menu-order', targetId, before, after });
    return after;
  });
}

import type { MenuEntry } from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database, MenusTable } from '../../db/schema.ts';

const toEntry = (row: MenusTable): MenuEntry => ({
  Id: row.id,
  ParentId: row.parent_id,
  Name: row.name,
  NameI18N: row.name_i18n,
  Comment: row.comment,
  CommentI18N: row.comment_i18n,
  Extension: row.extension,
  Url: row.url,
  Endpoint: row.endpoint,
  MenuType: row.menu_type,
  Display: row.display,
  Status: row.status,
  Children: [],
});

/** The menu as a tree: top-level rows (ParentId 0) with their children, each level in `sort` order. */
export async function menuTree(db: Kysely<Database>): Promise<MenuEntry[]> {
  const rows = await db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [r.id, toEntry(r)]));
  const roots: MenuEntry[] = [];
  for (const row of rows) {
    const entry = byId.get(row.id)!;
    const parent = row.parent_id === 0 ? undefined : byId.get(row.parent_id);
    if (parent) parent.Children.push(entry);
    else roots.push(entry);
  }
  return roots;
}

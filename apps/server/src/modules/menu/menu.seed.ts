import {
  capabilities,
  capabilityUrl,
  demoControls,
  groups,
  type Capability,
  type I18nText,
} from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database, MenusTable } from '../../db/schema.ts';
import { applyMenuOverrides } from './menu.editor.ts';

const i18nJson = (text: I18nText) => JSON.stringify({ zh: text.zh, zh_tw: text.zh_tw, en: text.en });

/**
 * The Extension of a capability's menu entry: the catalogue's, plus its key (the web picks its
 * demo by it), whether this build serves it
 * and, when it does, what the kind's web demo needs (how to read the answer, which parameters
 * to offer), read from its contract.
 */
function menuExtension(c: Capability, served: boolean): string {
  const demo =
    served && c.api
      ? {
          images: c.api.images,
          samples: c.samples.map((file) => `/samples/${file}`),
          ...(c.api.view ? { view: c.api.view } : {}),
          controls: demoControls(c.api),
        }
      : undefined;
  return JSON.stringify({ ...c.extension, key: c.key, available: served, ...(demo ? { demo } : {}) });
}

/**
 * Menu rows derived from the capability catalogue: one parent row per group, one child per
 * capability. `isServed` says which capabilities this build serves (those it binds).
 */
export function menuRowsFromCatalogue(isServed: (id: number) => boolean): MenusTable[] {
  const rows: MenusTable[] = groups.map((g, index) => ({
    id: g.menuId,
    parent_id: 0,
    name: g.name.zh,
    name_i18n: i18nJson(g.name),
    comment: '',
    comment_i18n: i18nJson({ zh: '', zh_tw: '', en: '' }),
    extension: '{}',
    url: `/algorithm/${g.id}`,
    endpoint: '',
    menu_type: g.id === 'solution' ? 2 : 0,
    display: 0,
    status: 4,
    sort: index,
  }));
  capabilities.forEach((c, index) => {
    const group = groups.find((g) => g.id === c.group);
    if (!group) throw new Error(`Capability ${c.id} names an unknown group ${c.group}`);
    rows.push({
      id: c.id,
      parent_id: group.menuId,
      name: c.name.zh,
      name_i18n: i18nJson(c.name),
      comment: c.description.zh,
      comment_i18n: i18nJson(c.description),
      extension: menuExtension(c, isServed(c.id)),
      url: capabilityUrl(c),
      endpoint: c.endpoint ?? '',
      menu_type: c.menuType,
      display: c.display,
      status: c.status,
      sort: index,
    });
  });
  return rows;
}

/**
 * Upserts by id, so every start refreshes the menu from the catalogue without duplicating rows; then
 * applies again what editors changed in the back office (menu_overrides), so a restart keeps their
 * names, comments, order, visibility and status icons while the rest follows the catalogue.
 */
export async function seedMenus(db: Kysely<Database>, isServed: (id: number) => boolean): Promise<number> {
  const rows = menuRowsFromCatalogue(isServed);
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const { id: _id, ...changes } = row;
      await trx
        .insertInto('menus')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    }
    await applyMenuOverrides(trx);
  });
  return rows.length;
}

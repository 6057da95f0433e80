import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, rolesLetIn, sessionsByRole, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { isServed } from '../gateway/bindings.ts';
import { seedMenus } from './menu.seed.ts';

interface Entry {
  Id: number;
  Name: string;
  NameI18N: string;
  Display: number;
  Status: number;
  Children: Entry[];
}

/** Face key points, under the face technology group (menu id of the group: its ParentId). */
const POINTS = 86;

describe('the capability menu editor', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let sessions: Record<string, Record<string, string>>;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    sessions = await sessionsByRole(ctx, 'menu-editor');
  });
  afterAll(async () => app?.close());

  const publicMenu = async () => (await app.inject({ url: '/api/v1/menu/' })).json().data.data as Entry[];
  const find = (tree: Entry[], id: number) =>
    tree.flatMap((g) => [g, ...g.Children]).find((e) => e.Id === id);
  const parentOf = (tree: Entry[], id: number) => tree.find((g) => g.Children.some((c) => c.Id === id))!;

  it('lets in admins and editors only, on every route', async () => {
    const allowed = ['admin', 'editor'];
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/menus' })).toEqual(allowed);
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/menus/audit' })).toEqual(
      allowed,
    );
    expect(
      await rolesLetIn(app, sessions, {
        method: 'PATCH',
        url: `/api/v1/admin/menus/${POINTS}`,
        payload: { status: 4 },
      }),
    ).toEqual(allowed);
    const group = parentOf(await publicMenu(), POINTS);
    expect(
      await rolesLetIn(app, sessions, {
        method: 'PUT',
        url: '/api/v1/admin/menus/order',
        payload: { parent_id: group.Id, ids: group.Children.map((c) => c.Id) },
      }),
    ).toEqual(allowed);
    expect(
      await rolesLetIn(app, sessions, { method: 'POST', url: '/api/v1/admin/menus/undo/999999' }),
    ).toEqual(allowed);
  });

  it('renames and hides an entry at once on the public menu, audits it, and undoes it', async () => {
    const before = find(await publicMenu(), POINTS)!;
    const renamed = { zh: '五官定位', zh_tw: '五官定位', en: 'Feature finder' };
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/menus/${POINTS}`,
      headers: sessions.editor,
      payload: { name_i18n: renamed, display: 1, status: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = find(await publicMenu(), POINTS)!;
    expect(after).toMatchObject({ Name: '五官定位', Display: 1, Status: 5 });
    expect(JSON.parse(after.NameI18N)).toEqual(renamed);

    const audit = await app.inject({ url: '/api/v1/admin/menus/audit', headers: sessions.editor });
    const entry = audit.json().data.entries[0];
    expect(entry).toMatchObject({
      action: 'menu.update',
      target_type: 'menu',
      target_id: String(POINTS),
      actor_email: 'menu-editor-editor@example.com',
      before: { name_i18n: JSON.parse(before.NameI18N), display: before.Display, status: before.Status },
      after: { name_i18n: renamed, display: 1, status: 5 },
    });

    const undo = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/menus/undo/${entry.id}`,
      headers: sessions.editor,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(find(await publicMenu(), POINTS)).toMatchObject({
      Name: before.Name,
      Display: before.Display,
      Status: before.Status,
    });
    const latest = (await app.inject({ url: '/api/v1/admin/menus/audit', headers: sessions.editor })).json()
      .data.entries[0];
    expect(latest).toMatchObject({ action: 'menu.undo', after: { display: before.Display } });
  });

  it('reorders the top-level groups (parent 0): the public menu follows, the move is audited and undone', async () => {
    const groups = (await publicMenu()).map((g) => g.Id);
    // The first two groups swap places, as the editor's "down" button on the first one sends it.
    const swapped = [groups[1]!, groups[0]!, ...groups.slice(2)];
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/menus/order',
      headers: sessions.editor,
      payload: { parent_id: 0, ids: swapped },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicMenu()).map((g) => g.Id)).toEqual(swapped);
    const entry = (await app.inject({ url: '/api/v1/admin/menus/audit', headers: sessions.admin })).json()
      .data.entries[0];
    expect(entry).toMatchObject({ action: 'menu.reorder', target_type: 'menu-order', target_id: '0' });
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/menus/undo/${entry.id}`,
      headers: sessions.admin,
    });
    expect((await publicMenu()).map((g) => g.Id)).toEqual(groups);
  });

  it('reorders a parent, undoes the order, and refuses an order that misses a child', async () => {
    const group = parentOf(await publicMenu(), POINTS);
    const ids = group.Children.map((c) => c.Id);
    const reversed = [...ids].reverse();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/menus/order',
      headers: sessions.admin,
      payload: { parent_id: group.Id, ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(parentOf(await publicMenu(), POINTS).Children.map((c) => c.Id)).toEqual(reversed);

    const entry = (await app.inject({ url: '/api/v1/admin/menus/audit', headers: sessions.admin })).json()
      .data.entries[0];
    expect(entry).toMatchObject({ action: 'menu.reorder', target_type: 'menu-order' });
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/menus/undo/${entry.id}`,
      headers: sessions.admin,
    });
    expect(parentOf(await publicMenu(), POINTS).Children.map((c) => c.Id)).toEqual(ids);

    const partial = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/menus/order',
      headers: sessions.admin,
      payload: { parent_id: group.Id, ids: ids.slice(1) },
    });
    expect(partial.json()).toMatchObject({ code: 10000 });
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/menus/999999',
      headers: sessions.admin,
      payload: { display: 1 },
    });
    expect(unknown.json()).toMatchObject({ code: 21017 });
  });

  it("keeps an editor's changes when the start-up seed refreshes the menu from the catalogue", async () => {
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/menus/${POINTS}`,
      headers: sessions.editor,
      payload: { display: 1, comment_i18n: { zh: '说明', zh_tw: '說明', en: 'Note' } },
    });
    await seedMenus(ctx.db.kysely, isServed);
    const row = await ctx.db.kysely
      .selectFrom('menus')
      .selectAll()
      .where('id', '=', POINTS)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ display: 1, comment: '说明' });
    // What the editor did not change still follows the catalogue.
    expect(JSON.parse(row.extension)).toMatchObject({ key: 'facePoint' });
  });
});

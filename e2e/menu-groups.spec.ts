import { expect, test } from '@playwright/test';
import { readyAccount, useSession, type Account } from './support/console.ts';

const run = Date.now();
// The administrator of the e2e server (ADMIN_EMAILS); other tests may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: `138${String(run + 4).slice(-8)}`,
  realName: 'Admin',
};
const editor: Account = {
  email: `groups-${run}@e2e.test`,
  password: 'editor-pass1',
  phone: `139${String(run + 5).slice(-8)}`,
  realName: 'Group_Editor',
};

interface Group {
  Id: number;
  NameI18N: string;
}

test('an editor moves a top-level menu group down and the public menu follows; the move is undone', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminToken = await readyAccount(request, admin);
  const editorToken = await readyAccount(request, editor);
  const adminHeaders = { authorization: `Bearer ${adminToken}` };
  const users = (await (await request.get('/api/v1/admin/users', { headers: adminHeaders })).json()) as {
    data: { users: { id: number; email: string }[] };
  };
  const id = users.data.users.find((u) => u.email === editor.email)!.id;
  await request.post(`/api/v1/admin/users/${id}/roles`, {
    headers: adminHeaders,
    data: { roles: ['editor'] },
  });
  const groups = async () =>
    ((await (await request.get('/api/v1/menu/')).json()) as { data: { data: Group[] } }).data.data;
  const before = await groups();
  const first = (JSON.parse(before[0]!.NameI18N) as { en: string }).en;

  const context = await browser.newContext();
  await useSession(context, baseURL!, editorToken);
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/admin/menus');
  await expect(page.getByRole('button', { name: `Move group ${first} up` })).toBeDisabled();
  await page.getByRole('button', { name: `Move group ${first} down` }).click();
  await expect
    .poll(async () => (await groups()).map((g) => g.Id))
    .toEqual([before[1]!.Id, before[0]!.Id, ...before.slice(2).map((g) => g.Id)]);
  await context.close();

  const headers = { authorization: `Bearer ${editorToken}` };
  const audit = (await (await request.get('/api/v1/admin/menus/audit', { headers })).json()) as {
    data: { entries: { id: number; action: string; target_id: string }[] };
  };
  const entry = audit.data.entries.find((e) => e.action === 'menu.reorder' && e.target_id === '0')!;
  await request.post(`/api/v1/admin/menus/undo/${entry.id}`, { headers, data: {} });
  expect((await groups()).map((g) => g.Id)).toEqual(before.map((g) => g.Id));
});

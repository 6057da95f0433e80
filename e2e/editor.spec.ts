import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { readyAccount, useSession, type Account } from './support/console.ts';
import { blockingViolations, pageSettled } from './support/quality.ts';

const run = Date.now();
const digits = (prefix: string, offset: number) => `${prefix}${String(run + offset).slice(-8)}`;
// The administrator of the e2e server (ADMIN_EMAILS); other tests may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: digits('136', 2),
  realName: 'Admin',
};
const editor: Account = {
  email: `editor-${run}@e2e.test`,
  password: 'editor-pass1',
  phone: digits('137', 3),
  realName: 'Doc_Editor',
};

/** The capability the editor hides and the doc page the editor renames (put back at the end). */
const CAPABILITY_URL = '/algorithm/faceTechnology/aestheticScore';
const DOC = 122;

interface MenuEntry {
  Id: number;
  Url: string;
  NameI18N: string;
  Children: MenuEntry[];
}

async function grantRoles(request: APIRequestContext, adminToken: string, email: string, roles: string[]) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const users = (await (await request.get('/api/v1/admin/users', { headers })).json()) as {
    data: { users: { id: number; email: string }[] };
  };
  const user = users.data.users.find((u) => u.email === email)!;
  const res = await request.post(`/api/v1/admin/users/${user.id}/roles`, { headers, data: { roles } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signedIn(context: BrowserContext, baseURL: string, token: string, language = 'en') {
  await useSession(context, baseURL, token);
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
}

/** The saved message of an editor page. */
const saved = (page: Page) => expect(page.locator('.ant-message').last()).toBeVisible();

test('an editor hides a capability and renames a doc, and the public site shows both at once', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminToken = await readyAccount(request, admin);
  const editorToken = await readyAccount(request, editor);
  await grantRoles(request, adminToken, editor.email, ['editor']);
  const headers = { authorization: `Bearer ${editorToken}` };

  const menu = (await (await request.get('/api/v1/menu/')).json()) as { data: { data: MenuEntry[] } };
  const capability = menu.data.data.flatMap((g) => g.Children).find((c) => c.Url === CAPABILITY_URL)!;
  const capabilityName = (JSON.parse(capability.NameI18N) as { en: string }).en;
  const oldTitle = (
    (await (await request.get(`/api/v1/doc/${DOC}?lang=en`)).json()) as { data: { Title: string } }
  ).data.Title;
  const newTitle = `iOS guide ${run}`;

  const visitorContext = await browser.newContext();
  await visitorContext.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  const visitor = await visitorContext.newPage();
  const editorContext = await browser.newContext();
  await signedIn(editorContext, baseURL!, editorToken);
  const page = await editorContext.newPage();
  try {
    await visitor.goto('/algorithm');
    await expect(visitor.getByTestId('capability-card').filter({ hasText: capabilityName })).toHaveCount(1);

    // The editor switches the capability off in the menu editor.
    await page.goto('/admin/menus');
    await expect(page.getByTestId('console-sidebar')).toBeVisible();
    const shown = page.getByTestId(`menu-shown-${capability.Id}`);
    await expect(shown).toBeChecked();
    await shown.click();
    await saved(page);
    await expect(shown).not.toBeChecked();
    await expect(page.getByTestId('menu-history')).toContainText(capabilityName);

    // The visitor's next page load has it gone from the algorithm menu, without a restart.
    await visitor.reload();
    await expect(visitor.getByTestId('capability-card').first()).toBeVisible();
    await expect(visitor.getByTestId('capability-card').filter({ hasText: capabilityName })).toHaveCount(0);

    // The editor renames the doc page: the draft stays off the site until it is published.
    await page.goto('/admin/docs');
    await page.getByTestId('doc-select').click();
    await page.keyboard.type(String(DOC));
    await page.keyboard.press('Enter');
    await page.getByTestId('doc-language').getByText('English').click();
    const title = page.getByTestId('doc-title-input');
    await expect(title).toHaveValue(oldTitle);
    await title.fill(newTitle);
    await expect(page.getByTestId('doc-preview').locator('h1')).toHaveText(newTitle);
    await page.getByTestId('doc-save').click();
    await saved(page);
    await visitor.goto(`/doc?id=${DOC}`);
    await expect(visitor.getByTestId('doc-article').locator('h1')).toHaveText(oldTitle);

    // A link to a page that does not exist is flagged in the editor and blocks publishing.
    const body = page.getByTestId('doc-body-input');
    const text = await body.inputValue();
    await body.fill(`${text}\n\n[Old page](/doc?id=987654)`);
    await expect(page.getByTestId('doc-broken-links')).toContainText('987654');
    await expect(page.getByTestId('doc-publish')).toBeDisabled();
    await body.fill(text);
    await expect(page.getByTestId('doc-broken-links')).toHaveCount(0);
    await page.getByTestId('doc-publish').click();
    await saved(page);

    await visitor.reload();
    await expect(visitor.getByTestId('doc-article').locator('h1')).toHaveText(newTitle);
    await expect(visitor.getByRole('navigation', { name: 'Documentation contents' })).toContainText(newTitle);
  } finally {
    // Put the menu entry and the doc back as they were, the way an editor would: undo and restore.
    const entries = (
      (await (await request.get('/api/v1/admin/menus/audit', { headers })).json()) as {
        data: { entries: { id: number; target_id: string; actor_email: string }[] };
      }
    ).data.entries.filter((e) => e.target_id === String(capability.Id) && e.actor_email === editor.email);
    for (const entry of entries)
      await request.post(`/api/v1/admin/menus/undo/${entry.id}`, { headers, data: {} });
    const doc = (await (await request.get(`/api/v1/admin/docs/${DOC}`, { headers })).json()) as {
      data?: { history: { id: number; lang: string; actor_email: string }[] };
    };
    const seed = doc.data?.history.find((h) => h.lang === 'en' && h.actor_email === 'seed');
    if (seed)
      await request.post(`/api/v1/admin/docs/${DOC}/restore`, { headers, data: { version_id: seed.id } });
    await visitorContext.close();
    await editorContext.close();
  }
  const after = (await (await request.get('/api/v1/menu/')).json()) as { data: { data: MenuEntry[] } };
  expect(JSON.stringify(after)).toContain(CAPABILITY_URL);
});

test('the console sidebar collapses and stays collapsed after a reload (cookie sidebarStatus)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const adminToken = await readyAccount(request, admin);
  await signedIn(context, baseURL!, adminToken);
  await page.goto('/admin/menus');
  const sidebar = page.getByTestId('console-sidebar');
  await expect(sidebar).toHaveAttribute('data-open', '1');
  await expect(sidebar.getByRole('link', { name: 'Menus' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Docs editor' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Site content' })).toBeVisible();

  await page.getByTestId('console-sidebar-toggle').click();
  await expect(sidebar).toHaveAttribute('data-open', '0');
  await expect(sidebar.getByRole('link')).toHaveCount(0);
  const cookie = async () => (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value;
  expect(await cookie()).toBe('0');

  await page.reload();
  await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-open', '0');
  await page.getByTestId('console-sidebar-toggle').click();
  await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-open', '1');
  expect(await cookie()).toBe('1');
  await page.goto('/admin/docs');
  await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-open', '1');
});

test('an editor sees the menu and docs editors but not the site content; a personality user the reverse', async ({
  browser,
  request,
  baseURL,
}) => {
  const adminToken = await readyAccount(request, admin);
  const writer: Account = { ...editor, email: `personality-${run}@e2e.test`, phone: digits('137', 4) };
  const token = await readyAccount(request, writer);
  await grantRoles(request, adminToken, writer.email, ['personality']);
  const context = await browser.newContext();
  await signedIn(context, baseURL!, token);
  const page = await context.newPage();
  await page.goto('/admin/personality');
  const sidebar = page.getByTestId('console-sidebar');
  await expect(sidebar.getByRole('link', { name: 'Site content' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Menus' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Docs editor' })).toHaveCount(0);
  // The measured figures are shown read-only, with the reason.
  await expect(page.getByTestId('measured-card')).toContainText('npm run bench');
  await page.goto('/admin/menus');
  await expect(page.getByTestId('menus-editor')).toHaveCount(0);
  await context.close();
});

const PAGES = [
  {
    path: '/admin/menus',
    testId: 'menus-editor',
    title: { en: 'Capability menu', zh: '能力菜单', zh_tw: '能力選單' },
  },
  {
    path: '/admin/docs',
    testId: 'docs-editor',
    title: { en: 'Docs editor', zh: '文档编辑', zh_tw: '文件編輯' },
  },
  {
    path: '/admin/personality',
    testId: 'personality-editor',
    title: { en: 'Site content', zh: '站点内容', zh_tw: '網站內容' },
  },
] as const;

test('the editor pages speak three languages and pass axe at 1366 and 375 px', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminToken = await readyAccount(request, admin);
  for (const language of ['zh', 'zh_tw', 'en'] as const) {
    await signedIn(context, baseURL!, adminToken, language);
    for (const p of PAGES) {
      await page.goto(p.path);
      await expect(page.getByTestId(p.testId).locator('h1')).toHaveText(p.title[language]);
    }
  }
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const p of PAGES) {
      await page.goto(p.path);
      await pageSettled(page);
      if (p.path === '/admin/docs') {
        await page.getByTestId('doc-select').click();
        await page.keyboard.type('101');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('doc-preview')).toBeVisible();
      }
      if (p.path === '/admin/personality') await expect(page.getByTestId('content-fields')).toBeVisible();
      if (p.path === '/admin/menus') await expect(page.locator('.ant-table').first()).toBeVisible();
      expect(await blockingViolations(page), `${p.path} at ${width} px`).toEqual([]);
    }
  }
});

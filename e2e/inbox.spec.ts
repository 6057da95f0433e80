import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { latestMessage } from './support/account.ts';
import { readyAccount, useSession, type Account } from './support/console.ts';
import { LANGUAGES, storeLanguage } from './support/pages.ts';
import { blockingViolations, pageSettled, type Finding } from './support/quality.ts';

const run = Date.now();
const visitor: Account = {
  email: `inbox-visitor-${run}@e2e.test`,
  password: 'inbox-pass1',
  phone: `134${String(run).slice(-8)}`,
  realName: 'Inbox_Visitor',
};
// The administrator of the e2e server (ADMIN_EMAILS); other specs may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: `133${String(run + 1).slice(-8)}`,
  realName: 'Admin',
};

/**
 * The feedback button belongs to the internal domain. The first probe (checkOa) answers without a
 * code here and names a second probe, on this site, which answers: the page decides IN through
 * the second probe.
 */
async function internalThroughSecondProbe(context: BrowserContext, baseURL: string) {
  await context.route('**/api/v1/user/checkOa', (route) =>
    route.fulfill({
      json: { code: 0, message: 'ok', data: { probe: `${baseURL}/healthz`, probe_timeout_ms: 5000 } },
    }),
  );
}

test('a feedback reply reaches the sender: the inbox, the mail, the unread count and the messages page', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}) => {
  const visitorToken = await readyAccount(request, visitor);
  const adminToken = await readyAccount(request, admin);

  // The visitor, signed in on the internal domain, sends a feedback from the tool box.
  await useSession(context, baseURL!, visitorToken);
  await internalThroughSecondProbe(context, baseURL!);
  await page.goto('/index?lang=en');
  await expect(page.getByTestId('unread-link')).toHaveAttribute('aria-label', 'Messages, 0 unread');
  await page.getByTestId('toolbox-feedback').click();
  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  const title = `Inbox e2e ${run}`;
  await dialog.getByTestId('feedback-title').fill(title);
  await dialog.getByTestId('feedback-content').fill('The demo hangs\nafter the second photo');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'console.log',
    mimeType: 'text/plain',
    buffer: Buffer.from('TypeError: photo is undefined'),
  });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await dialog.getByTestId('feedback-submit').click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();

  // An admin finds it in the inbox, opens its attachment and replies.
  const adminContext = await browser.newContext();
  await useSession(adminContext, baseURL!, adminToken);
  const inbox = await adminContext.newPage();
  await inbox.goto('/admin/feedbackInbox');
  await inbox.getByTestId('inbox-search').locator('input').fill(title);
  await inbox.getByTestId('inbox-search').locator('input').press('Enter');
  const row = inbox.getByTestId('inbox-table').locator('tr', { hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New');
  await expect(row).toContainText(visitor.email);
  await row.click();
  const detail = inbox.getByTestId('inbox-detail');
  await expect(detail).toContainText('after the second photo');
  const attachment = await inbox.request.get(
    (await detail.getByTestId('inbox-attachment').getAttribute('href'))!,
  );
  expect(await attachment.text()).toBe('TypeError: photo is undefined');
  // The attachment is no public address: without the session it is refused.
  const anonymous = await request.get((await detail.getByTestId('inbox-attachment').getAttribute('href'))!, {
    headers: { cookie: '' },
  });
  expect(anonymous.status()).toBe(401);
  const reply = `Fixed for the next release (${run}).`;
  await detail.getByTestId('inbox-reply').fill(reply);
  await detail.getByTestId('inbox-send-reply').click();
  await expect(inbox.getByText('Reply sent')).toBeVisible();
  await expect(row).toContainText('In progress');
  await adminContext.close();

  // The reply arrives by mail, in the sender's language.
  const mail = await latestMessage(request, 'mail', visitor.email);
  expect(mail.subject).toBe(`Your feedback has a reply: ${title}`);
  expect(mail.text).toContain(reply);

  // The sender's unread count goes up; the messages page shows the reply and marks it read.
  await page.reload();
  await expect(page.getByTestId('unread-link')).toHaveAttribute('aria-label', 'Messages, 1 unread');
  await expect(page.getByTestId('unread-count')).toContainText('1');
  await page.getByTestId('unread-link').click();
  await expect(page).toHaveURL(/\/own-space\/messages$/);
  const message = page.getByTestId('message').filter({ hasText: title });
  await expect(message).toHaveAttribute('data-read', '0');
  await message.getByTestId('message-open').click();
  await expect(message.getByTestId('message-body')).toContainText(reply);
  await expect(message).toHaveAttribute('data-read', '1');
  await expect(page.getByTestId('unread-link')).toHaveAttribute('aria-label', 'Messages, 0 unread');
});

test('the site analytics export a table as CSV to admins only', async ({ request }) => {
  const adminToken = await readyAccount(request, admin);
  const csv = await request.get('/api/v1/admin/analytics/export?days=7&table=pages', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="pixora-pages-.*\.csv"$/);
  expect((await csv.text()).replace(/^\ufeff/, '').split('\r\n')[0]).toBe('page,visits');
  const visitorToken = await readyAccount(request, visitor);
  const refused = await request.get('/api/v1/admin/analytics/export?table=pages', {
    headers: { authorization: `Bearer ${visitorToken}` },
  });
  expect(refused.status()).toBe(403);
});

/** Every back-office page of this spec, each language, 1366 and 375 px: no serious or critical axe violation. */
async function scanAsAdmin(
  browser: Browser,
  baseURL: string,
  token: string,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  const found: Record<string, Finding[]> = {};
  for (const language of LANGUAGES)
    for (const width of [1366, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await useSession(context, baseURL, token);
      await storeLanguage(context, baseURL, language);
      const page = await context.newPage();
      await page.goto(path);
      await pageSettled(page);
      await ready(page);
      const violations = await blockingViolations(page);
      if (violations.length) found[`${path} ${language} ${width}px`] = violations;
      await context.close();
    }
  return found;
}

test.describe('accessibility (axe) of the back office', () => {
  // Six scans a page (three languages, two widths).
  test.describe.configure({ timeout: 150_000 });
  const pages: Array<[string, (page: Page) => Promise<void>]> = [
    [
      '/admin/feedbackInbox',
      async (page) => {
        await expect(page.getByTestId('inbox-table')).toBeVisible();
        // The first feedback opened, with its reply form.
        await page.getByTestId('inbox-table').locator('tbody tr.ant-table-row').first().click();
        await expect(page.getByTestId('inbox-detail')).toBeVisible();
      },
    ],
    ['/own-space/messages', async (page) => expect(page.getByTestId('messages-page')).toBeVisible()],
    ['/admin/siteAnalytics', async (page) => expect(page.getByTestId('analytics-chart')).toBeVisible()],
    ['/admin/questionnaire', async (page) => expect(page.getByTestId('survey-stats')).toBeVisible()],
  ];
  for (const [path, ready] of pages)
    test(`${path} in three languages at 1366 and 375 px`, async ({ browser, request, baseURL }) => {
      const token = await readyAccount(request, admin);
      expect(await scanAsAdmin(browser, baseURL!, token, path, ready)).toEqual({});
    });
});

import { expect, test, type Page } from '@playwright/test';
import { latestMessage, solveCaptcha } from './support/account.ts';
import { callFacepoints, readyAccount, useSession, type Account } from './support/console.ts';
import { blockingViolations } from './support/quality.ts';

const run = Date.now();
const digits = (prefix: string, offset: number) => `${prefix}${String(run + offset).slice(-8)}`;
const developer: Account = {
  email: `console-dev-${run}@e2e.test`,
  password: 'console-pass1',
  phone: digits('135', 0),
  realName: 'Console_Dev',
};
const requester: Account = {
  email: `console-sdk-${run}@e2e.test`,
  password: 'console-pass2',
  phone: digits('135', 1),
  realName: 'Sdk_Requester',
};
// The administrator of the e2e server (ADMIN_EMAILS); the account tests may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: digits('136', 2),
  realName: 'Admin',
};

async function logIn(page: Page, account: Account) {
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toHaveAttribute('data-mode', 'LOGIN');
  await dialog.getByTestId('login-email').fill(account.email);
  await dialog.getByTestId('login-password').fill(account.password);
  await solveCaptcha(dialog);
  await dialog.getByTestId('login-submit').click();
}

test('a developer signs in from the API application, creates an app, copies its secret, calls facepoints with it and finds the call in the usage page', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await readyAccount(request, developer);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);

  // Signed out, the access card's address opens the login dialog and comes back after logging in.
  await page.goto('/admin/appManager/apply?type=api');
  await expect(page).toHaveURL(/\/index$/);
  await logIn(page, developer);
  await expect(page).toHaveURL(/\/admin\/appManager\/apply\?type=api$/);
  const form = page.getByTestId('apply-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('capability-86')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page.getByTestId('console-nav')).toContainText('My apps');

  const points = form.getByTestId('capability-86');
  await expect(points).toContainText('Open now');
  await form.getByTestId('apply-name').fill(`E2E Camera ${run % 100000}`);
  await form.getByTestId('apply-description').fill('Face key points for our camera app');
  await points.getByRole('checkbox').check();
  await form
    .getByTestId('apply-scenario')
    .fill('Users take a selfie and we place stickers on the face key points');
  await form.getByTestId('apply-phone').fill('+86 13500000000');
  await form.getByTestId('apply-agreement').check();
  await form.getByTestId('apply-submit').click();

  // The secret is shown once; the copy button puts it on the clipboard.
  const modal = page.getByTestId('secret-modal');
  await expect(modal).toBeVisible();
  const key = (await modal.getByTestId('secret-key').textContent())!;
  const shown = (await modal.getByTestId('secret-value').textContent())!;
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  await modal.getByTestId('secret-value-copy').click();
  await expect(page.getByText('Copy success')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(shown);
  await expect(modal.getByTestId('secret-example')).toContainText(`/v2/facepoints?api_key=${key}`);
  await expect(page.getByTestId('secret-done')).toBeDisabled();
  await modal.getByTestId('secret-stored').check();
  await page.getByTestId('secret-done').click();
  await expect(page).toHaveURL(/\/admin\/appManager$/);
  const card = page.getByTestId('app-card');
  await expect(card.getByTestId('app-key')).toHaveText(key);
  await expect(card.getByTestId('app-quota')).toHaveText('0 of 1,000 calls used today');

  // The key works on the real engine at once; a wrong secret is refused.
  const answer = await callFacepoints(request, key, secret);
  expect(answer.status(), await answer.text()).toBe(200);
  const faces = ((await answer.json()) as { media_info_list: Array<{ media_extra: { faces: unknown[] } }> })
    .media_info_list[0]!.media_extra.faces;
  expect(faces).toHaveLength(1);
  const refused = await callFacepoints(request, key, `${secret}x`);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { ErrorCode: number }).ErrorCode).toBe(10021);

  await page.reload();
  await expect(card.getByTestId('app-quota')).toHaveText('1 of 1,000 calls used today');

  await page.getByTestId('console-nav').getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/admin\/appManager\/usage$/);
  await expect(page.getByTestId('usage-stat-today')).toContainText('1');
  await expect(page.getByTestId('usage-stat-calls')).toContainText('1');
  await expect(page.getByTestId('usage-chart').locator('li').last()).toHaveAttribute('data-calls', '1');
  await expect(page.getByTestId('usage-capabilities')).toContainText('Face Key Points');
  await expect(page.getByTestId('usage-outcomes')).toContainText('Success');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByTestId('console-nav').getByRole('link', { name: 'My apps' }).click();
  await expect(page.getByTestId('app-card')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a developer requests an SDK licence, gets the confirmation mail, and sees it approved once an administrator has reviewed it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const requesterToken = await readyAccount(request, requester);
  const adminToken = await readyAccount(request, admin);
  const product = `Glow Camera ${run % 100000}`;

  await useSession(context, baseURL!, requesterToken);
  await page.goto('/admin/sdkManager');
  await expect(page.getByTestId('sdk-empty')).toBeVisible();
  await page.getByTestId('sdk-apply').first().click();
  await expect(page).toHaveURL(/\/admin\/sdkManager\/apply\?type=sdk$/);
  const form = page.getByTestId('sdk-form');
  await form.getByTestId('sdk-platform').getByText('iOS').click();
  await form.getByTestId('module-beautify').getByRole('checkbox').check();
  await form.getByTestId('module-skinDetect').getByRole('checkbox').check();
  await form.getByTestId('sdk-app-name').fill(product);
  await form.getByTestId('sdk-package').fill('not a bundle id');
  await form.getByTestId('sdk-submit').click();
  await expect(form.getByText('Please enter a valid bundle ID such as com.example.app')).toBeVisible();
  await form.getByTestId('sdk-package').fill('com.pixora.glow');
  await form.getByTestId('sdk-mau').fill('250000');
  await form.getByTestId('sdk-company').fill('Glow Labs');
  await form.getByTestId('sdk-phone').fill('+86 13500000001');
  await expect(form.getByTestId('sdk-email')).toHaveValue(requester.email);
  await form.getByTestId('sdk-agreement').check();
  expect(await blockingViolations(page)).toEqual([]);
  await form.getByTestId('sdk-submit').click();
  await expect(page.getByTestId('sdk-sent')).toContainText(requester.email);
  const confirmation = await latestMessage(request, 'mail', requester.email);
  expect(confirmation.subject).toBe(`We received your SDK licence request: ${product}`);
  expect(confirmation.text).toContain('SDK modules: Beautify, Skin detect');

  // Reviews are for the admin and business roles: a developer gets the 404 page.
  await page.goto('/admin/reviewManager');
  await expect(page).toHaveURL(/\/404$/);

  await useSession(context, baseURL!, adminToken);
  await page.goto('/admin/reviewManager');
  await page.getByTestId('review-sdk-tab').click();
  const row = page.getByTestId('review-sdk').getByRole('row').filter({ hasText: product });
  await expect(row).toContainText('com.pixora.glow');
  expect(await blockingViolations(page)).toEqual([]);
  await row.getByTestId('review-approve').click();
  await page.getByTestId('review-note').fill('Licence file on its way');
  await page.locator('#review-confirm').click();
  await expect(page.getByText('Decision saved; the applicant gets an e-mail')).toBeVisible();
  await expect(page.getByTestId('review-sdk').getByRole('row').filter({ hasText: product })).toHaveCount(0);
  await expect
    .poll(async () => (await latestMessage(request, 'mail', requester.email)).subject)
    .toBe(`Your SDK licence request is approved: ${product}`);

  await useSession(context, baseURL!, requesterToken);
  await page.goto('/admin/sdkManager');
  const mine = page.getByTestId('sdk-requests').getByRole('row').filter({ hasText: product });
  await expect(mine.getByTestId('sdk-status')).toHaveText('Approved');
  await expect(mine.getByTestId('sdk-note')).toHaveText('Licence file on its way');
});

import { expect, test, type Page } from '@playwright/test';
import { QR, QR_SETTINGS, STAFF, startInternalPlatform, type InternalPlatform } from './support/oauth.ts';

/**
 * The two network domains (internal IN, outside OUT), end to end. Inside (IN): a platform whose
 * INTERNAL_NETWORKS cover 127.0.0.1, logging in through a real OAuth 2.0 provider in the OA frame
 * and through the work-account QR frame. Outside (OUT): the e2e server, password login only.
 */
let internal: InternalPlatform;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  internal = await startInternalPlatform();
});
test.afterAll(async () => {
  await internal?.stop();
});

/** Every address the page's main frame visits, in order. */
function mainFrameVisits(page: Page): URL[] {
  const visits: URL[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visits.push(new URL(frame.url()));
  });
  return visits;
}

async function agreeToTheTexts(page: Page) {
  const agree = page.getByTestId('protocol-agree');
  await expect(page.getByTestId('protocol-dialog')).toBeVisible();
  await expect(agree).toBeEnabled({ timeout: 20_000 });
  await agree.click();
  await expect(page.getByTestId('protocol-dialog')).toBeHidden();
}

test('inside: the OA frame goes through the provider and back with a code; the dialog page lands on /logining, then on the page asked for', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const visits = mainFrameVisits(page);
  // A profile call of the OA frame would race the window leaving: cut off, it logs the session out.
  const frameProfileCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/user/profile') && request.frame() !== page.mainFrame())
      frameProfileCalls.push(request.frame().url());
  });
  await page.goto(`${internal.baseURL}/own-space/userInfo?lang=en`);
  await expect(page).toHaveURL(`${internal.baseURL}/index`);
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['OA login', 'QR code login', 'Password login']);
  await expect(dialog.getByRole('tab', { name: 'OA login' })).toHaveAttribute('aria-selected', 'true');

  // The provider's approval page, inside the frame of the dialog.
  const oa = page.frameLocator('[data-testid="oa-frame"]');
  await expect(oa.getByRole('heading', { name: 'Corp SSO' })).toBeVisible();
  const authorize = internal.provider.requests.find((r) => r.path === '/authorize');
  expect(authorize?.query).toMatchObject({
    response_type: 'code',
    client_id: 'pixora-e2e',
    redirect_uri: `${internal.baseURL}/logining`,
  });
  expect(authorize?.query.state).toMatch(/^[0-9a-f]{32}$/);
  await oa.getByRole('button', { name: 'Authorize' }).click();

  // The frame exchanged the code; the whole window went to /logining, then to the page asked for.
  await expect(page).toHaveURL(`${internal.baseURL}/own-space/userInfo?lang=en`);
  const logining = visits.find((url) => url.pathname === '/logining');
  expect(logining?.searchParams.get('redirectUrl')).toBe('/own-space/userInfo?lang=en');
  expect(internal.provider.requests.filter((r) => r.path === '/token')).toHaveLength(1);
  expect(internal.provider.requests.some((r) => r.path === '/userinfo')).toBe(true);
  expect(frameProfileCalls).toEqual([]);

  // A first OA login has not agreed to the texts yet.
  await agreeToTheTexts(page);
  await expect(page.getByTestId('profile-email')).toHaveText(STAFF.email.toLowerCase());
  await expect(page.getByTestId('user-menu')).toContainText(STAFF.name);
  expect((await page.context().cookies()).some((c) => c.name === 'Admin-Token' && c.value)).toBe(true);
});

test('inside: the QR frame carries the configured parameters; only a message from the work-login origin is followed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const visits = mainFrameVisits(page);
  await page.goto(`${internal.baseURL}/index?lang=en`);
  await page.getByTestId('nav-login').click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByRole('tab', { name: 'QR code login' }).click();
  const frame = dialog.getByTestId('qr-frame');
  await expect(frame).toBeVisible();
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.origin + src.pathname).toBe(`${internal.provider.base}/qr`);
  const params = Object.fromEntries(src.searchParams);
  expect(params).toEqual({
    appid: QR.appid,
    agentid: QR.agentid,
    redirect_uri: `${internal.baseURL}/logining`,
    state: expect.stringMatching(/^[0-9a-f]{32}$/),
    login_type: QR_SETTINGS.WORK_QR_LOGIN_TYPE,
    style: QR_SETTINGS.WORK_QR_STYLE,
    href: QR_SETTINGS.WORK_QR_HREF,
  });
  const qr = page.frameLocator('[data-testid="qr-frame"]');
  await expect(qr.getByRole('heading', { name: 'Work login' })).toBeVisible();

  // The same confirmation page served from another origin (localhost instead of 127.0.0.1) cannot
  // even be framed here: the Content-Security-Policy's frame-src names the work-login origin only.
  const confirmations = () => internal.provider.requests.filter((r) => r.query.scanned === '1').length;
  const foreign = new URL(src);
  foreign.hostname = 'localhost';
  foreign.searchParams.set('scanned', '1');
  await page.evaluate((url) => {
    const other = document.createElement('iframe');
    other.src = url;
    other.dataset.testid = 'foreign-frame';
    document.body.append(other);
  }, foreign.toString());
  await page.waitForTimeout(1000);
  expect(confirmations()).toBe(0);
  // Shown some other way, its message (a return address with a valid code) is ignored: only a
  // message from the work-login origin is followed.
  const fetched = new URL(foreign);
  fetched.hostname = '127.0.0.1';
  const confirmation = await (await fetch(fetched)).text();
  expect(confirmations()).toBe(1);
  const target = JSON.parse(/postMessage\((".*?"), '\*'\)/.exec(confirmation)![1]!) as string;
  await page.evaluate(
    ({ data, origin }) => window.dispatchEvent(new MessageEvent('message', { data, origin })),
    { data: target, origin: foreign.origin },
  );
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(`${internal.baseURL}/index?lang=en`);
  await expect(dialog).toBeVisible();

  // Confirmed on the phone: the work-login frame names the return address; the page goes there.
  await qr.getByRole('link', { name: 'Confirm on phone' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(STAFF.name);
  await expect(page).toHaveURL(`${internal.baseURL}/index?lang=en`);
  const callback = visits.find((url) => url.pathname === '/logining' && url.searchParams.has('code'));
  expect(callback?.searchParams.get('state')).toBe(params.state);
  expect(internal.provider.requests.filter((r) => r.path === '/token')).toHaveLength(2);
  // The staff member agreed in the OA test: no dialog this time.
  await expect(page.getByTestId('protocol-dialog')).toHaveCount(0);
});

test('inside: the password tab is there too', async ({ page }) => {
  await page.goto(`${internal.baseURL}/index?lang=en`);
  await page.getByTestId('nav-login').click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByRole('tab', { name: 'Password login' }).click();
  await expect(dialog.getByTestId('login-form')).toBeVisible();
  await expect(dialog.getByTestId('captcha-image')).toBeVisible();
});

test('outside: password login only, and the OA and QR calls are refused', async ({ page, request }) => {
  await page.goto('/index?lang=en');
  await page.getByTestId('nav-login').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog.getByTestId('login-form')).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  expect((await request.get('/api/v1/user/checkOa')).ok()).toBe(true);
  expect(((await (await request.get('/api/v1/user/checkOa')).json()) as { data: unknown }).data).toEqual({});
  for (const url of ['/api/v1/user/internalLogin', '/api/v1/user/oauth/authorize'])
    expect((await request.get(url)).status(), url).toBe(403);
});

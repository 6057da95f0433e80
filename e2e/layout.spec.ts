import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi, signInThroughApi } from './support/account.ts';
import { queryRows, startInternalServer, type InternalServer } from './support/layout.ts';

const run = Date.now();

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The home page in a language, with its top bar and tool box ready. */
async function openHome(page: Page, language = 'en', query = '') {
  await page.goto(`/index?lang=${language}${query}`);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByTestId('toolbox')).toBeVisible();
}

let accounts = 0;

/** A signed-in account made through the API of the e2e server; returns its session token. */
async function signedInAccount(request: Parameters<typeof registerThroughApi>[0], name: string) {
  const account = {
    email: `${name}-${run}@e2e.test`,
    phone: `137${String(run + (accounts += 1)).slice(-8)}`,
    password: 'layout-pass1',
    realName: 'Layout',
  };
  await registerThroughApi(request, account);
  const token = await signInThroughApi(request, account.email, account.password);
  expect(token).toBeTruthy();
  return token!;
}

test.describe('site chrome', () => {
  test('the top bar turns 0.9 opaque from 70 px of scroll', async ({ page }) => {
    await openHome(page);
    const bar = page.getByTestId('top-bar');
    const opacity = () => bar.evaluate((element) => getComputedStyle(element).opacity);
    await scrollTo(page, 69);
    await expect.poll(opacity).toBe('1');
    await scrollTo(page, 70);
    await expect.poll(opacity).toBe('0.9');
    await scrollTo(page, 0);
    await expect.poll(opacity).toBe('1');
  });

  test('Product Service opens on hover and on click, with the API and PROGRAM tabs outside', async ({
    page,
  }) => {
    await openHome(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/index');
    await expect(nav.getByRole('link', { name: 'Service Support' })).toHaveAttribute('href', '/support');
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/aboutus');
    const trigger = page.getByTestId('nav-products');
    const panel = page.getByTestId('product-menu');

    await trigger.hover();
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('product-tab-api')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('product-tab-program')).toBeVisible();
    await expect(page.getByTestId('product-tab-internal')).toHaveCount(0);
    const list = page.getByTestId('product-menu-panel');
    await expect(list.getByRole('link', { name: /Face Key Points/ })).toBeVisible();
    // Internal-test entries (Status 1) are not listed outside the internal domain.
    await expect(list.getByRole('link', { name: /Image Restoration/ })).toHaveCount(0);
    await expect(list.locator('[data-status="2"]').first()).toBeVisible();

    await page.getByTestId('product-tab-program').hover();
    await expect(list).toHaveAttribute('data-tab', 'program');
    await expect(list.locator('a[href="/algorithm/solution/studioSolution"]')).toBeVisible();
    await expect(list.getByRole('link', { name: /Face Key Points/ })).toHaveCount(0);

    await page.mouse.move(5, 700);
    await expect(panel).toBeHidden();

    // A click opens it (and the hover that comes with a click does not close it again); a second click closes.
    await trigger.click();
    await page.waitForTimeout(500);
    await expect(panel).toBeVisible();
    await trigger.click();
    await expect(panel).toBeHidden();

    // Keyboard: Enter opens, Escape closes and gives focus back.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the submenu shows its arrow after 50 px, and its links carry the timestamp t', async ({ page }) => {
    await openHome(page);
    const trigger = page.getByTestId('nav-products');
    await trigger.hover();
    await expect(page.getByTestId('product-menu')).toBeVisible();
    await expect(page.getByTestId('product-menu-arrow')).toHaveCount(0);
    await page.mouse.move(5, 700);

    await scrollTo(page, 49);
    await trigger.hover();
    await expect(page.getByTestId('product-menu')).toBeVisible();
    await expect(page.getByTestId('product-menu-arrow')).toHaveCount(0);
    await page.mouse.move(5, 700);
    await scrollTo(page, 50);
    await trigger.hover();
    await expect(page.getByTestId('product-menu-arrow')).toBeVisible();

    const before = Date.now();
    await page
      .getByTestId('product-menu-panel')
      .getByRole('link', { name: /Face Key Points/ })
      .click();
    await expect(page).toHaveURL(/\/algorithm\/faceTechnology\/facepointdetect\?t=\d+$/);
    const t = Number(new URL(page.url()).searchParams.get('t'));
    expect(t).toBeGreaterThanOrEqual(before);
    await expect(page.getByTestId('product-menu')).toBeHidden();
  });

  test('the mobile menu locks page scrolling while open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page);
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).toBe('visible');
    await page.getByTestId('nav-burger').click();
    const menu = page.locator('#mobile-nav');
    await expect(menu).toBeVisible();
    expect(await overflow()).toBe('hidden');
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(0);
    // The Product Service submenu unfolds and folds by click.
    const products = menu.getByRole('button', { name: 'Product Service' });
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Service Support' })).toBeVisible();
    await products.click();
    await expect(menu.getByRole('link', { name: /Face Key Points/ })).toBeVisible();
    await products.click();
    await expect(menu.getByRole('link', { name: /Face Key Points/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await overflow()).toBe('visible');
  });

  test('the footer: hidden on /doc in Chinese, shown in English, with its links, QR code and licences', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/doc?lang=zh');
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    await page.goto('/doc?lang=zh_tw');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByTestId('site-footer')).toHaveCount(0);

    await page.goto('/doc?lang=en');
    const footer = page.getByTestId('site-footer');
    await expect(footer).toBeVisible();
    await expect(footer.getByTestId('footer-legal')).toHaveAttribute('href', '/law-declare');
    await expect(footer.getByTestId('footer-licences')).toContainText('ICP B2-00000000');
    await expect(footer.getByTestId('footer-licences')).toContainText('Culture Network (2026) 0000-000');
    await expect(
      footer.getByTestId('footer-contact').locator('a[href="mailto:support@pixora.local"]'),
    ).toBeVisible();
    await expect(footer.getByTestId('footer-friendly-links').getByRole('link')).toHaveCount(3);
    // The QR code is drawn once it nears the viewport.
    const qr = footer.getByRole('img', { name: /QR code/ });
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toHaveAttribute('data-qr-value', `${baseURL}/index`);

    await page.goto('/index?lang=zh');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('footer-licences')).toContainText('增值电信业务经营许可证');
  });

  test('footer resources are hidden at 375 px and shown at 1366 px', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await openHome(page);
    await expect(page.getByTestId('footer-resources')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('footer-resources')).toBeHidden();
    await expect(page.getByTestId('site-footer').getByTestId('footer-legal')).toBeVisible();
  });

  test('back to top appears from 200 px of scroll and takes the page back up', async ({ page }) => {
    await openHome(page);
    const top = page.getByTestId('toolbox-top');
    await scrollTo(page, 199);
    await page.waitForTimeout(200);
    await expect(top).toHaveCount(0);
    await scrollTo(page, 200);
    await expect(top).toBeVisible();
    await top.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(top).toHaveCount(0);
  });

  test('the tool box: support chat answers from the FAQ, mail, QR codes, share', async ({
    page,
    baseURL,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openHome(page);
    await expect(page.getByTestId('toolbox-mail')).toHaveAttribute('href', 'mailto:support@pixora.local');

    await page.getByTestId('toolbox-support').click();
    const support = page.getByTestId('support-panel');
    await expect(support).toBeVisible();
    await expect(support.getByTestId('support-answer')).toHaveCount(4);
    await support.getByTestId('support-search').locator('input').fill('rate limit 429');
    const first = support.getByTestId('support-answer').first();
    await expect(first.locator('summary')).toContainText('rate limits');
    await expect(first).toHaveAttribute('open', '');
    await expect(first).toContainText('429');
    const mail = new URL((await support.getByTestId('support-mail').getAttribute('href'))!);
    expect(mail.pathname).toBe('support@pixora.local');
    expect(mail.searchParams.get('body')).toContain(`${baseURL}/index`);
    // The satisfaction questionnaire under the answers: a rating and a comment, thanked by the server.
    await support.getByTestId('survey').getByRole('radio').nth(4).click();
    await support.getByTestId('survey-comment').fill('Clear demos');
    await support.getByTestId('survey-send').click();
    await expect(support.getByTestId('survey-thanks')).toContainText('Thank you for rating us');
    await support.getByTestId('support-search').locator('input').focus();
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await expect(page.getByTestId('toolbox-support')).toBeFocused();

    await page.getByTestId('toolbox-miniprogram').hover();
    await expect(page.getByTestId('toolbox-miniprogram-panel').getByRole('img')).toHaveAttribute(
      'data-qr-value',
      `${baseURL}/algorithm/solution/studioSolution?source=miniprogram`,
    );
    await page.getByTestId('toolbox-official').hover();
    await expect(page.getByTestId('toolbox-official-panel').getByRole('img')).toHaveAttribute(
      'data-qr-value',
      `${baseURL}/aboutus`,
    );

    // Headless chromium has no Web Share API: the link is copied.
    await page.getByTestId('toolbox-share').click();
    await expect(page.getByText('Copy success')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/index?lang=en`);
  });

  test('on phones the tool box folds behind one button and leaves out the QR codes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page);
    const fold = page.getByTestId('toolbox-fold');
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('toolbox-support')).toBeHidden();
    await scrollTo(page, 200);
    await expect(page.getByTestId('toolbox-top')).toBeVisible();
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    for (const tool of ['toolbox-support', 'toolbox-mail', 'toolbox-share'])
      await expect(page.getByTestId(tool)).toBeVisible();
    for (const tool of ['toolbox-official', 'toolbox-miniprogram'])
      await expect(page.getByTestId(tool)).toBeHidden();
    await page.getByTestId('toolbox-support').click();
    await expect(page.getByTestId('support-panel')).toBeVisible();
  });

  test('no feedback button outside the internal domain, signed in or not', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await openHome(page);
    await expect(page.getByTestId('toolbox-support')).toBeVisible();
    await expect(page.getByTestId('toolbox-feedback')).toHaveCount(0);
    const token = await signedInAccount(request, 'outside');
    await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL! }]);
    await openHome(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('toolbox-feedback')).toHaveCount(0);
  });
});

test.describe('site analytics', () => {
  test.use({ timezoneId: 'Asia/Shanghai' });

  interface Visit {
    id: number;
    url: string;
    duration_ms: number;
    logged_in: number;
    opened_at: string;
    channel: string;
    location: string;
  }
  const visitsSince = (id: number) => queryRows<Visit>('select * from visits where id > ? order by id', id);
  const lastId = () => queryRows<{ id: number | null }>('select max(id) as id from visits')[0]?.id ?? 0;

  test('every navigation stores url, time on the previous page, login flag, open time, channel and location', async ({
    page,
  }) => {
    const start = lastId();
    await openHome(page, 'en', `&visit=${run}`);
    await page.waitForTimeout(1200);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'About Us' })
      .click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect
      .poll(() => visitsSince(start).map((v) => v.url))
      .toEqual([`/index?lang=en&visit=${run}`, '/aboutus']);
    const [home, about] = visitsSince(start);
    expect(home).toMatchObject({ duration_ms: 0, logged_in: 0, channel: 'web', location: 'Asia/Shanghai' });
    expect(home!.opened_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(about!.duration_ms).toBeGreaterThanOrEqual(1200);
    expect(about!.duration_ms).toBeLessThan(60_000);
  });

  test('a signed-in visit is stored with the login flag', async ({ page, context, request, baseURL }) => {
    const token = await signedInAccount(request, 'visitor');
    await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL! }]);
    const start = lastId();
    await openHome(page, 'en', `&visit=${run}-in`);
    await expect
      .poll(() => visitsSince(start).map((v) => [v.url, v.logged_in]))
      .toEqual([[`/index?lang=en&visit=${run}-in`, 1]]);
  });

  test('a phone visit is stored with the mobile channel', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const start = lastId();
    await openHome(page, 'zh', `&visit=${run}-m`);
    await expect
      .poll(() => visitsSince(start).map((v) => [v.url, v.channel]))
      .toEqual([[`/index?lang=zh&visit=${run}-m`, 'mobile']]);
  });
});

test.describe('layout at 1920, 1366 and 375 px', () => {
  for (const [width, wrap, nav] of [
    [1920, 1200, 70],
    [1366, 1100, 70],
    [375, 375, 50],
  ] as const) {
    test(`${width} px: content column ${wrap} px, top bar ${nav} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page);
      const bar = page.getByTestId('top-bar');
      expect((await bar.boundingBox())!.height).toBe(nav);
      const column = await bar.locator('.wrap').first().boundingBox();
      expect(column!.width).toBe(wrap);
      expect(column!.x).toBe((width - wrap) / 2);
      const footerColumn = await page.getByTestId('site-footer').locator('.wrap').first().boundingBox();
      expect(footerColumn!.width).toBe(wrap);
      const main = await page
        .locator('#main-content')
        .evaluate((element) => getComputedStyle(element).paddingTop);
      expect(main).toBe(`${nav}px`);
      await testInfo.attach(`home-${width}px`, {
        body: await page.screenshot({ fullPage: false }),
        contentType: 'image/png',
      });
      await scrollTo(page, 100_000);
      await testInfo.attach(`footer-${width}px`, {
        body: await page.screenshot({ fullPage: false }),
        contentType: 'image/png',
      });
    });
  }
});

test.describe('nothing cut or overflowing at 1366 and 375 px, in every language', () => {
  /**
   * Under `root`: how far any box that clips or scrolls (root included) holds more than it shows,
   * and the links that reach outside the window.
   */
  const cutText = (root: import('@playwright/test').Locator) =>
    root.evaluate((element) => {
      const boxes = [element, ...Array.from(element.querySelectorAll('*'))];
      const clipping = boxes.filter((e) => getComputedStyle(e).overflowX !== 'visible');
      return {
        overflow: Math.max(
          element.scrollWidth - element.clientWidth,
          ...clipping.map((e) => e.scrollWidth - e.clientWidth),
        ),
        cut: clipping
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent?.slice(0, 40)),
        outside: Array.from(element.querySelectorAll('a'))
          .filter((a) => {
            const r = a.getBoundingClientRect();
            return r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1);
          })
          .map((a) => a.textContent),
      };
    });

  for (const width of [1366, 375])
    for (const language of ['zh', 'zh_tw', 'en'])
      test(`${width} px, ${language}: the top bar and the algorithm group tabs`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/algorithm/faceTechnology?lang=${language}`);
        const tabs = page.getByTestId('group-bar');
        await expect(tabs.locator('a')).toHaveCount(9);
        for (const root of [page.getByTestId('top-bar'), tabs])
          expect(await cutText(root), `${width} ${language}`).toEqual({ overflow: 0, cut: [], outside: [] });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
});

test.describe('internal domain (a second server that counts loopback as internal)', () => {
  test.describe.configure({ mode: 'serial' });
  let internal: InternalServer;
  let token = '';

  test.beforeAll(async ({ request }) => {
    internal = await startInternalServer();
    token = await signedInAccount(request, 'inside');
  });
  test.afterAll(async () => {
    await internal?.stop();
  });

  test('the Internal test tab lists Status 1 entries with their icon', async ({ page }, testInfo) => {
    await page.goto(`${internal.baseURL}/index?lang=en`);
    await page.getByTestId('nav-products').hover();
    const list = page.getByTestId('product-menu-panel');
    await expect(page.getByTestId('product-tab-internal')).toBeVisible();
    await expect(list.getByRole('link', { name: /Image Restoration/ })).toContainText('Internal test');
    await page.getByTestId('product-tab-internal').hover();
    await expect(list).toHaveAttribute('data-tab', 'internal');
    await expect(list.locator('[data-status="1"]').first()).toBeVisible();
    await expect(list.locator('[data-status="2"]')).toHaveCount(0);
    await testInfo.attach('internal-test-tab', { body: await page.screenshot(), contentType: 'image/png' });
    // Signed out: no feedback button even inside.
    await expect(page.getByTestId('toolbox-feedback')).toHaveCount(0);
  });

  test('signed in, feedback is sent with attachments and stored', async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: 'Admin-Token', value: token, url: internal.baseURL }]);
    await page.goto(`${internal.baseURL}/index?lang=en`);
    await page.getByTestId('toolbox-feedback').click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await expect(dialog).toBeVisible();
    // Measured once the opening animation (a zoom) has ended.
    await expect
      .poll(async () => (await dialog.locator('.ant-modal-container').boundingBox())?.width ?? 0)
      .toBeGreaterThanOrEqual(550);
    await expect(dialog.getByRole('radio', { name: 'Product optimization' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(dialog.getByTestId('feedback-content')).toHaveAttribute('rows', '4');

    await dialog.getByTestId('feedback-title').fill('   ');
    await dialog.getByTestId('feedback-submit').click();
    await expect(dialog.getByText('Please enter a title')).toBeVisible();

    const title = `Layout e2e ${run}`;
    await dialog.getByTestId('feedback-title').fill(`  ${title}  `);
    await dialog.getByTestId('feedback-content').fill('Steps:\n1. open the menu\n2. scroll');
    // The radios are drawn as buttons: a person clicks their labels.
    await dialog.locator('label', { hasText: 'Defect' }).click();
    await dialog.locator('label', { hasText: 'High' }).click();
    await expect(dialog.getByRole('radio', { name: 'Defect' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'High' })).toBeChecked();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'console.log',
      mimeType: 'text/plain',
      buffer: Buffer.from('TypeError: menu is undefined'),
    });
    // A second file arrives by drag and drop.
    const drop = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'screen.png', { type: 'image/png' }),
      );
      return transfer;
    });
    const dropZone = dialog.locator('.ant-upload-drag-container');
    await dropZone.dispatchEvent('dragover', { dataTransfer: drop });
    await dropZone.dispatchEvent('drop', { dataTransfer: drop });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(2);
    await testInfo.attach('feedback-dialog', { body: await page.screenshot(), contentType: 'image/png' });

    await dialog.getByTestId('feedback-submit').click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const rows = queryRows<{
      type_id: number;
      priority_id: number;
      title: string;
      content: string;
      attachments: string;
    }>('select type_id, priority_id, title, content, attachments from feedback where title = ?', title);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type_id: 1,
      priority_id: 3,
      content: 'Steps:\\n1. open the menu\\n2. scroll',
    });
    const keys = JSON.parse(rows[0]!.attachments) as string[];
    expect(keys.map((key) => key.split('.').pop())).toEqual(['log', 'png']);
  });
});

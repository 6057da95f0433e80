import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  LANGUAGES,
  runShellExample,
  startNodeScript,
  storeLanguage,
  waitForServer,
  type Language,
} from './support/pages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LEGAL_PAGES: Array<{ path: string; titles: Record<Language, string> }> = [
  {
    path: '/service-protocol',
    titles: { zh: '用户协议', zh_tw: '使用者協議', en: 'User Agreement' },
  },
  {
    path: '/privacy-protocol',
    titles: { zh: '隐私政策', zh_tw: '隱私權政策', en: 'Privacy Policy' },
  },
  {
    path: '/law-declare',
    titles: {
      zh: '法律声明及账号规则',
      zh_tw: '法律聲明及帳號規則',
      en: 'Legal Statement and Account Rules',
    },
  },
];

test.describe('documentation', () => {
  test.beforeEach(async ({ context, baseURL }) => storeLanguage(context, baseURL!, 'en'));

  test('loads the tree, opens the first document without an id and shows the FAQ at id 113', async ({
    page,
  }) => {
    await page.goto('/doc');
    await expect(page).toHaveURL(/\/doc\?id=100$/);
    const tree = page.getByTestId('doc-tree');
    await expect(tree.getByRole('link', { name: 'Quick start' })).toBeVisible();
    await expect(tree.getByRole('link', { name: 'Face Key Points' })).toHaveCount(0);

    await tree.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/doc\?id=113$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    await expect(tree.locator('[aria-current=page]')).toHaveText('FAQ');
    expect(await page.getByTestId('doc-article').locator('h3').count()).toBeGreaterThan(10);
  });

  test('every doc id the site links answers with a page of its own', async ({ page }) => {
    for (const id of [45, 49, 53, 79, 85, 6, 13, 15, 88, 92, 95, 80, 96, 97, 82, 81, 71, 72, 74, 75]) {
      await page.goto(`/doc?id=${id}`);
      const article = page.getByTestId('doc-article');
      await expect(article).toHaveAttribute('data-doc-id', String(id));
      await expect(article.getByRole('heading', { level: 2, name: 'Endpoint' })).toBeVisible();
      await expect(article.locator('[data-testid=code-block][data-language=sh]')).toContainText('curl -s');
    }
  });

  test('the curl example of an API page works against the running platform', async ({ page }) => {
    await page.goto('/doc?id=49');
    const example = page.locator('[data-testid=code-block][data-language=sh]');
    await expect(example).toContainText('/v2/facepoints?api_key=pixora-demo-key');
    const answer = JSON.parse(runShellExample(await example.locator('code').innerText()));
    const faces = answer.media_info_list[0].media_extra.faces;
    expect(faces.length).toBe(1);
    expect(faces[0].face_landmark.mesh).toHaveLength(468);
  });

  test('renders markdown as text, with anchors on headings', async ({ page }) => {
    await page.goto('/doc?id=102');
    const article = page.getByTestId('doc-article');
    await expect(article.locator('h2').first()).toHaveAttribute('id', /.+/);
    await expect(article.locator('script')).toHaveCount(0);
    await expect(article.locator('table').first()).toBeVisible();
  });

  test('opens the tree in a drawer on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/doc?id=101');
    await expect(page.getByTestId('doc-tree')).toBeHidden();
    await page.getByTestId('doc-tree-open').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('link', { name: 'Authentication' }).click();
    await expect(page).toHaveURL(/\/doc\?id=102$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentication');
    await expect(drawer.getByRole('link', { name: 'Authentication' })).toBeHidden();
  });

  test("the mobile guide's relay forwards an app's call to the platform", async ({ page, baseURL }) => {
    await page.goto('/android-doc');
    const relay = await page.locator('[data-testid=code-block][data-language=js] code').first().innerText();
    expect(relay).toContain('.listen(3000)');
    const port = Number(new URL(baseURL!).port) + 10;
    const child = startNodeScript(relay.replace('.listen(3000)', `.listen(${port})`), {
      PIXORA_URL: baseURL!,
      PIXORA_API_KEY: 'pixora-demo-key',
      PIXORA_API_SECRET: 'pixora-demo-secret',
    });
    try {
      await waitForServer(`http://127.0.0.1:${port}/`);
      const photo = await (await fetch(`${baseURL}/samples/astronaut.jpg`)).arrayBuffer();
      const media = {
        media_data: Buffer.from(photo).toString('base64'),
        media_profiles: { media_data_type: 'jpg' },
      };
      const answer = await fetch(`http://127.0.0.1:${port}/face-points`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ media_info_list: [media] }),
      });
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body.media_info_list[0].media_extra.faces).toHaveLength(1);
    } finally {
      child.kill();
    }
  });

  test('shows the SDK integration guides at /android-doc and /ios-doc', async ({ page }) => {
    await page.goto('/android-doc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Android integration');
    await expect(page.getByTestId('doc-article')).toContainText('relay.mjs');
    await page.goto('/ios-doc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('iOS integration');
  });
});

test.describe('legal texts', () => {
  for (const language of LANGUAGES) {
    test(`render in the stored language: ${language}`, async ({ page, context, baseURL }) => {
      await storeLanguage(context, baseURL!, language);
      for (const legal of LEGAL_PAGES) {
        await page.goto(legal.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.titles[language]);
        await expect(page.getByTestId('toc').getByRole('link').first()).toBeVisible();
      }
    });
  }

  test('the privacy policy states both dates and both ages', async ({ page, context, baseURL }) => {
    await storeLanguage(context, baseURL!, 'en');
    await page.goto('/privacy-protocol');
    const article = page.getByTestId('legal-article');
    await expect(article).toContainText('5 September 2019');
    await expect(article).toContainText('13 October 2017');
    await expect(article).toContainText('under 13');
    await expect(article).toContainText('under 14');
    await expect(article).not.toContainText('{{');
  });

  test('the legal notice has a title and five numbered sections', async ({ page, context, baseURL }) => {
    await storeLanguage(context, baseURL!, 'en');
    await page.goto('/law-declare');
    await page.getByTestId('legal-tab-legal-notice').click();
    await expect(page).toHaveURL(/doc=legal-notice/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal Notice');
    await expect(page.getByTestId('legal-article').locator('h2')).toHaveText([
      /^1\. Access rules/,
      /^2\. Disclaimer/,
      /^3\. Copyright/,
      /^4\. Trademarks/,
      /^5\. Third-party links/,
    ]);
  });

  test('prints without the site chrome', async ({ page, context, baseURL }) => {
    await storeLanguage(context, baseURL!, 'en');
    await page.goto('/privacy-protocol');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(
      page.getByRole('navigation').filter({ has: page.getByText('Product Service') }),
    ).toBeHidden();
    await expect(page.getByTestId('toc')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('solution, SDK and company pages', () => {
  test.beforeEach(async ({ context, baseURL }) => storeLanguage(context, baseURL!, 'en'));

  test('the solution page compares the plans: the standard one shows the measured pictures per minute', async ({
    page,
  }) => {
    // The figure is the studio pipeline's, as `npm run bench` measured it (content/site/measured.json).
    const measured = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/site/measured.json'), 'utf8')) as {
      studioPicturesPerMinute: number;
    };
    const shown = Math.floor(measured.studioPicturesPerMinute / 10) * 10;
    await page.goto('/algorithm/solution/studioSolution');
    const plans = page.getByTestId('plan-comparison');
    await expect(plans.getByRole('columnheader')).toHaveText(['Standard', 'Custom']);
    const throughput = plans.locator('tr[data-row=throughput]');
    await expect(throughput.locator('td').first()).toHaveText(
      `${shown} pictures per minute, measured on a 2-core server`,
    );
    await expect(throughput.locator('td').nth(1)).toContainText('Depends on the functions chosen');
  });

  test('keeps source=miniprogram on the links of the solution page', async ({ page }) => {
    await page.goto('/algorithm/solution/studioSolution?source=miniprogram');
    const links = page.getByTestId('solution-links').getByRole('link');
    await expect(links).toHaveCount(6);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      expect(new URL(href!, 'http://x').searchParams.get('source')).toBe('miniprogram');
    await links.last().click();
    await expect(page).toHaveURL(/\/doc\?id=233&source=miniprogram$/);
    await page.goto('/algorithm/solution/studioSolution');
    const href = await page.getByTestId('solution-links').getByRole('link').first().getAttribute('href');
    expect(href).not.toContain('source=');
  });

  test('an SDK entry opens the SDK page on its module, and the tabs switch', async ({ page }) => {
    await page.goto('/algorithm/imageProcessing/arSDK');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AR Effects SDK');
    await expect(page.getByRole('tab')).toHaveCount(9);
    await expect(page.getByTestId('sdk-panel-arFilter')).toBeVisible();
    await expect(page.getByTestId('sdk-on-request')).toContainText('@');
    await page.getByRole('tab', { name: 'Skin detect' }).click();
    await expect(page.getByTestId('sdk-panel-skinDetect')).toBeVisible();
    await expect(page.getByTestId('sdk-panel-skinDetect')).toContainText('40 skin-tone levels');
    await expect(page.getByTestId('sdk-panel-arFilter')).toBeHidden();
    await expect(page).toHaveURL(/tab=skinDetect/);
    await page.reload();
    await expect(page.getByTestId('sdk-panel-skinDetect')).toBeVisible();
  });

  test('about, business and service support show their content', async ({ page }) => {
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page.getByRole('heading', { name: 'The Pixora Imaging Lab' })).toBeVisible();
    await page.goto('/business');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business');
    await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service support');
    await page.getByRole('link', { name: 'Read the FAQ' }).click();
    await expect(page).toHaveURL(/\/doc\?id=113$/);
  });
});

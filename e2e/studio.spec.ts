import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readyAccount, useSession, type Account } from './support/console.ts';
import { LANGUAGES, storeLanguage } from './support/pages.ts';
import { blockingViolations, pageSettled } from './support/quality.ts';

/**
 * The studio page: a signed-in developer drops photos, the batch runs as one v1/studio job of
 * their app, results arrive, and everything downloads as one ZIP. The page joins the axe check
 * at desktop and phone widths in the three languages.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** face-api's demo photos (MIT package, test use only): sample5 has five faces (vision studio.test.ts). */
const sample = (n: number) => path.join(root, `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`);
const run = Date.now();
const developer: Account = {
  email: `studio-${run}@e2e.test`,
  password: 'studio-pass1',
  phone: `136${String(run).slice(-8)}`,
  realName: 'Studio_Dev',
};
const JOB_TIMEOUT = { timeout: 120_000 };

/** The names of a ZIP's entries, read from its central directory (signature PK 01 02). */
function zipEntries(zip: Buffer): Array<{ name: string; offset: number }> {
  const entries: Array<{ name: string; offset: number }> = [];
  for (
    let at = zip.indexOf('PK\x01\x02', 0, 'latin1');
    at >= 0;
    at = zip.indexOf('PK\x01\x02', at + 4, 'latin1')
  ) {
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      offset: zip.readUInt32LE(at + 42),
    });
  }
  return entries;
}

/** The first bytes of an entry's data (store-only ZIP: right after its local header). */
function entryHead(zip: Buffer, offset: number): Buffer {
  const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
  return zip.subarray(start, start + 3);
}

/** Signs `account` in (registering it first) and gives it an app of the studio: its session, key and secret. */
async function studioDeveloper(request: APIRequestContext, account: Account, appName: string) {
  const token = await readyAccount(request, account);
  const created = await request.post('/api/v1/apps', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: appName,
      capabilities: [176],
      scenario: 'Retouching portrait sessions of our photo studio',
      expected_daily_calls: 100,
      contact_phone: '+86 13500000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { app, api_secret: secret } = (
    (await created.json()) as {
      data: { app: { api_key: string }; api_secret: string };
    }
  ).data;
  return { token, app, secret };
}

async function noViolations(page: Page, what: string) {
  expect(await blockingViolations(page), what).toEqual([]);
}

test('a signed-in developer retouches three photos as one batch and downloads them all', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { token } = await studioDeveloper(request, developer, `Studio${run % 100000}`);
  await useSession(context, baseURL!, token);

  // The solution page leads a signed-in developer to the studio.
  await page.goto('/algorithm/solution/studioSolution?lang=en');
  const link = page.getByTestId('solution-studio');
  await expect(link).toHaveText('Open the studio');
  await link.click();
  await expect(page).toHaveURL(/\/admin\/studio$/);
  const form = page.getByTestId('studio-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('studio-limits')).toHaveText(
    'JPEG or PNG only, each under 10 MB; at most 100 photos and 47 MB in one batch.',
  );

  // A folder of three face-api photos, a text file named like a photo and a hidden file: the text
  // file is left out before anything is sent, the hidden one silently.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
  for (const n of [1, 5, 2]) fs.copyFileSync(sample(n), path.join(dir, `sample${n}.jpg`));
  fs.writeFileSync(path.join(dir, 'notes.jpg'), 'not a photo, only named like one\n');
  fs.writeFileSync(path.join(dir, '.DS_Store'), 'folder settings\n');
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/v1/jobs') && req.method() === 'POST') sent.push(req.postData() ?? '');
  });
  await page.getByTestId('studio-folder').setInputFiles(dir);
  await expect(page.getByTestId('studio-refused')).toHaveText('notes.jpg: not a JPEG or PNG photo');
  await expect(page.getByTestId('studio-selected')).toContainText('Photos ready: 3');
  expect(sent).toHaveLength(0);
  await noViolations(page, 'form with photos');

  await page.getByTestId('studio-submit').click();
  const job = page.getByTestId('studio-job');
  await expect(job).toHaveAttribute('data-status', 'done', JOB_TIMEOUT);
  expect(sent).toHaveLength(1);
  expect((JSON.parse(sent[0]!) as { items: unknown[] }).items).toHaveLength(3);
  await expect(page.getByTestId('studio-progress')).toHaveText(
    '3 of 3 photos processed: 3 retouched, 0 failed',
  );
  const items = page.getByTestId('studio-item');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('studio-thumb')).toHaveCount(3);
  // The thumbnails are the retouched pictures, loaded.
  for (const thumb of await page.getByTestId('studio-thumb').all())
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // In the folder's order: sample1, sample2, sample5.
  await expect(items.nth(2)).toContainText('sample5.jpg');
  await expect(items.nth(2)).toContainText('Faces beautified: 5');
  await expect(items.nth(0).getByTestId('studio-download')).toHaveAttribute('download', 'sample1-studio.jpg');

  // One picture, then all of them.
  const single = page.waitForEvent('download');
  await items.nth(0).getByTestId('studio-download').click();
  const picture = fs.readFileSync(await (await single).path());
  expect([...picture.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const whole = page.waitForEvent('download');
  await page.getByTestId('studio-zip').click();
  const download = await whole;
  expect(download.suggestedFilename()).toMatch(/^job_[0-9a-f]{24}\.zip$/);
  const zip = fs.readFileSync(await download.path());
  const entries = zipEntries(zip);
  expect(entries.map((entry) => entry.name).sort()).toEqual([
    'item-0001.jpg',
    'item-0002.jpg',
    'item-0003.jpg',
    'job.json',
  ]);
  for (const entry of entries.filter((e) => e.name.endsWith('.jpg')))
    expect([...entryHead(zip, entry.offset)], entry.name).toEqual([0xff, 0xd8, 0xff]);
  fs.rmSync(dir, { recursive: true, force: true });

  // Leaving the page loses nothing: the batch is listed and opens again.
  const address = page.url();
  await page.goto('/admin/appManager');
  await page.goto('/admin/studio');
  await expect(page.getByTestId('studio-recent-job')).toHaveCount(1);
  await page.getByTestId('studio-recent-job').getByRole('button').first().click();
  await expect(page.getByTestId('studio-job')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('studio-thumb')).toHaveCount(3);
  expect(page.url()).toBe(address);

  // Accessibility: the batch and the empty form, at desktop and phone widths, in three languages.
  for (const language of LANGUAGES) {
    await storeLanguage(context, baseURL!, language);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(address);
      await expect(page.getByTestId('studio-thumb')).toHaveCount(3);
      await pageSettled(page);
      await noViolations(page, `batch ${language} ${width}`);
      await page.goto('/admin/studio');
      await expect(page.getByTestId('studio-form')).toBeVisible();
      await pageSettled(page);
      await noViolations(page, `form ${language} ${width}`);
    }
  }
});

test('a running batch is cancelled from the page; a batch started through the API shows in its history', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const canceller: Account = {
    email: `studio-cancel-${run}@e2e.test`,
    password: 'studio-pass1',
    phone: `137${String(run).slice(-8)}`,
    realName: 'Studio_Cancel',
  };
  const { token, app, secret } = await studioDeveloper(request, canceller, `Cancel${run % 100000}`);
  await useSession(context, baseURL!, token);

  // Sixty photos run one after another on the one worker: long enough to cancel mid-way.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-cancel-'));
  for (let i = 0; i < 60; i++)
    fs.copyFileSync(sample(1 + (i % 3)), path.join(dir, `p${String(i).padStart(2, '0')}.jpg`));
  await page.goto('/admin/studio');
  await expect(page.getByTestId('studio-form')).toBeVisible();
  await page.getByTestId('studio-folder').setInputFiles(dir);
  await expect(page.getByTestId('studio-selected')).toContainText('Photos ready: 60');
  await page.getByTestId('studio-submit').click();
  const job = page.getByTestId('studio-job');
  await expect(job).toHaveAttribute('data-status', /queued|running/);
  const id = /job=(job_[0-9a-f]{24})/.exec(page.url())![1]!;
  await page.getByTestId('studio-cancel').click();
  await expect(page.getByText('Cancel this batch?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(job).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('studio-cancel')).toHaveCount(0);
  // The photos not started are cancelled, not failed; the job finishes once the running one has.
  const view = (await (
    await request.get(`/v1/jobs/${id}?api_key=${app.api_key}&api_secret=${secret}`)
  ).json()) as { cancelled: number; failed: number; succeeded: number };
  expect(view.cancelled).toBeGreaterThan(0);
  expect(view.failed).toBe(0);
  await expect(page.getByTestId('studio-item').and(page.locator('[data-status="cancelled"]'))).toHaveCount(
    view.cancelled,
  );
  await expect(page.getByTestId('studio-progress')).toContainText(`${view.cancelled} cancelled`);
  await expect(page.getByTestId('studio-item').and(page.locator('[data-status="failed"]'))).toHaveCount(0);
  // The app's history lists it as cancelled.
  const row = page.getByTestId('studio-recent-job').filter({ hasText: id });
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row).toContainText('Cancelled');
  fs.rmSync(dir, { recursive: true, force: true });

  // A batch started through the API with the app's key (not by the page) is in the page's history.
  const photo = fs.readFileSync(sample(5)).toString('base64');
  const started = await request.post(`/v1/jobs?api_key=${app.api_key}&api_secret=${secret}`, {
    data: {
      capability: 'v1/studio',
      items: [1, 2].map(() => ({
        media_info_list: [{ media_data: photo, media_profiles: { media_data_type: 'jpg' } }],
      })),
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const viaApi = ((await started.json()) as { job_id: string }).job_id;
  await page.goto('/admin/studio');
  const rows = page.getByTestId('studio-recent-job');
  await expect(rows.first()).toContainText(viaApi);
  await expect(rows.nth(1)).toContainText(id);
  await rows.first().getByRole('button').first().click();
  await expect(page.getByTestId('studio-job')).toHaveAttribute('data-status', 'done', JOB_TIMEOUT);
  await expect(page.getByTestId('studio-item')).toHaveCount(2);
  await expect(page.getByTestId('studio-item').nth(0)).toContainText('Faces beautified: 5');
  await expect(rows.first()).toHaveAttribute('data-status', 'done');

  // Accessibility: the cancel question over a running batch (a running view of the job served to
  // the page, so that the check does not race the worker), at both widths in three languages.
  const running = {
    job_id: viaApi,
    capability: 'v1/studio',
    status: 'running',
    total: 2,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    progress: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    finished_at: null,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    callback: null,
    items: [
      { index: 0, status: 'running' },
      { index: 1, status: 'queued' },
    ],
  };
  const appId = new URL(page.url()).searchParams.get('app');
  expect(appId).toMatch(/^\d+$/);
  await page.route(`**/v1/jobs/${viaApi}`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: running }) : route.fallback(),
  );
  for (const language of LANGUAGES) {
    await storeLanguage(context, baseURL!, language);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/studio?job=${viaApi}&app=${appId}`);
      await expect(page.getByTestId('studio-job')).toHaveAttribute('data-status', 'running');
      await page.getByTestId('studio-cancel').click();
      await expect(page.locator('.ant-popconfirm')).toBeVisible();
      await pageSettled(page);
      await noViolations(page, `cancel question ${language} ${width}`);
    }
  }
  await page.unroute(`**/v1/jobs/${viaApi}`);
});

test('the solution page asks a signed-out visitor to sign in for the studio', async ({ page }) => {
  await page.goto('/algorithm/solution/studioSolution?lang=en');
  await expect(page.getByTestId('solution-studio')).toHaveText('Sign in to open the studio');
  await page.getByTestId('solution-studio').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

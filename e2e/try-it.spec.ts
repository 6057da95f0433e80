import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { facePhotos } from './support/face-photos.ts';
import { readyAccount, useSession, type Account } from './support/console.ts';
import { blockingViolations } from './support/quality.ts';

/**
 * The docs centre's "try it" panel under a capability's API reference (doc 96, human detection):
 * the capability's own demo on the page, the request as code, and, signed in, the call made as the
 * developer's own app and counted in its usage.
 */
const ANALYSIS_TIMEOUT = { timeout: 60_000 };
const run = Date.now();
const developer: Account = {
  email: `try-it-${run}@e2e.test`,
  password: 'try-it-pass1',
  phone: `137${String(run).slice(-8)}`,
  realName: 'Try_It',
};

test('a visitor runs human detection from its API reference and reads the same request as code', async ({
  page,
}) => {
  await page.goto('/doc?id=96&lang=en');
  const panel = page.getByTestId('try-it');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('try-it-note')).toContainText('Sign in to call as one of your own apps');
  await panel.locator('[data-sample="astronaut.jpg"]').click();
  await panel.getByTestId('demo-analyse').click();
  // The astronaut is one person: one box drawn by the boxes kind's renderer.
  await expect(panel.getByTestId('kind-box')).toHaveCount(1, ANALYSIS_TIMEOUT);
  const code = panel.getByTestId('try-it-code');
  await expect(code.getByTestId('code-block')).toContainText(
    '/v1/HumanDetect?api_key=<api_key>&api_secret=<api_secret>',
  );
  await code.getByRole('tab', { name: 'TypeScript (SDK)' }).click();
  await expect(code.getByTestId('code-block').last()).toContainText(
    "pixora.call('v1/HumanDetect', ['photo.jpg']",
  );
  expect(await blockingViolations(page)).toEqual([]);
});

test('a face demo shows its parameters in the code as they are set, before any call (face detection v2)', async ({
  page,
}) => {
  await page.goto('/doc?id=202&lang=en');
  const panel = page.getByTestId('try-it');
  const curl = panel.getByTestId('try-it-code').getByTestId('code-block');
  await expect(curl).toContainText('"max_face_num":20');
  await panel.getByTestId('facedetect-max-faces').fill('3');
  await expect(curl).toContainText('"max_face_num":3');
});

/** Runs a snippet shown by the panel in a folder holding photo.jpg (the astronaut); its JSON answer. */
function runSnippet(command: string, args: string[], dir: string, env: NodeJS.ProcessEnv = {}) {
  fs.copyFileSync(facePhotos.astronaut, path.join(dir, 'photo.jpg'));
  const out = execFileSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  return JSON.parse(out) as Record<string, unknown>;
}
/** The people found, in the gateway's answer (curl, Python) or the SDK's (the answer inside it). */
const peopleIn = (answer: Record<string, unknown>) =>
  (
    (answer.media_info_list as { media_extra: { person_num: number } }[] | undefined)?.[0]?.media_extra ??
    (answer as { person_num: number })
  ).person_num;

test('a signed-in developer calls as their own app from the docs, and the call is in its usage', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await readyAccount(request, developer);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/apps', {
    headers,
    data: {
      name: `TryIt${run % 100000}`,
      capabilities: [76],
      scenario: 'Counting people in shop photos',
      expected_daily_calls: 100,
      contact_phone: '+86 13500000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { app, api_secret: secret } = (
    (await created.json()) as {
      data: { app: { id: number; api_key: string }; api_secret: string };
    }
  ).data;
  await useSession(context, baseURL!, token);

  await page.goto('/doc?id=96&lang=en');
  const panel = page.getByTestId('try-it');
  await expect(panel.getByTestId('try-it-note')).toContainText(`as your app “TryIt${run % 100000}”`);
  const curl = panel.getByTestId('try-it-code').getByTestId('code-block');
  await expect(curl).toContainText(`/v1/HumanDetect?api_key=${app.api_key}&api_secret=<api_secret>`);
  // Each snippet shown runs as it is, once the secret is put in, on the astronaut photo: the curl in
  // a shell, the Python with Debian's python3 and requests, the TypeScript with the SDK (signed).
  const code = panel.getByTestId('try-it-code');
  const shown = async (tab: string) => {
    await code.getByRole('tab', { name: tab }).click();
    return (await code.getByRole('tabpanel').locator('pre').textContent())!;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'try-it-'));
  const shell = (await curl.locator('pre').textContent())!.replace('<api_secret>', secret);
  expect(peopleIn(runSnippet('bash', ['-c', shell], dir))).toBe(1);
  fs.writeFileSync(path.join(dir, 'call.py'), (await shown('Python')).replace('<api_secret>', secret));
  const python = runSnippet('python3', ['call.py'], dir);
  expect(peopleIn(python)).toBe(1);
  fs.rmSync(dir, { recursive: true, force: true });
  // The SDK resolves from the repository's node_modules: the script lives under test-results.
  const sdkDir = testInfo.outputPath('sdk');
  fs.mkdirSync(sdkDir, { recursive: true });
  fs.writeFileSync(path.join(sdkDir, 'call.mts'), await shown('TypeScript (SDK)'));
  const sdk = runSnippet(process.execPath, ['--import', 'tsx', 'call.mts'], sdkDir, {
    PIXORA_API_SECRET: secret,
  });
  expect(peopleIn(sdk)).toBe(1);
  await code.getByRole('tab', { name: 'curl' }).click();
  await panel.locator('[data-sample="astronaut.jpg"]').click();
  await panel.getByTestId('demo-analyse').click();
  await expect(panel.getByTestId('kind-box')).toHaveCount(1, ANALYSIS_TIMEOUT);

  // The call is the app's: its usage counts it (the usage is stored before the answer leaves).
  const usage = await request.get(`/api/v1/apps/usage?days=1&app_id=${app.id}`, { headers });
  const report = (await usage.json()) as {
    data: { capabilities: { capability_id: number; calls: number }[] };
  };
  // Four calls of the app: the shell's curl, Python's, the SDK's and the panel's.
  expect(report.data.capabilities).toContainEqual(expect.objectContaining({ capability_id: 76, calls: 4 }));
});

import { expect, test } from '@playwright/test';
import { callFacepoints, readyAccount, useSession, type Account } from './support/console.ts';
import { blockingViolations } from './support/quality.ts';

const run = Date.now();
// The administrator of the e2e server (ADMIN_EMAILS); other specs may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: `137${String(run).slice(-8)}`,
  realName: 'Admin',
};
const developer: Account = {
  email: `workers-dev-${run}@e2e.test`,
  password: 'workers-pass1',
  phone: `137${String(run + 1).slice(-8)}`,
  realName: 'Workers_Dev',
};

test('the console overview shows admins the inference workers, the queue and the jobs done, and others not', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A call first, so that the worker has a job done to show.
  expect((await callFacepoints(request, 'pixora-demo-key', 'pixora-demo-secret')).status()).toBe(200);
  await useSession(context, baseURL!, await readyAccount(request, admin));
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
    await page.goto('/open-admin/open-platform-admin');
    const panel = page.getByTestId('workers-panel');
    await expect(panel).toContainText("Inference workers · this server's pool");
    await expect(panel.getByRole('row')).toHaveCount(2); // the header and the server's pool
    await expect(panel.getByRole('row').nth(1)).toContainText('local');
    await expect(panel).toContainText('Queue limit');
    expect(await blockingViolations(page), `at ${width} px`).toEqual([]);
  }

  await useSession(context, baseURL!, await readyAccount(request, developer));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/open-admin/open-platform-admin');
  await expect(page.getByTestId('console-page')).toBeVisible();
  await expect(page.getByTestId('console-roles')).toBeVisible();
  await expect(page.getByTestId('workers-panel')).toHaveCount(0);
});

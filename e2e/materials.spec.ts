import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readyAccount, useSession, type Account } from './support/console.ts';
import { blockingViolations } from './support/quality.ts';

const run = Date.now();

/**
 * Waits until antd's confirmation messages have faded out: in the middle of the fade axe reads
 * their text half-transparent and reports a contrast that the message does not have.
 */
const messagesGone = (page: Page) =>
  expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
const digits = (prefix: string, offset: number) => `${prefix}${String(run + offset).slice(-8)}`;
// The administrator of the e2e server (ADMIN_EMAILS); other tests may have made it already.
const admin: Account = {
  email: 'admin@e2e.test',
  password: 'admin-pass1',
  phone: digits('137', 0),
  realName: 'Admin',
};
const maker: Account = {
  email: `materials-${run}@e2e.test`,
  password: 'materials-pass1',
  phone: digits('137', 1),
  realName: 'Material_Maker',
};

/** A green ring with a clear middle and corners (PNG with alpha), 120 px square. */
async function ringPng(): Promise<Buffer> {
  const side = 120;
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const r = Math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2) / (side / 2);
      if (r >= 0.5 && r <= 1) data.set([30, 200, 40, 255], (y * side + x) * 4);
    }
  return sharp(data, { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer();
}

/** Gives `account` the roles, as an administrator does on the users page. */
async function grantRoles(request: APIRequestContext, adminToken: string, email: string, roles: string[]) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const users = (await (await request.get('/api/v1/admin/users', { headers })).json()) as {
    data: { users: Array<{ id: number; email: string }> };
  };
  const user = users.data.users.find((u) => u.email === email)!;
  const set = await request.post(`/api/v1/admin/users/${user.id}/roles`, { headers, data: { roles } });
  expect(set.status()).toBe(200);
}

test('a material user uploads a sticker on the materials page, and the emoji demo then offers it with its picture and draws it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const adminToken = await readyAccount(request, admin);
  const token = await readyAccount(request, maker);
  await grantRoles(request, adminToken, maker.email, ['material']);
  await useSession(context, baseURL!, token);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/materials');
  await expect(page.getByTestId('materials-page')).toBeVisible();
  const grid = page.getByTestId('material-grid');
  await expect(grid.getByTestId('material-card')).toHaveCount(11);
  await expect(page.getByTestId('material-read-by')).toContainText('v1/EmojMaterialH5');
  await expect(page.getByTestId('console-nav')).toContainText('Materials');
  expect(await blockingViolations(page)).toEqual([]);

  // The upload: a name in three languages, the default anchor (the eyes), the PNG.
  const form = page.getByTestId('material-upload');
  await form.getByTestId('material-name_zh').fill('绿环');
  await form.getByTestId('material-name_zh_tw').fill('綠環');
  await form.getByTestId('material-name_en').fill('Green ring');
  await form.getByTestId('material-file').setInputFiles({
    name: 'ring.png',
    mimeType: 'image/png',
    buffer: await ringPng(),
  });
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/admin/materials') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Upload' }).click();
  const created = ((await (await uploaded).json()) as { data: { id: number; value: string } }).data;
  await expect(grid.getByTestId('material-card')).toHaveCount(12);
  const card = grid.locator(`[data-value="${created.value}"]`);
  await expect(card.getByRole('img', { name: 'Green ring' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Green ring offered' })).toBeChecked();

  // At a phone's width the page still passes.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await messagesGone(page);
  expect(await blockingViolations(page)).toEqual([]);

  // The emoji capability's demo lists it, with its picture, and sends its value.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/algorithm/generateImages/emojMaterial?lang=en');
  await expect(page.getByTestId('kind-demo-image')).toBeVisible();
  const materials = page.getByRole('group', { name: /material$/ });
  await expect(materials.locator('img')).toHaveCount(12);
  await expect(materials.locator(`img[src="/api/v1/materials/${created.id}/file"]`)).toBeVisible();
  await materials.getByText('Green ring', { exact: true }).click();
  await page.locator('[data-sample="astronaut.jpg"]').click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v1/EmojMaterialH5'));
  await page.getByTestId('demo-analyse').click();
  const response = await answered;
  const body = response.request().postDataJSON() as { parameter: Record<string, unknown> };
  expect(body.parameter).toMatchObject({ material: created.value });
  expect(response.status()).toBe(200);
  await expect(page.getByTestId('before-after-result')).toBeVisible({ timeout: 60_000 });

  // Switched off on the materials page, the demo no longer offers it.
  await page.goto('/admin/materials');
  await page
    .getByTestId('material-grid')
    .locator(`[data-value="${created.value}"]`)
    .getByRole('switch', { name: 'Green ring offered' })
    .click();
  await expect(
    page.getByTestId('material-grid').locator(`[data-value="${created.value}"]`).getByRole('switch'),
  ).not.toBeChecked();
  await page.goto('/algorithm/generateImages/emojMaterial?lang=en');
  await expect(page.getByRole('group', { name: /material$/ }).locator('img')).toHaveCount(11);

  // Leave the server's stickers as they were for the other specs.
  const removed = await request.delete(`/api/v1/admin/materials/${created.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
});

test('a material user uploads a makeup look, sees its preview on the sample portrait, and the makeup demo then offers and uses it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const adminToken = await readyAccount(request, admin);
  const token = await readyAccount(request, maker);
  await grantRoles(request, adminToken, maker.email, ['material']);
  await useSession(context, baseURL!, token);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/materials');
  await expect(page.getByTestId('materials-page')).toBeVisible();
  await page.getByTestId('material-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Makeup looks' }).click();
  await expect(page.getByTestId('material-read-by')).toContainText('v3/makeup');
  const grid = page.getByTestId('material-grid');
  // The bundled looks seed the store.
  await expect(grid.getByTestId('material-card')).toHaveCount(10);
  expect(await blockingViolations(page)).toEqual([]);

  const none = { color: '#000000', strength: 0 };
  const look = {
    lipstick: { color: '#1e50dc', strength: 100 },
    blush: none,
    eyebrow: none,
    eyeliner: none,
    eyeshadow: none,
  };
  const form = page.getByTestId('material-upload');
  await expect(page.getByText(/five parts lipstick, blush, eyebrow, eyeliner and eyeshadow/)).toBeVisible();
  await form.getByTestId('material-name_zh').fill('蓝唇');
  await form.getByTestId('material-name_zh_tw').fill('藍唇');
  await form.getByTestId('material-name_en').fill('Blue lips');
  await form.getByTestId('material-file').setInputFiles({
    name: 'blue-lips.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(look)),
  });
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/admin/materials') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Upload' }).click();
  const created = ((await (await uploaded).json()) as { data: { id: number; value: string } }).data;
  await expect(grid.getByTestId('material-card')).toHaveCount(11);
  const card = grid.locator(`[data-value="${created.value}"]`);
  await expect(card.getByRole('img', { name: 'Blue lips' })).toBeVisible();
  // The preview is the sample portrait made up with the look (a JPEG of its size, not a swatch).
  const preview = await request.get(`/api/v1/materials/${created.id}/file`);
  expect(preview.headers()['content-type']).toBe('image/jpeg');
  expect((await sharp(await preview.body()).metadata()).width).toBe(480);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await messagesGone(page);
  expect(await blockingViolations(page)).toEqual([]);

  // The makeup demo offers it by name and sends its value.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/algorithm/imageProcessing/makeup?lang=en');
  await expect(page.getByTestId('kind-demo-image')).toBeVisible();
  await page.getByTestId('control-look').getByText('Blue lips', { exact: true }).click();
  await page.locator('[data-sample="astronaut.jpg"]').click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v3/makeup'));
  await page.getByTestId('demo-analyse').click();
  const response = await answered;
  const body = response.request().postDataJSON() as { parameter: Record<string, unknown> };
  expect(body.parameter).toMatchObject({ look: created.value });
  expect(response.status()).toBe(200);
  await expect(page.getByTestId('before-after-result')).toBeVisible({ timeout: 60_000 });

  const removed = await request.delete(`/api/v1/admin/materials/${created.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
});

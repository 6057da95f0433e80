import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// sample1.jpg of @vladmandic/face-api (MIT package, test use only, never served): three people.
const groupPhoto = path.join(root, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');

test.describe('face key-point demo', () => {
  test('boxes and draws the points of every face of an uploaded group photo', async ({ page }) => {
    await page.goto('/algorithm/faceTechnology/facepointdetect?lang=en');
    await page.getByTestId('demo-upload-input').setInputFiles(groupPhoto);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('face-result')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId('face-box')).toHaveCount(3);
    await expect(page.getByTestId('demo-result-count')).toContainText('3');
  });

  test('analyses a sample photo: one face on the astronaut', async ({ page }) => {
    await page.goto('/algorithm/faceTechnology/facepointdetect?lang=en');
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('face-result')).toHaveCount(1, { timeout: 30_000 });
  });

  test('says "No face detected" in the visitor language for a photo of a cat', async ({ page }) => {
    await page.goto('/algorithm/faceTechnology/facepointdetect?lang=en');
    await page.getByTestId('demo-sample-2').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByText('No face detected')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('face-result')).toHaveCount(0);
  });

  test('opens from the Product Service menu', async ({ page }) => {
    await page.goto('/index?lang=en');
    await page.getByTestId('nav-products').click();
    // The link of the submenu, not the home page's card of the same name under it.
    await page.getByTestId('product-menu-panel').getByRole('link', { name: 'Face Key Points' }).click();
    await expect(page).toHaveURL(/\/algorithm\/faceTechnology\/facepointdetect\?t=\d+/);
    await expect(page.getByRole('heading', { name: 'Face Key Points' })).toBeVisible();
  });
});

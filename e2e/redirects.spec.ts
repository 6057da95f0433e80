import { expect, test } from '@playwright/test';

test.describe('route redirects', () => {
  test('/ goes to /index', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/index$/);
  });

  test('/colorbyte goes to the photo-editing solution page', async ({ page }) => {
    await page.goto('/colorbyte');
    await expect(page).toHaveURL(/\/algorithm\/solution\/studioSolution/);
  });

  test('a path holding an external address goes to /demo?src=', async ({ page }) => {
    await page.goto('/foo/https://example.com/photo.jpg');
    await expect(page).toHaveURL(/\/demo\?src=/);
    const src = new URL(page.url()).searchParams.get('src');
    expect(src).toBe('https://example.com/photo.jpg');
  });

  test('an unknown path goes to /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('an unknown algorithm page in a known group goes to /404', async ({ page }) => {
    await page.goto('/algorithm/faceTechnology/noSuchAlgorithm');
    await expect(page).toHaveURL(/\/404$/);
  });
});

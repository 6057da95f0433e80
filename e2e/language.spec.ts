import { expect, test } from '@playwright/test';

test.describe('language', () => {
  test('the switch changes the page language, is stored in the language cookie and survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/index');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('link', { name: '关于我们' }).first()).toBeVisible();

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'About Us' }).first()).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'language');
    expect(cookie?.value).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'About Us' }).first()).toBeVisible();

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await page.reload();
    await expect(page.getByRole('link', { name: '關於我們' }).first()).toBeVisible();
  });

  test('a lang query forces the language and stores it', async ({ page, context }) => {
    await page.goto('/index?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    await page.goto('/index?language=fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });
});

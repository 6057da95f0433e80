import { expect, test } from '@playwright/test';
import { homeLoaded } from './support/home.ts';
import { storeLanguage, LANGUAGES } from './support/pages.ts';
import { blockingViolations } from './support/quality.ts';

/**
 * The home technology cards' before/after examples (GET /api/v1/effect/byAlgorithm). The test
 * server makes one capability's example at start (EFFECT_EXAMPLES=v2/segment, the body category's
 * "Person Segmentation" card): that card shows it over its picture, without moving anything;
 * cards without a ready example show none, and never a broken image.
 */
const EXAMPLE_TIMEOUT = { timeout: 90_000 };

for (const width of [1366, 375]) {
  test(`a home technology card shows its capability's example over its picture, with no layout shift (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await storeLanguage(context, baseURL!, language);
      const page = await context.newPage();
      // Every layout shift of the page, with the elements that moved.
      await page.addInitScript(() => {
        const shifts: Array<{ value: number; inCard: boolean }> = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }
          >)
            shifts.push({
              value: entry.value,
              inCard: (entry.sources ?? []).some(
                (source) =>
                  source.node instanceof Element && source.node.closest('[data-testid="tech-card"]') !== null,
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/index');
      await homeLoaded(page);
      // The body category: its segmentation card has the example the server made.
      const block = page.getByTestId('home-tech');
      await page.getByTestId('tech-tab').nth(1).click();
      await block.hover();
      const card = page.getByTestId('tech-card').filter({ has: page.getByTestId('tech-card-effect') });
      await expect(card).toHaveCount(1, EXAMPLE_TIMEOUT);
      const effect = card.getByTestId('tech-card-effect');
      // Bring it into the view (lazy images load near the viewport).
      const next = block.getByRole('button', { name: /^(Next|下一张|下一張)$/ });
      for (let step = 0; step < 5; step++) {
        const shown = await card.evaluate(
          (el) => el.closest('[data-visible]')?.getAttribute('data-visible') === 'true',
        );
        if (shown) break;
        await next.click();
      }
      await card.scrollIntoViewIfNeeded();
      await expect(effect).toHaveAttribute('data-shown', 'true', EXAMPLE_TIMEOUT);
      const images = effect.locator('img');
      await expect(images).toHaveCount(2);
      for (const image of await images.all()) {
        expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
          true,
        );
        expect(await image.getAttribute('alt')).toBeTruthy();
      }
      // The example covers the space of the card's picture exactly: nothing around it moved.
      const art = await card.locator('[data-state]').first().boundingBox();
      const pair = await effect.boundingBox();
      expect(pair).not.toBeNull();
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(pair![key] - art![key]), key).toBeLessThanOrEqual(1);
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: Array<{ value: number; inCard: boolean }> }).shifts,
      );
      expect(shifts.filter((shift) => shift.inCard)).toEqual([]);
      // No card of the page shows a broken image: every example image present has loaded.
      const broken = await page
        .locator('[data-testid="tech-card-effect"] img')
        .evaluateAll(
          (els) => (els as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).length,
        );
      expect(broken).toBe(0);
      expect(await blockingViolations(page, '[data-testid="home-tech"]'), `${language}`).toEqual([]);
      await context.close();
    }
  });
}

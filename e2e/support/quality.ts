import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The bar: no violation of these impacts (issue 5, quality bars). */
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (every rule it has, WCAG 2.x A/AA and best practices) on what the page shows
 * now, or on `include` only, and returns the serious and critical violations, each with the
 * elements it found.
 */
export async function blockingViolations(page: Page, include?: string): Promise<Finding[]> {
  // Elements half-way through a fade (a form message leaving) have a contrast of their own for a
  // moment: check the page as it settles, once running CSS animations and transitions are done.
  // (Endless ones, such as a spinner, are not waited for; a page that never settles is checked anyway.)
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations, passes } = await builder.analyze();
  // A blank page passes every rule it has nothing to check against: make sure axe saw the page.
  expect(passes.length).toBeGreaterThan(20);
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Waits until the page has drawn its content: the network is idle and no page is loading. */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"][aria-live]')).toHaveCount(0);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

/** Opens the login dialog the way a visitor does at this width (the menu button on phones). */
export async function openLoginDialog(page: Page): Promise<void> {
  const login = page.getByTestId('nav-login');
  if (await login.isVisible()) {
    await login.click();
  } else {
    await page.getByTestId('nav-burger').click();
    await page.locator('#mobile-nav button').last().click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

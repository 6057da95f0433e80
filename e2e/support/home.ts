import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** Index of the banner whose indicator is current. */
export async function activeBanner(page: Page): Promise<number> {
  const states = await page
    .getByTestId('banner-indicator')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-current')));
  return states.indexOf('true');
}

/** Index of the selected technology category tab. */
export async function selectedTechTab(page: Page): Promise<number> {
  const states = await page
    .getByTestId('tech-tab')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-selected')));
  return states.indexOf('true');
}

/** Headings of the cards a carousel shows now (slides outside the view are marked data-visible=false). */
export function visibleCardTitles(page: Page, testId: string): Promise<string[]> {
  return page
    .locator(`[data-visible="true"] > [data-testid="${testId}"] h3`)
    .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
}

/** Waits until the home page has its content (the technology cards are there). */
export async function homeLoaded(page: Page): Promise<void> {
  await expect(page.getByTestId('tech-card').first()).toBeVisible();
}

/**
 * Stops the page's (installed) clock, then restarts the automatic rotation of the carousel under
 * `testId` by moving the pointer over it and away: its next step is then exactly one interval after
 * the current fake time, whatever time passed while the page loaded.
 */
export async function pauseClockAndRestart(page: Page, testId: string): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await page.getByTestId(testId).hover();
  await page.mouse.move(2, 2);
}

/** Scrolls down to the lower sections (their code loads as they come near) and waits for them. */
export async function showLowerSections(page: Page): Promise<void> {
  await homeLoaded(page);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('sector').first()).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** Scrolls to the bottom and back so that every lazy image has been asked for. */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

export interface ScriptSize {
  url: string;
  bytes: number;
  gzip: number;
}

/**
 * Every script a first visit of `path` downloads until the network is idle, with its size
 * gzip-compressed (zlib's default level, what a compressing server or CDN sends).
 */
export async function firstLoadScripts(page: Page, path: string): Promise<ScriptSize[]> {
  const scripts: Array<Promise<ScriptSize>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body).length,
      })),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return Promise.all(scripts);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import type { Language } from '../../i18n/language.ts';
import type { Banner } from './content.ts';
import { HomePage } from './HomePage.tsx';
import { mediaMatching } from './carousel/testMedia.ts';
import { withFigureFacts } from './figuresTesting.ts';
import { TEST_ACHIEVEMENTS } from './achievementsTesting.ts';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content/site');
const BUSINESS = 'deals@pixora.test';

/** The content API as the server answers it: the content files with their placeholders filled. */
function contentApi(overrides: Record<string, unknown> = {}) {
  return (url: string) => {
    const name = /^\/api\/v1\/content\/([a-z-]+)$/.exec(url)?.[1];
    if (!name) return undefined;
    if (name in overrides) return json({ code: 0, message: 'ok', data: overrides[name] });
    const text = withFigureFacts(
      readFileSync(path.join(siteDir, `${name}.json`), 'utf8').replaceAll('{{business_email}}', BUSINESS),
    );
    return json({ code: 0, message: 'ok', data: JSON.parse(text) as unknown });
  };
}

const banners = JSON.parse(readFileSync(path.join(siteDir, 'banners.json'), 'utf8')) as Banner[];

const originalMatchMedia = window.matchMedia;

async function renderHome(language: Language = 'en', overrides: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', fakeFetch(contentApi(overrides)).fetchMock);
  await renderWithProviders(
    <MemoryRouter initialEntries={['/index']}>
      <HomePage />
    </MemoryRouter>,
    language,
  );
  await settle();
}

/** Lets the content answers arrive (fetch promises, the query cache's zero-delay notifications, the lower sections' chunk). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
  await act(async () => {
    await import('./MoreSections.tsx');
  });
  for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

/** Moves the fake clock, committing React's work after each timer so that the next one is armed. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const activeBanner = () =>
  screen.getAllByTestId('banner-indicator').findIndex((b) => b.getAttribute('aria-current') === 'true');
const selectedTab = () =>
  screen.getAllByTestId('tech-tab').findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
const visibleCards = (testId: string) =>
  screen
    .getAllByTestId(testId)
    .filter((card) => card.closest('[data-visible]')?.getAttribute('data-visible') === 'true')
    .map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  vi.useFakeTimers();
  mediaMatching();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.matchMedia = originalMatchMedia;
});

describe('banner carousel', () => {
  it('rotates the five banners every 5 s, from the fifth back to the first', async () => {
    await renderHome();
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(5);
    expect(activeBanner()).toBe(0);
    await wait(4900);
    expect(activeBanner()).toBe(0);
    await wait(100);
    expect(activeBanner()).toBe(1);
    for (let i = 0; i < 3; i += 1) await wait(5000);
    expect(activeBanner()).toBe(4);
    await wait(5000);
    expect(activeBanner()).toBe(0);
  });

  it('jumps to a banner when its indicator is hovered or clicked', async () => {
    await renderHome();
    const indicators = screen.getAllByTestId('banner-indicator');
    fireEvent.mouseEnter(indicators[3]!);
    expect(activeBanner()).toBe(3);
    fireEvent.click(indicators[1]!);
    expect(activeBanner()).toBe(1);
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides[1]!.getAttribute('aria-hidden')).toBe('false');
    expect(slides[3]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('does not rotate while the pointer is over it, and resumes after', async () => {
    await renderHome();
    const banner = screen.getByTestId('home-banner');
    fireEvent.mouseEnter(banner);
    await wait(20_000);
    expect(activeBanner()).toBe(0);
    fireEvent.mouseLeave(banner);
    await wait(5000);
    expect(activeBanner()).toBe(1);
  });

  it('stops and restarts with its rotation button, and is announced only when stopped', async () => {
    await renderHome();
    const slides = document.getElementById('home-banner-slides')!;
    expect(slides.getAttribute('aria-live')).toBe('off');
    fireEvent.click(within(screen.getByTestId('home-banner')).getByTestId('carousel-rotation'));
    expect(slides.getAttribute('aria-live')).toBe('polite');
    await wait(20_000);
    expect(activeBanner()).toBe(0);
    fireEvent.click(within(screen.getByTestId('home-banner')).getByRole('button', { name: 'Next' }));
    expect(activeBanner()).toBe(1);
  });

  it('shows the image of the interface language', async () => {
    await renderHome('zh_tw');
    const image = within(screen.getAllByTestId('banner-slide')[0]!).getByRole('img', { hidden: true });
    expect(image.getAttribute('src')).toMatch(/banner1-zh_tw(-[\w-]+)?\.svg/);
    expect(image.getAttribute('alt')).toContain(banners[0]!.title.zh_tw);
  });

  it('opens targets starting with http in a new tab and keeps the others in the site', async () => {
    const external = banners.map((b, i) => (i === 2 ? { ...b, path: 'https://partner.example/event' } : b));
    await renderHome('en', { banners: external });
    const links = screen.getAllByTestId('banner-slide').map((slide) => slide.querySelector('a')!);
    expect(links[2]!.getAttribute('href')).toBe('https://partner.example/event');
    expect(links[2]!.getAttribute('target')).toBe('_blank');
    expect(links[2]!.getAttribute('rel')).toContain('noopener');
    expect(links[0]!.getAttribute('href')).toBe(banners[0]!.path);
    expect(links[0]!.hasAttribute('target')).toBe(false);
  });

  it('is not shown at 768 px or less', async () => {
    mediaMatching('(max-width: 768px)', '(max-width: 769px)');
    await renderHome();
    expect(screen.queryByTestId('home-banner')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pixora AI Open Platform');
  });
});

describe('technology carousel', () => {
  it('shows a category when its tab is hovered, with three cards per view', async () => {
    await renderHome();
    const tabs = screen.getAllByTestId('tech-tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Face Technology',
      'Human Body',
      'Image Recognition',
      'Image Processing',
      'Image Generation',
    ]);
    expect(visibleCards('tech-card')).toEqual(['AI Beauty', 'Face Key Points', 'Facial Feature Analysis']);
    fireEvent.mouseEnter(tabs[3]!);
    expect(selectedTab()).toBe(3);
    expect(visibleCards('tech-card')).toEqual(['AI Makeup', 'Portrait Beautify', 'Shape Tuning']);
  });

  it('shows two cards per view at 768 px or less', async () => {
    mediaMatching('(max-width: 768px)');
    await renderHome();
    expect(visibleCards('tech-card')).toEqual(['AI Beauty', 'Face Key Points']);
  });

  it('steps every 5 s and moves to the next category 4.5 s after the last slide, 4 back to 0', async () => {
    await renderHome();
    for (let i = 0; i < 3; i += 1) await wait(5000);
    expect(visibleCards('tech-card')).toEqual([
      'Face Attribute Analysis',
      'Hair Attribute Analysis',
      'Aesthetic Score',
    ]);
    await wait(4400);
    expect(selectedTab()).toBe(0);
    await wait(100);
    expect(selectedTab()).toBe(1);

    const block = screen.getByTestId('home-tech');
    fireEvent.mouseEnter(screen.getAllByTestId('tech-tab')[4]!);
    fireEvent.mouseLeave(block);
    expect(selectedTab()).toBe(4);
    await wait(5000);
    expect(visibleCards('tech-card')).toEqual(['Emoji Sticker Maker', 'Virtual Beard', 'Image Stylisation']);
    await wait(4500);
    expect(selectedTab()).toBe(0);
    expect(visibleCards('tech-card')).toEqual(['AI Beauty', 'Face Key Points', 'Facial Feature Analysis']);
  });

  it('pauses while the pointer is over it', async () => {
    await renderHome();
    fireEvent.mouseEnter(screen.getByTestId('home-tech'));
    await wait(30_000);
    expect(selectedTab()).toBe(0);
    expect(visibleCards('tech-card')[0]).toBe('AI Beauty');
  });

  it('gives every card a details and an immediate-access link', async () => {
    await renderHome();
    fireEvent.mouseEnter(screen.getAllByTestId('tech-tab')[3]!);
    const shapeTuning = screen.getAllByTestId('tech-card')[2]!;
    expect(
      within(shapeTuning).getByRole('link', { name: 'Details: Shape Tuning' }).getAttribute('href'),
    ).toBe('/doc?id=216');
    expect(
      within(shapeTuning).getByRole('link', { name: 'Try it now: Shape Tuning' }).getAttribute('href'),
    ).toBe('/algorithm/imageProcessing/shape_tuning');
  });
});

describe('achievements', () => {
  it('are not shown while the platform has none it can point to', async () => {
    await renderHome();
    expect(screen.queryByTestId('home-achievements')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Research achievements' })).toBeNull();
  });

  it('step one card every 5 s with three per view and loop', async () => {
    await renderHome('en', { achievements: TEST_ACHIEVEMENTS });
    const first = visibleCards('achievement-card');
    expect(first).toHaveLength(3);
    await wait(5000);
    expect(visibleCards('achievement-card')[0]).toBe(first[1]);
    for (let i = 0; i < 3; i += 1) await wait(5000);
    expect(visibleCards('achievement-card')).toEqual(first);
  });

  it('show the rank and both the interface-language and the other description', async () => {
    await renderHome('zh', { achievements: TEST_ACHIEVEMENTS });
    const card = screen.getAllByTestId('achievement-card')[3]!;
    expect(card.textContent).toContain('季军');
    expect(card.textContent).toContain('测试团队在测试挑战赛四中获得季军');
    expect(card.querySelector('[lang="en"]')?.textContent).toContain('took third place');
  });
});

describe('sectors', () => {
  it('make a sector active when it is pointed at or chosen', async () => {
    await renderHome();
    const sectors = screen.getAllByTestId('sector');
    expect(sectors.map((s) => s.getAttribute('data-active'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    fireEvent.mouseEnter(sectors[2]!);
    expect(sectors[2]!.getAttribute('data-active')).toBe('true');
    expect(within(sectors[2]!).getByRole('button').getAttribute('aria-expanded')).toBe('true');
    expect(within(sectors[2]!).getByRole('link', { name: 'AI Makeup' })).toBeTruthy();
    fireEvent.click(within(sectors[4]!).getByRole('button'));
    expect(sectors[4]!.getAttribute('data-active')).toBe('true');
    expect(sectors[2]!.getAttribute('data-active')).toBe('false');
  });
});

describe('access modes', () => {
  it('open the console application pages in a new tab on wide screens', async () => {
    await renderHome();
    const api = within(screen.getByTestId('access-api')).getByRole('link');
    expect(api.getAttribute('href')).toBe('/admin/appManager/apply?type=api');
    expect(api.getAttribute('target')).toBe('_blank');
    const sdk = within(screen.getByTestId('access-sdk')).getByRole('link');
    expect(sdk.getAttribute('href')).toBe('/admin/sdkManager/apply?type=sdk');
    expect(fireEvent.click(api)).toBe(true);
    expect(within(screen.getByTestId('access-custom')).getByRole('link').getAttribute('href')).toBe(
      `mailto:${BUSINESS}`,
    );
  });

  it('do not open them at 769 px or less', async () => {
    await renderHome();
    mediaMatching('(max-width: 769px)');
    const api = within(screen.getByTestId('access-api')).getByRole('link');
    expect(fireEvent.click(api)).toBe(false);
    expect(within(screen.getByTestId('access-api')).getByRole('status').textContent).toContain('computer');
  });
});

describe('content', () => {
  it('shows the marketing figures of the contract', async () => {
    await renderHome();
    expect(screen.getAllByTestId('figure').map((f) => f.textContent)).toEqual([
      'facial key points118',
      'body contour points63',
      'body keypoints14',
      'skin-tone levels40',
      'daily calls, last 7 days1200',
      'face key points per photo37 ms',
    ]);
  });

  it('offers a retry when a section cannot be loaded', async () => {
    vi.stubGlobal('fetch', fakeFetch().fetchMock);
    await renderWithProviders(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    await settle();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

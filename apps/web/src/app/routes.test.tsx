import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../test/render.tsx';
import { menuResponse } from '../test/fixtures/menu.ts';
import type { Language } from '../i18n/language.ts';
import { routes } from './routes.tsx';
import solution from '../../../../content/site/solution.json';
import figuresFile from '../../../../content/site/figures.json';
import { withFigureFacts } from '../features/home/figuresTesting.ts';

async function visit(path: string, language: Language = 'en') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await renderWithProviders(<RouterProvider router={router} />, language);
  return router;
}

const figures = JSON.parse(withFigureFacts(JSON.stringify(figuresFile))) as unknown;

describe('routes', () => {
  beforeEach(() => {
    const { fetchMock } = fakeFetch(
      (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
      (url) => (url === '/samples/samples.json' ? json([]) : undefined),
      (url) => (url === '/api/v1/content/solution' ? json({ code: 0, data: solution }) : undefined),
      (url) => (url === '/api/v1/content/figures' ? json({ code: 0, data: figures }) : undefined),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'language=; path=/; max-age=0';
  });

  it('sends / to /index and shows the home page', async () => {
    const router = await visit('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(await screen.findByText('118')).toBeTruthy();
    expect(screen.getByText('37 ms')).toBeTruthy();
  });

  it('sends /colorbyte to the photo-editing solution page', async () => {
    const router = await visit('/colorbyte');
    await waitFor(() => expect(router.state.location.pathname).toBe('/algorithm/solution/studioSolution'));
    expect(await screen.findByTestId('page-solution')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Smart photo-editing solution');
  });

  it('sends a path holding an external address to /demo and shows it as a link only', async () => {
    const router = await visit('/x/https://a.com/b.png');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo'));
    expect(router.state.location.search).toBe(`?src=${encodeURIComponent('https://a.com/b.png')}`);
    const link = await screen.findByTestId('external-address');
    expect(link.getAttribute('href')).toBe('https://a.com/b.png');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('sends unknown paths to /404', async () => {
    const router = await visit('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('sends an unknown capability of a known group to /404', async () => {
    const router = await visit('/algorithm/faceTechnology/noSuchThing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('builds the facepoints page from the menu, with its demo', async () => {
    await visit('/algorithm/faceTechnology/facepointdetect?t=1');
    expect(await screen.findByTestId('facepoints-demo', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Face Key Points');
    expect(screen.getByText('API documentation').closest('a')!.getAttribute('href')).toBe('/doc?id=49');
    // The page can be shared (Web Share API or a copied link).
    expect(screen.getByTestId('share-button').textContent).toBe('Share');
  });

  it('says honestly when a capability has no online demo yet', async () => {
    await visit('/algorithm/faceTechnology/faceDetect');
    const notice = await screen.findByTestId('demo-unavailable');
    expect(notice.textContent).toContain('The online demo for this capability is not open yet.');
    expect(screen.queryByTestId('demo-analyse')).toBeNull();
  });

  it('lists the shown capabilities of a group as cards', async () => {
    await visit('/algorithm/faceTechnology');
    const cards = await screen.findAllByTestId('capability-card');
    // Card titles sit right under the page title in the outline (h1, then h2).
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      expect.stringContaining('Face Key Points'),
      expect.stringContaining('Face Detection'),
    ]);
  });

  it('renders the simple pages with a translated title', async () => {
    await visit('/login', 'zh_tw');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('登入');
  });

  it('switches language from the lang query and stores the cookie', async () => {
    await visit('/index?lang=zh_tw', 'zh');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-TW'));
    expect(document.cookie).toContain('language=zh_tw');
    expect(await screen.findByText('產品服務')).toBeTruthy();
  });
});

describe('top bar', () => {
  beforeEach(() => {
    const { fetchMock } = fakeFetch((url) =>
      url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens Product Service with the API and PROGRAM tabs, hiding hidden and internal entries', async () => {
    await visit('/index');
    const trigger = await screen.findByTestId('nav-products');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByTestId('product-menu-panel');
    await within(panel).findByText('Face Key Points');
    expect(within(panel).getByText('Face Detection')).toBeTruthy();
    expect(within(panel).queryByText('Hidden entry')).toBeNull();
    expect(within(panel).queryByText('Internal entry')).toBeNull();
    expect(within(panel).queryByText('Smart Photo Editing')).toBeNull();
    expect(screen.getByRole('tab', { name: /API/ }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: /PROGRAM/ }));
    expect(within(panel).getByText('Smart Photo Editing')).toBeTruthy();
    expect(within(panel).queryByText('Face Key Points')).toBeNull();
  });

  it('adds a timestamp to algorithm links and closes the menu', async () => {
    const router = await visit('/index');
    fireEvent.click(await screen.findByTestId('nav-products'));
    const link = await within(await screen.findByTestId('product-menu-panel')).findByText('Face Key Points');
    expect(link.closest('a')!.getAttribute('href')).toBe('/algorithm/faceTechnology/facepointdetect');
    const before = Date.now();
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/algorithm/faceTechnology/facepointdetect'),
    );
    const t = Number(new URLSearchParams(router.state.location.search).get('t'));
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
    expect(screen.queryByTestId('product-menu-panel')).toBeNull();
  });

  it('switches the language from the switcher', async () => {
    await visit('/index', 'en');
    fireEvent.click(await screen.findByTestId('language-switcher'));
    fireEvent.click(screen.getByRole('menuitem', { name: '简体中文' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(document.cookie).toContain('language=zh');
    expect(await screen.findByText('产品服务')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import type { Language } from '../../i18n/language.ts';
import { formatLegalDate, LegalPage } from './LegalPage.tsx';

describe('formatLegalDate', () => {
  it('writes the version date in the language', () => {
    expect(formatLegalDate('2019-09-05', 'en')).toBe('September 5, 2019');
    expect(formatLegalDate('2019-09-05', 'zh')).toBe('2019年9月5日');
    expect(formatLegalDate('2020-04-20', 'zh_tw')).toBe('2020年4月20日');
    expect(formatLegalDate('soon', 'en')).toBe('soon');
  });
});

describe('LegalPage', () => {
  let calls: Array<{ url: string }>;
  beforeEach(() => {
    const fake = fakeFetch((url) => {
      const match = /^\/api\/v1\/legal\/([a-z-]+)\?lang=(\w+)/.exec(url);
      if (!match) return undefined;
      const [, name, lang] = match;
      return json({
        code: 0,
        data: {
          title: `${name} ${lang}`,
          updated: '2019-09-02',
          body: `## 1. First\n\nText.\n\n## 2. Second\n\nMore.`,
        },
      });
    });
    calls = fake.calls;
    vi.stubGlobal('fetch', fake.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function visit(path: string, language: Language) {
    const router = createMemoryRouter(
      [
        {
          path: '/service-protocol',
          element: <LegalPage documents={['user-agreement', 'developer-agreement']} testId="page" />,
        },
      ],
      { initialEntries: [path] },
    );
    await renderWithProviders(<RouterProvider router={router} />, language);
  }

  it('asks for the texts in the stored language and shows the first one with its contents', async () => {
    await visit('/service-protocol', 'zh_tw');
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'user-agreement zh_tw',
    );
    expect(calls.map((c) => c.url)).toContain('/api/v1/legal/user-agreement?lang=zh_tw');
    const toc = screen.getByTestId('toc');
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#1-first', '#2-second']);
    expect(screen.getByTestId('legal-updated').textContent).toContain('2019年9月2日');
    expect(document.body.dataset.print).toBe('document');
  });

  it('picks the text named by ?doc=', async () => {
    await visit('/service-protocol?doc=developer-agreement', 'en');
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'developer-agreement en',
    );
    expect(screen.getByTestId('legal-tab-developer-agreement').getAttribute('aria-current')).toBe('page');
  });
});

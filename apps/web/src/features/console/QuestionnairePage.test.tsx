import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { resetSessionForTests } from '../account/session.ts';
import { QuestionnairePage } from './QuestionnairePage.tsx';

const summary = (days: number) => ({
  days,
  count: 3,
  mean: 3.67,
  ratings: [0, 1, 0, 1, 1],
  with_comment: 1,
  answers: [
    {
      id: 3,
      rating: 5,
      comment: 'Great demos',
      page: '/algorithm/faceTechnology/facePoint',
      language: 'en',
      created_at: '2026-11-26T10:00:00.000Z',
    },
    { id: 2, rating: 4, comment: '', page: '/index', language: 'zh', created_at: '2026-11-25T10:00:00.000Z' },
    { id: 1, rating: 2, comment: '', page: '', language: 'zh_tw', created_at: '2026-11-24T10:00:00.000Z' },
  ],
});

describe('the questionnaire page', () => {
  beforeEach(() => resetSessionForTests({ domainChecked: true, token: 'tok', roles: ['admin'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the summary, the distribution and the latest answers, and changes the period', async () => {
    const { fetchMock, calls } = fakeFetch(
      (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
      (url) => {
        const match = /^\/api\/v1\/admin\/questionnaire\?days=(\d+)/.exec(url);
        return match ? json({ code: 0, message: 'ok', data: summary(Number(match[1])) }) : undefined;
      },
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(
      <MemoryRouter>
        <QuestionnairePage />
      </MemoryRouter>,
      'en',
    );
    expect((await screen.findByTestId('survey-stat-count')).textContent).toContain('3');
    expect(screen.getByTestId('survey-stat-mean').textContent).toContain('3.67');
    const bars = within(screen.getByTestId('survey-distribution')).getAllByRole('listitem');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '1 answers rated 5',
      '1 answers rated 4',
      '0 answers rated 3',
      '1 answers rated 2',
      '0 answers rated 1',
    ]);
    expect(within(screen.getByTestId('survey-answers')).getByText('Great demos')).toBeTruthy();
    fireEvent.click(screen.getByText('90 days'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=90'))).toBe(true));
  });
});

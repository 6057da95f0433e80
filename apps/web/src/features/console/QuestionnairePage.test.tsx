import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { resetSessionForTests } from '../account/session.ts';
import { QuestionnairePage } from './QuestionnairePage.tsx';

const summary = (days: number, bucket = 'day', q = '') => ({
  days,
  count: 3,
  mean: 3.67,
  ratings: [0, 1, 0, 1, 1],
  with_comment: 1,
  bucket,
  trend:
    bucket === 'week'
      ? [{ period: '2026-11-23', count: 3, ratings: [0, 1, 0, 1, 1] }]
      : [
          { period: '2026-11-24', count: 1, ratings: [0, 1, 0, 0, 0] },
          { period: '2026-11-25', count: 1, ratings: [0, 0, 0, 1, 0] },
          { period: '2026-11-26', count: 1, ratings: [0, 0, 0, 0, 1] },
        ],
  q,
  matches: q ? 1 : 3,
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
        if (!url.startsWith('/api/v1/admin/questionnaire?')) return undefined;
        const query = new URLSearchParams(url.split('?')[1]);
        const data = summary(Number(query.get('days')), query.get('bucket') ?? 'day', query.get('q') ?? '');
        return json({ code: 0, message: 'ok', data });
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
    // The distribution over time: one bar per day, or per week.
    const days = within(screen.getByTestId('survey-trend')).getAllByRole('listitem');
    expect(days.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '2026-11-24: 1 answers (1★ 0, 2★ 1, 3★ 0, 4★ 0, 5★ 0)',
      '2026-11-25: 1 answers (1★ 0, 2★ 0, 3★ 0, 4★ 1, 5★ 0)',
      '2026-11-26: 1 answers (1★ 0, 2★ 0, 3★ 0, 4★ 0, 5★ 1)',
    ]);
    fireEvent.click(screen.getByText('Per week'));
    await waitFor(() =>
      expect(within(screen.getByTestId('survey-trend')).getAllByRole('listitem')).toHaveLength(1),
    );
    // Comments searched by the server.
    fireEvent.change(screen.getByLabelText('Search comments'), { target: { value: 'great' } });
    fireEvent.keyDown(screen.getByLabelText('Search comments'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=great'))).toBe(true));
    expect(await screen.findByText('1 answers whose comment contains “great”')).toBeTruthy();
    fireEvent.click(screen.getByText('90 days'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=90'))).toBe(true));
  });
});

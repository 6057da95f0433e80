import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../../test/render.tsx';
import { SURVEY_ANSWERED_KEY, SurveyBox } from './SurveyBox.tsx';

const render = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/algorithm/faceTechnology/facePoint']}>
      <SurveyBox />
    </MemoryRouter>,
    'en',
  );

describe('the satisfaction questionnaire', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a rating with a comment and the page, thanks the visitor and does not ask again', async () => {
    const { fetchMock, calls } = fakeFetch((url) =>
      url.startsWith('/api/v1/questionnaire/not_logged')
        ? json({ code: 0, message: 'Thank you for rating us: we read every comment!', data: null })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = await render();
    expect(screen.queryByTestId('survey-send')).toBeNull();
    fireEvent.click(screen.getAllByRole('radio')[3]!);
    expect(screen.getByText('Satisfied')).toBeTruthy();
    fireEvent.change(screen.getByTestId('survey-comment'), { target: { value: 'More samples please' } });
    fireEvent.click(screen.getByTestId('survey-send'));
    expect((await screen.findByTestId('survey-thanks')).textContent).toContain('we read every comment');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({
      rating: 4,
      comment: 'More samples please',
      page: '/algorithm/faceTechnology/facePoint',
    });
    expect(window.localStorage.getItem(SURVEY_ANSWERED_KEY)).toBe('1');
    unmount();
    await render();
    expect(screen.getByTestId('survey-thanks').textContent).toContain('rated us already');
  });

  it('says so when the platform refuses, and lets the visitor try again', async () => {
    const { fetchMock } = fakeFetch((url) =>
      url.startsWith('/api/v1/questionnaire/not_logged')
        ? json({ code: 10029, message: 'Operation too frequent.', error: 'tooFrequent', data: null }, 429)
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    await render();
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    fireEvent.click(screen.getByTestId('survey-send'));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByTestId('survey-send')).toBeTruthy();
  });
});

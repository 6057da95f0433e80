import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { resetSessionForTests } from '../account/session.ts';
import { AppsPage } from './AppsPage.tsx';
import { sampleApp } from './consoleTestData.ts';

const NEW_SECRET = 'bmV3LXNlY3JldC1mb3ItdGhlLWFwcC0xMjM0NTY';

function serve(apps = [sampleApp()]) {
  const { fetchMock, calls } = fakeFetch(
    (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
    (url, init) =>
      url === '/api/v1/apps' && !init?.method?.match(/POST/)
        ? json({ code: 0, message: 'ok', data: apps })
        : undefined,
    (url) =>
      url === '/api/v1/apps/12/secret'
        ? json({ code: 0, message: 'ok', data: { app: sampleApp(), api_secret: NEW_SECRET } })
        : undefined,
    (url) =>
      url === '/api/v1/apps/12/secret/rotate'
        ? json({
            code: 0,
            message: 'ok',
            data: {
              app: sampleApp({ previous_secret_since: '2026-11-26T02:00:00.000Z' }),
              api_secret: NEW_SECRET,
            },
          })
        : undefined,
    (url) =>
      url === '/api/v1/apps/12/secret/previous'
        ? json({ code: 0, message: 'ok', data: sampleApp() })
        : undefined,
    (url) =>
      url === '/api/v1/apps/12/status'
        ? json({ code: 0, message: 'ok', data: sampleApp({ status: 'disabled' }) })
        : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <AppsPage />
    </MemoryRouter>,
    'en',
  );

describe('my apps', () => {
  beforeEach(() => resetSessionForTests({ domainChecked: true }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each app with its key, capabilities, review state and quota used today', async () => {
    serve();
    await render();
    const card = await screen.findByTestId('app-card');
    expect(within(card).getByTestId('app-key').textContent).toBe(sampleApp().api_key);
    await waitFor(() =>
      expect(within(card).getByTestId('app-scopes').textContent).toContain('Face Key Points'),
    );
    expect(within(card).getByTestId('app-scopes').textContent).toContain('Face Detection (under review)');
    expect(within(card).getByTestId('app-status').textContent).toBe('Enabled');
    expect(within(card).getByTestId('app-review').textContent).toBe('Under review');
    expect(within(card).getByTestId('app-quota').textContent).toBe('3 of 1,000 calls used today');
    expect(within(card).getByText('Applied for: 5,000 calls a day (under review)')).toBeTruthy();
    // The secret itself is never listed.
    expect(card.textContent).toContain('Shown only once');
  });

  it('resets the secret after confirming and shows the new one once', async () => {
    const calls = serve();
    await render();
    const card = await screen.findByTestId('app-card');
    fireEvent.click(within(card).getByTestId('app-reset'));
    expect(
      await screen.findByText('The old secret stops working at once: calls using it answer 401.'),
    ).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Reset secret' }).at(-1)!;
    fireEvent.click(confirm);
    const modal = await screen.findByTestId('secret-modal');
    expect(within(modal).getByTestId('secret-value').textContent).toBe(NEW_SECRET);
    expect(calls.some((c) => c.url === '/api/v1/apps/12/secret' && c.init?.method === 'POST')).toBe(true);
  });

  it('rotates the secret: the new one is shown once and the previous one keeps working until revoked', async () => {
    const calls = serve();
    await render();
    const card = await screen.findByTestId('app-card');
    expect(within(card).queryByTestId('app-previous-secret')).toBeNull();
    fireEvent.click(within(card).getByTestId('app-rotate'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Rotate secret' }).at(-1)!);
    const modal = await screen.findByTestId('secret-modal');
    expect(within(modal).getByTestId('secret-value').textContent).toBe(NEW_SECRET);
    expect(modal.textContent).toContain('The previous secret keeps working until you revoke it');
    expect(calls.some((c) => c.url === '/api/v1/apps/12/secret/rotate' && c.init?.method === 'POST')).toBe(
      true,
    );
  });

  it('shows a rotation under way and revokes the previous secret after confirming', async () => {
    const calls = serve([sampleApp({ previous_secret_since: '2026-11-26T02:00:00.000Z', can_sign: false })]);
    await render();
    const card = await screen.findByTestId('app-card');
    expect(within(card).getByTestId('app-previous-secret').textContent).toContain(
      'The previous secret still works',
    );
    // One rotation at a time: no second rotation while the previous secret is kept.
    expect(within(card).queryByTestId('app-rotate')).toBeNull();
    expect(within(card).getByTestId('app-cannot-sign').textContent).toContain('reset or rotate it');
    fireEvent.click(within(card).getByTestId('app-revoke'));
    expect(await screen.findByText('Calls still using it answer 401 at once.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke previous secret' }).at(-1)!);
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/v1/apps/12/secret/previous' && c.init?.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it('disables an app after confirming', async () => {
    const calls = serve();
    await render();
    fireEvent.click(await screen.findByTestId('app-toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => {
      const call = calls.find((c) => c.url === '/api/v1/apps/12/status');
      expect(JSON.parse(String(call?.init?.body))).toEqual({ enabled: false });
    });
  });

  it('invites a developer without apps to create one', async () => {
    serve([]);
    await render();
    const empty = await screen.findByTestId('apps-empty');
    expect(empty.textContent).toContain('You have no app yet');
    expect(within(empty).getByTestId('apps-create')).toBeTruthy();
  });
});

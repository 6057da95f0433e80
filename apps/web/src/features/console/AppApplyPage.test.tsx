import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { resetSessionForTests } from '../account/session.ts';
import { AppApplyPage } from './AppApplyPage.tsx';
import { sampleApp } from './consoleTestData.ts';

const SECRET = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg';

function serve() {
  const { fetchMock, calls } = fakeFetch(
    (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
    (url, init) =>
      url === '/api/v1/apps' && init?.method === 'POST'
        ? json({ code: 0, message: 'Saved', data: { app: sampleApp(), api_secret: SECRET } })
        : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function open(path = '/admin/appManager/apply?type=api') {
  const router = createMemoryRouter(
    [
      { path: '/admin/appManager/apply', element: <AppApplyPage /> },
      { path: '/admin/appManager', element: <p>apps list</p> },
      { path: '/admin/sdkManager/apply', element: <p>sdk form</p> },
    ],
    { initialEntries: [path] },
  );
  await renderWithProviders(<RouterProvider router={router} />, 'en');
  return router;
}

describe('the API application', () => {
  beforeEach(() => resetSessionForTests({ domainChecked: true }));
  afterEach(() => vi.unstubAllGlobals());

  it('marks the served capabilities as open now and the others as needing review', async () => {
    serve();
    await open();
    const points = await screen.findByTestId('capability-86');
    expect(points.textContent).toContain('Face Key Points');
    expect(points.textContent).toContain('Open now');
    expect(screen.getByTestId('capability-63').textContent).toContain('Needs review');
    // Entries without an endpoint (the solution) and hidden ones are not offered.
    expect(screen.queryByTestId('capability-176')).toBeNull();
    expect(screen.queryByTestId('capability-500')).toBeNull();
  });

  it('checks the form before sending', async () => {
    const calls = serve();
    await open();
    await screen.findByTestId('capability-86');
    fireEvent.submit(screen.getByTestId('apply-form'));
    // antd validates each field on its own and renders each message when that field's check
    // settles: every message is awaited, not only the first.
    expect(await screen.findByText('Please choose at least one capability')).toBeTruthy();
    expect(await screen.findByText('Please read and agree to the Developer Service Agreement')).toBeTruthy();
    expect((await screen.findAllByText('Please fill in this field')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByTestId('apply-phone'), { target: { value: 'call me' } });
    expect(await screen.findByText('Please enter a valid phone number.')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('creates the app, shows the secret once with the key, and goes to my apps once it is stored', async () => {
    const calls = serve();
    const router = await open();
    fireEvent.change(screen.getByTestId('apply-name'), { target: { value: 'Selfie Studio' } });
    fireEvent.change(screen.getByTestId('apply-description'), { target: { value: 'Face effects' } });
    fireEvent.click(within(await screen.findByTestId('capability-86')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('capability-63')).getByRole('checkbox'));
    fireEvent.change(screen.getByTestId('apply-scenario'), { target: { value: 'Stickers on selfies' } });
    fireEvent.change(screen.getByTestId('apply-expected'), { target: { value: '5000' } });
    expect(await screen.findByText(/Above 1000 calls a day needs review/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('apply-phone'), { target: { value: '+86 13800138000' } });
    fireEvent.click(screen.getByTestId('apply-agreement'));
    fireEvent.click(screen.getByTestId('apply-submit'));

    const modal = await screen.findByTestId('secret-modal');
    const post = calls.find((c) => c.url === '/api/v1/apps' && c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      name: 'Selfie Studio',
      description: 'Face effects',
      capabilities: [86, 63],
      scenario: 'Stickers on selfies',
      expected_daily_calls: 5000,
      contact_phone: '+86 13800138000',
    });
    expect(within(modal).getByTestId('secret-value').textContent).toBe(SECRET);
    expect(within(modal).getByTestId('secret-key').textContent).toBe(sampleApp().api_key);
    expect(within(modal).getByTestId('secret-example').textContent).toContain(
      `/v2/facepoints?api_key=${sampleApp().api_key}&api_secret=${SECRET}`,
    );
    // The photo goes into a body file, never onto the command line (too long for a real photo).
    expect(within(modal).getByTestId('secret-example').textContent).toContain('--data-binary @body.json');
    expect(within(modal).getByTestId('secret-example').textContent).toContain('/samples/');
    const done = screen.getByTestId('secret-done');
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(modal).getByTestId('secret-stored'));
    await waitFor(() => expect(done.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(done));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/appManager'));
  });

  it('sends an SDK application to the SDK request form', async () => {
    serve();
    const router = await open('/admin/appManager/apply?type=sdk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sdkManager/apply'));
    expect(router.state.location.search).toBe('?type=sdk');
  });
});

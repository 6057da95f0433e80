import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import '../features/account/testTimeouts.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../test/render.tsx';
import { menuResponse } from '../test/fixtures/menu.ts';
import { routes } from './routes.tsx';
import type { ProfileAnswer } from '../api/account.ts';
import { closeLoginDialog, loginDialog } from '../features/account/loginDialog.ts';
import { resetSessionForTests, session, storedRedirect } from '../features/account/session.ts';

const profileAnswer = (roles = ''): ProfileAnswer => ({
  profile: {
    Addr: '1 Test Road',
    BusinessId: 0,
    Company: 'Pixora Labs',
    CreatedAt: '2026-01-01T00:00:00.000Z',
    LocationId: 0,
    RealName: 'Ada_L',
    UpdatedAt: '2026-01-02T00:00:00.000Z',
    agreement: '1587312000',
    Email: 'ada@example.com',
    Phone: '+86 13800138000',
    Industry: 'Photography',
    CompanySize: -1,
  },
  user: { Id: 7, Username: 'ada@example.com', RolePermissions: roles },
  protocol_version: '1587312000',
});

function serve(options: { profile?: ProfileAnswer | 'expired'; domain?: 'IN' } = {}) {
  const { fetchMock, calls } = fakeFetch(
    (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
    (url) =>
      url === '/api/v1/user/checkOa'
        ? json({ code: 0, message: 'ok', data: options.domain ? { code: options.domain } : {} })
        : undefined,
    (url) => {
      if (url !== '/api/v1/user/profile') return undefined;
      if (!options.profile || options.profile === 'expired')
        return json({ code: 30006, message: 'login information expired, please log in again' }, 401);
      return json({ code: 0, message: 'ok', data: options.profile });
    },
    (url) =>
      url === '/api/v1/user/captcha'
        ? json({ code: 0, message: 'ok', data: { captchaid: 'c1' } })
        : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function visit(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await renderWithProviders(<RouterProvider router={router} />, 'en');
  return router;
}

const signIn = () => {
  document.cookie = 'Admin-Token=tok; path=/';
};

describe('account routes and guard', () => {
  beforeEach(() => resetSessionForTests());
  afterEach(() => {
    act(() => closeLoginDialog());
    vi.unstubAllGlobals();
    document.cookie = 'Admin-Token=; path=/; max-age=0';
  });

  it('sends a signed-out visitor of a protected page to /index with the login dialog, keeping the page', async () => {
    serve();
    const router = await visit('/own-space/userInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(loginDialog.get()).toMatchObject({ open: true, mode: 'LOGIN' });
    expect(storedRedirect()).toBe('/own-space/userInfo');
    expect(await screen.findByTestId('login-dialog')).toBeTruthy();
  });

  it('loads the profile of the token, then shows the personal information', async () => {
    signIn();
    const calls = serve({ profile: profileAnswer() });
    await visit('/own-space/userInfo');
    expect(await screen.findByTestId('user-info-page')).toBeTruthy();
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
    expect((await screen.findByTestId('user-menu')).textContent).toContain('Ada_L');
    const profileCall = calls.find((c) => c.url === '/api/v1/user/profile')!;
    expect(new Headers(profileCall.init!.headers).get('Authorization')).toBe('Bearer tok');
    expect(session.get().roles).toEqual(['user']);
  });

  it('answers 404 for an admin route the roles do not allow, and opens it to admins', async () => {
    signIn();
    serve({ profile: profileAnswer('editor') });
    const router = await visit('/open-admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    await act(() => router.navigate('/open-admin/open-platform-admin'));
    expect(await screen.findByTestId('console-page')).toBeTruthy();
    expect(screen.getByTestId('console-roles').textContent).toContain('Editor');
    expect(screen.getByTestId('console-nav').textContent).toContain('My apps');
  });

  it('adds the demo area on the internal network only', async () => {
    signIn();
    serve({ profile: profileAnswer() });
    const outside = await visit('/demo/mid');
    await waitFor(() => expect(outside.state.location.pathname).toBe('/404'));
  });

  it('opens the demo area to signed-in users inside', async () => {
    signIn();
    serve({ profile: profileAnswer(), domain: 'IN' });
    const router = await visit('/demo/mid');
    expect(await screen.findByTestId('demo-area-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/mid');
    expect(session.get()).toMatchObject({ domain: 'IN', domainChecked: true });
  });

  it('forwards /logining to its redirectUrl', async () => {
    signIn();
    serve({ profile: profileAnswer() });
    const router = await visit(`/logining?redirectUrl=${encodeURIComponent('/own-space/userInfo')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/own-space/userInfo'));
  });

  it('logs out locally and goes to /index when the profile cannot be loaded', async () => {
    signIn();
    serve({ profile: 'expired' });
    const router = await visit('/own-space/userInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(document.cookie).not.toContain('Admin-Token=tok');
    expect(session.get().token).toBeNull();
    expect(await screen.findByText('login information expired, please log in again')).toBeTruthy();
  });

  it('shows the login button signed out and opens the dialog in the mode of /register', async () => {
    serve();
    await visit('/register');
    expect(await screen.findByTestId('nav-login')).toBeTruthy();
    await waitFor(() => expect(loginDialog.get()).toMatchObject({ open: true, mode: 'REGISTER' }));
    expect(await screen.findByTestId('register-form')).toBeTruthy();
  });
});

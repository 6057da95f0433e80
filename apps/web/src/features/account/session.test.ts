import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileAnswer } from '../../api/account.ts';
import { ERROR_INFO_KEY } from '../../api/errors.ts';
import { fakeFetch, json } from '../../test/render.tsx';
import {
  displayNameOf,
  expiredNotice,
  loadProfile,
  resetSessionForTests,
  rolesOf,
  session,
  withProfile,
} from './session.ts';

const answer = (
  overrides: { RolePermissions?: string; RealName?: string; agreement?: string } = {},
): ProfileAnswer => ({
  profile: {
    Addr: '',
    BusinessId: 0,
    Company: 'Pixora Labs',
    CreatedAt: '2026-01-01T00:00:00.000Z',
    LocationId: 0,
    RealName: overrides.RealName ?? 'Ada_L',
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    agreement: overrides.agreement ?? '1587312000',
    Email: 'ada@example.com',
    Phone: '+86 13800138000',
    Industry: 'Photography',
    CompanySize: -1,
  },
  user: { Id: 7, Username: 'ada@example.com', RolePermissions: overrides.RolePermissions ?? '' },
  protocol_version: '1587312000',
});

const setCookie = (value: string) => {
  document.cookie = `Admin-Token=${value}; path=/`;
};

describe('session roles and name', () => {
  it('splits RolePermissions on commas, else gives the role user', () => {
    expect(rolesOf(answer({ RolePermissions: 'editor,business' }).user)).toEqual(['editor', 'business']);
    expect(rolesOf(answer({ RolePermissions: ' admin , ' }).user)).toEqual(['admin']);
    expect(rolesOf(answer({ RolePermissions: '' }).user)).toEqual(['user']);
  });

  it('shows the real name, else the username', () => {
    const withName = answer();
    expect(displayNameOf(withName.profile, withName.user)).toBe('Ada_L');
    const withoutName = answer({ RealName: '  ' });
    expect(displayNameOf(withoutName.profile, withoutName.user)).toBe('ada@example.com');
  });

  it('flags a protocol change when the stored agreement differs from the version in force', () => {
    const base = { ...session.get(), token: 'tok' };
    expect(withProfile(base, answer()).protocolChanged).toBe(false);
    const changed = withProfile(
      base,
      answer({ agreement: '1500000000', RolePermissions: 'material-outside' }),
    );
    expect(changed).toMatchObject({
      protocolChanged: true,
      roles: ['material-outside'],
      userId: 7,
      name: 'Ada_L',
      protocolVersion: '1587312000',
    });
  });
});

describe('loading the profile', () => {
  beforeEach(() => resetSessionForTests());
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'Admin-Token=; path=/; max-age=0';
  });

  it('sends the cookie token as a bearer token and keeps the roles', async () => {
    setCookie('tok-1');
    const { fetchMock, calls } = fakeFetch((url) =>
      url === '/api/v1/user/profile'
        ? json({ code: 0, message: 'ok', data: answer({ RolePermissions: 'admin' }) })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadProfile()).toBe(true);
    expect(session.get()).toMatchObject({ token: 'tok-1', roles: ['admin'], name: 'Ada_L' });
    expect(new Headers(calls[0]!.init!.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('logs out locally when the profile cannot be loaded, and announces an expired session once', async () => {
    setCookie('tok-2');
    const expired = {
      code: 30006,
      message: 'login information expired, please log in again',
      ErrorCode: 30006,
      ErrorMsg: 'Login information expired, please log in again',
      Data: null,
    };
    vi.stubGlobal('fetch', fakeFetch(() => json(expired, 401)).fetchMock);
    expect(await loadProfile()).toBe(false);
    expect(session.get()).toMatchObject({ token: null, roles: null, profile: null });
    expect(document.cookie).not.toContain('Admin-Token=tok-2');
    expect(expiredNotice.get()).toEqual({ message: 'login information expired, please log in again' });
    // The error is also kept in session storage.
    expect(JSON.parse(sessionStorage.getItem(ERROR_INFO_KEY)!)).toMatchObject({
      status: 401,
      code: 30006,
      url: '/api/v1/user/profile',
    });
  });

  it('treats a network failure like any other failure: local logout', async () => {
    setCookie('tok-3');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await loadProfile()).toBe(false);
    expect(session.get().token).toBeNull();
    expect(document.cookie).not.toContain('Admin-Token=tok-3');
  });

  it('keeps the session when the call is cut off because the page is being left', async () => {
    setCookie('tok-4');
    vi.stubGlobal('fetch', () => {
      window.dispatchEvent(new Event('pagehide'));
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    expect(await loadProfile()).toBe(false);
    expect(document.cookie).toContain('Admin-Token=tok-4');

    // Back from the back/forward cache, a failure counts again.
    window.dispatchEvent(new Event('pageshow'));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await loadProfile()).toBe(false);
    expect(document.cookie).not.toContain('Admin-Token=tok-4');
  });
});

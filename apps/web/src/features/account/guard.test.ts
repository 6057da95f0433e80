import { describe, expect, it } from 'vitest';
import { ROLES } from '@pixora/catalog';
import { accessibleAdminRoutes, CONSOLE_PATH, DEMO_AREA_PATH, USERS_ADMIN_PATH } from './adminRoutes.ts';
import { guard, isPublicPath, loginingTarget, returnPath, safeRedirect, type GuardSession } from './guard.ts';

const signedOut: GuardSession = { token: null, roles: null, domain: 'OUT', storedRedirect: null };
const signedIn = (roles: string[], extra: Partial<GuardSession> = {}): GuardSession => ({
  token: 'tok',
  roles,
  domain: 'OUT',
  storedRedirect: null,
  ...extra,
});

describe('guard, signed out', () => {
  it('lets the public paths load', () => {
    for (const path of [
      '/index',
      '/login',
      '/aboutus',
      '/business',
      '/support',
      '/doc',
      '/register',
      '/changePwd',
      '/service-protocol',
      '/privacy-protocol',
      '/law-declare',
      '/android-doc',
      '/ios-doc',
      '/colorbyte',
      '/demo',
      '/404',
      '/outbox',
      '/algorithm',
      '/algorithm/faceTechnology/facepointdetect',
      '/algorithm/factory/86',
    ]) {
      expect(guard(path, '', signedOut), path).toEqual({ kind: 'allow' });
      expect(isPublicPath(path), path).toBe(true);
    }
  });

  it('stores any other path as the redirect, opens the login and goes to /index', () => {
    expect(guard('/own-space/userInfo', '', signedOut)).toEqual({
      kind: 'login',
      to: '/index',
      redirect: '/own-space/userInfo',
    });
    expect(guard('/open-admin/open-platform-admin', '?path=apps', signedOut)).toEqual({
      kind: 'login',
      to: '/index',
      redirect: '/open-admin/open-platform-admin?path=apps',
    });
    for (const path of ['/logining', '/demo/mid', '/open-admin/users', '/own-space/userInfo'])
      expect(guard(path, '', signedOut).kind, path).toBe('login');
  });

  it('exchanges a third-party login code, then goes to /logining', () => {
    expect(guard('/logining', '?code=abc&state=xyz', signedOut)).toEqual({
      kind: 'exchange',
      code: 'abc',
      state: 'xyz',
      to: '/logining',
    });
  });
});

describe('guard, signed in', () => {
  it('loads the profile first when the roles are not known', () => {
    expect(guard('/index', '', { ...signedOut, token: 'tok' })).toEqual({ kind: 'loadProfile' });
    expect(guard('/own-space/userInfo', '', { ...signedOut, token: 'tok' })).toEqual({ kind: 'loadProfile' });
  });

  it('forwards /logining to redirectUrl, else the stored redirect, else /index', () => {
    const user = signedIn(['user'], { storedRedirect: '/own-space/userInfo' });
    expect(guard('/logining', `?redirectUrl=${encodeURIComponent('/algorithm/x/y?t=1')}`, user)).toEqual({
      kind: 'redirect',
      to: '/algorithm/x/y?t=1',
      clearStoredRedirect: true,
    });
    expect(guard('/logining', '', user)).toEqual({
      kind: 'redirect',
      to: '/own-space/userInfo',
      clearStoredRedirect: true,
    });
    expect(guard('/logining', '', signedIn(['user']))).toEqual({
      kind: 'redirect',
      to: '/index',
      clearStoredRedirect: true,
    });
  });

  it('never forwards to another site or back to /logining', () => {
    for (const target of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/logining?x=1'])
      expect(
        guard('/logining', `?redirectUrl=${encodeURIComponent(target)}`, signedIn(['user'])),
      ).toMatchObject({
        to: '/index',
      });
    expect(safeRedirect('/doc?id=113')).toBe('/doc?id=113');
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
  });

  it('opens the console to all seven roles and the users page to admins only', () => {
    for (const role of ROLES)
      expect(guard(CONSOLE_PATH, '', signedIn([role])), role).toEqual({ kind: 'allow' });
    expect(guard(USERS_ADMIN_PATH, '', signedIn(['user']))).toEqual({ kind: 'redirect', to: '/404' });
    expect(guard(USERS_ADMIN_PATH, '', signedIn(['editor', 'business']))).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    expect(guard(USERS_ADMIN_PATH, '', signedIn(['admin']))).toEqual({ kind: 'allow' });
    expect(guard(CONSOLE_PATH, '', signedIn(['unknown-role']))).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('adds the demo area on the internal network only', () => {
    expect(guard(DEMO_AREA_PATH, '', signedIn(['user']))).toEqual({ kind: 'redirect', to: '/404' });
    expect(guard(DEMO_AREA_PATH, '', signedIn(['user'], { domain: 'IN' }))).toEqual({ kind: 'allow' });
    expect(accessibleAdminRoutes(['user'], 'OUT').map((r) => r.path)).not.toContain(DEMO_AREA_PATH);
    expect(accessibleAdminRoutes(['user'], 'IN').map((r) => r.path)).toContain(DEMO_AREA_PATH);
    expect(accessibleAdminRoutes(['admin'], 'IN').map((r) => r.path)).toEqual(
      expect.arrayContaining([CONSOLE_PATH, USERS_ADMIN_PATH, DEMO_AREA_PATH]),
    );
  });

  it('lets signed-in users through the other paths', () => {
    for (const path of ['/own-space/userInfo', '/index', '/business', '/login'])
      expect(guard(path, '', signedIn(['user'])), path).toEqual({ kind: 'allow' });
  });
});

describe('the landing after a login', () => {
  it('carries the page to come back to as redirectUrl, except the account pages themselves', () => {
    expect(loginingTarget(returnPath('/algorithm/faceTechnology/facepointdetect', '?t=1'))).toBe(
      `/logining?redirectUrl=${encodeURIComponent('/algorithm/faceTechnology/facepointdetect?t=1')}`,
    );
    for (const page of ['/login', '/register', '/changePwd', '/logining', '/logining/'])
      expect(returnPath(page, '?x=1'), page).toBeNull();
    expect(loginingTarget(null)).toBe('/logining');
    expect(loginingTarget('//evil.example/x')).toBe('/logining');
  });
});

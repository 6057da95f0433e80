import { describe, expect, it } from 'vitest';
import { ROLES } from '@pixora/catalog';
import {
  accessibleAdminRoutes,
  ADMIN_ROUTES,
  APP_APPLY_PATH,
  APPS_PATH,
  REVIEW_PATH,
  SDK_APPLY_PATH,
  SDK_REQUESTS_PATH,
  USAGE_PATH,
  USERS_ADMIN_PATH,
  FEEDBACK_INBOX_PATH,
  MESSAGES_PATH,
  QUESTIONNAIRE_PATH,
  SITE_ANALYTICS_PATH,
  STUDIO_PATH,
} from './adminRoutes.ts';
import { guard, type GuardSession } from './guard.ts';
import { resolveRedirect } from '../../routing/redirects.ts';

const signedIn = (roles: string[]): GuardSession => ({
  token: 'tok',
  roles,
  domain: 'OUT',
  storedRedirect: null,
});
const DEVELOPER_PAGES = [
  APPS_PATH,
  APP_APPLY_PATH,
  USAGE_PATH,
  SDK_REQUESTS_PATH,
  SDK_APPLY_PATH,
  STUDIO_PATH,
];

describe('the developer console routes', () => {
  it('are known paths of the site, not redirected to 404', () => {
    for (const route of ADMIN_ROUTES) expect(resolveRedirect(route.path, ''), route.path).toBeNull();
    expect(resolveRedirect('/admin', '')).toBeNull();
  });

  it('open the apps, API application, usage and SDK pages to all seven roles', () => {
    for (const path of DEVELOPER_PAGES)
      for (const role of ROLES)
        expect(guard(path, '?type=api', signedIn([role])), `${path} ${role}`).toEqual({ kind: 'allow' });
  });

  it('open the reviews to admin and business only', () => {
    expect(guard(REVIEW_PATH, '', signedIn(['business']))).toEqual({ kind: 'allow' });
    expect(guard(REVIEW_PATH, '', signedIn(['admin']))).toEqual({ kind: 'allow' });
    for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'business'))
      expect(guard(REVIEW_PATH, '', signedIn([role])), role).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('send a signed-out visitor of the API application to the login dialog, keeping the page', () => {
    expect(
      guard(APP_APPLY_PATH, '?type=api', { token: null, roles: null, domain: 'OUT', storedRedirect: null }),
    ).toEqual({
      kind: 'login',
      to: '/index',
      redirect: `${APP_APPLY_PATH}?type=api`,
    });
  });

  it('list in the navigation what each role may open', () => {
    const nav = (roles: string[]) =>
      accessibleAdminRoutes(roles, 'OUT')
        .filter((route) => route.nav)
        .map((route) => route.path);
    expect(nav(['user'])).toEqual([
      '/open-admin/open-platform-admin',
      APPS_PATH,
      APP_APPLY_PATH,
      USAGE_PATH,
      SDK_REQUESTS_PATH,
      MESSAGES_PATH,
      STUDIO_PATH,
    ]);
    expect(nav(['business'])).toContain(REVIEW_PATH);
    // The back office of the feedback, the questionnaire and the site analytics: admin and business.
    for (const path of [FEEDBACK_INBOX_PATH, SITE_ANALYTICS_PATH, QUESTIONNAIRE_PATH]) {
      expect(nav(['business'])).toContain(path);
      expect(nav(['admin'])).toContain(path);
      for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'business'))
        expect(nav([role]), `${path} ${role}`).not.toContain(path);
    }
    expect(nav(['business'])).not.toContain(USERS_ADMIN_PATH);
    expect(nav(['admin'])).toEqual(expect.arrayContaining([REVIEW_PATH, USERS_ADMIN_PATH]));
    expect(ADMIN_ROUTES.find((r) => r.path === APP_APPLY_PATH)?.search).toBe('?type=api');
  });
});

import { HOME_PATH, NOT_FOUND_PATH } from '../../routing/paths.ts';
import { accessibleAdminRoutes, findAdminRoute } from './adminRoutes.ts';
import type { Domain } from './session.ts';

export const LOGINING_PATH = '/logining';

/** Paths anyone may open, plus the local outbox that lets a newcomer finish registering. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/index',
  '/login',
  '/aboutus',
  '/support',
  '/business',
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
]);

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

export function isPublicPath(path: string): boolean {
  const p = normalise(path);
  return PUBLIC_PATHS.has(p) || p === '/algorithm' || p.startsWith('/algorithm/');
}

/** A redirect target inside the site only: a path, never another origin. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Pages of the account flow itself: after logging in there, the visitor goes on to the index instead. */
const ACCOUNT_PAGES: ReadonlySet<string> = new Set(['/login', '/register', '/changePwd', LOGINING_PATH]);

/** The page to come back to after logging in from `pathname`, or null for the account pages. */
export function returnPath(pathname: string, search: string): string | null {
  return ACCOUNT_PAGES.has(normalise(pathname)) ? null : `${pathname}${search}`;
}

/** Where a login lands: /logining, carrying the page to come back to as `redirectUrl`. */
export function loginingTarget(back: string | null): string {
  const safe = safeRedirect(back);
  return safe ? `${LOGINING_PATH}?redirectUrl=${encodeURIComponent(safe)}` : LOGINING_PATH;
}

/** What the guard needs to know about the session. */
export interface GuardSession {
  token: string | null;
  /** Null while the profile of the token is not loaded. */
  roles: readonly string[] | null;
  domain: Domain;
  /** The path stored when a signed-out visitor asked for a protected page. */
  storedRedirect: string | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Load the profile of the token, then ask again. */
  | { kind: 'loadProfile' }
  /** Store `redirect`, open the login dialog and go to `to`. */
  | { kind: 'login'; to: string; redirect: string }
  /** Third-party login callback: close the login dialog, exchange the code, go to `to`. */
  | { kind: 'exchange'; code: string; state: string; to: string }
  | { kind: 'redirect'; to: string; clearStoredRedirect?: true };

/**
 * The navigation guard, as a pure decision. Signed-out visitors open public paths
 * freely; a third-party callback (`code` query) is exchanged; any other path stores itself as the
 * redirect, opens the login dialog and lands on the index. Signed in, the profile is loaded first;
 * `/logining` forwards to `redirectUrl` (or the stored redirect, else the index); admin routes
 * need one of their roles (admins pass everywhere) and the demo area the internal network.
 */
export function guard(path: string, search: string, session: GuardSession): GuardDecision {
  const p = normalise(path);
  const query = new URLSearchParams(search);

  if (!session.token) {
    if (isPublicPath(p)) return { kind: 'allow' };
    const code = query.get('code');
    if (code) return { kind: 'exchange', code, state: query.get('state') ?? '', to: LOGINING_PATH };
    return { kind: 'login', to: HOME_PATH, redirect: `${p}${search}` };
  }

  if (session.roles === null) return { kind: 'loadProfile' };

  if (p === LOGINING_PATH) {
    const to = safeRedirect(query.get('redirectUrl')) ?? safeRedirect(session.storedRedirect) ?? HOME_PATH;
    return {
      kind: 'redirect',
      to: normalise(to.split('?')[0]!) === LOGINING_PATH ? HOME_PATH : to,
      clearStoredRedirect: true,
    };
  }

  const adminRoute = findAdminRoute(p);
  if (adminRoute && !accessibleAdminRoutes(session.roles, session.domain).includes(adminRoute))
    return { kind: 'redirect', to: NOT_FOUND_PATH };

  return { kind: 'allow' };
}

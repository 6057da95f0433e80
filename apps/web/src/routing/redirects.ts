import { isAlgorithmGroup } from './groups.ts';
import { HOME_PATH, NOT_FOUND_PATH, STUDIO_SOLUTION_PATH } from './paths.ts';

/** Pages of the shared layout and the other fixed routes. */
export const STATIC_PATHS: readonly string[] = [
  '/index',
  '/aboutus',
  '/business',
  '/support',
  '/doc',
  '/android-doc',
  '/ios-doc',
  '/service-protocol',
  '/privacy-protocol',
  '/law-declare',
  '/logining',
  '/login',
  '/register',
  '/changePwd',
  '/404',
  '/demo',
  '/algorithm',
  // The SDK product page (its menu entries also open it, under their own algorithm addresses).
  '/algorithm/sdk',
  // The signed-in area; the account guard decides who may open each.
  '/own-space/userInfo',
  '/open-admin',
  '/open-admin/open-platform-admin',
  '/open-admin/users',
  '/demo/mid',
  // The developer console (apps, API application, usage, SDK requests, reviews, questionnaire).
  '/admin',
  '/admin/appManager',
  '/admin/appManager/apply',
  '/admin/appManager/usage',
  '/admin/sdkManager',
  '/admin/sdkManager/apply',
  '/admin/reviewManager',
  '/admin/questionnaire',
  // The back office: feedback inbox, site analytics; every signed-in user's messages.
  '/admin/feedbackInbox',
  '/admin/siteAnalytics',
  '/own-space/messages',
  '/admin/materials',
  // The back office's editors: capability menu, docs, site content.
  '/admin/menus',
  '/admin/docs',
  '/admin/personality',
  // The studio: batch retouching as one of the developer's apps.
  '/admin/studio',
  // The local outbox of the embedded platform.
  '/outbox',
];

const EXTERNAL_ADDRESS = /https?:\/+/i;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The external http(s) address carried inside a path, if any (`/x/https://a.com/b.png` → `https://a.com/b.png`). */
export function externalAddressIn(pathname: string, search = ''): string | null {
  const decoded = safeDecode(pathname);
  const match = EXTERNAL_ADDRESS.exec(decoded);
  if (!match) return null;
  const rest = decoded.slice(match.index + match[0].length);
  const scheme = match[0].toLowerCase().startsWith('https') ? 'https' : 'http';
  return `${scheme}://${rest}${search}`;
}

function isKnownPath(path: string): boolean {
  if (STATIC_PATHS.includes(path)) return true;
  const segments = path.split('/').slice(1);
  if (segments[0] !== 'algorithm') return false;
  const [, first, second, ...more] = segments;
  if (first === undefined || more.length > 0) return false;
  if (first === 'factory') return second !== undefined && second !== '';
  if (!isAlgorithmGroup(first)) return false;
  return second === undefined || second !== '';
}

/**
 * Where a location must go before anything renders, or null to stay:
 * `/` → `/index`; `/colorbyte` → the photo-editing solution page; any path holding an external
 * http address → `/demo?src=<address>`; unknown paths → `/404`. The query of `/` and `/colorbyte`
 * is kept so `?lang=` still applies. Unknown capability slugs inside a known group are answered
 * later by the algorithm page, once the menu is loaded.
 */
export function resolveRedirect(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname || '/';
  if (path === '/') return `${HOME_PATH}${search}`;
  const external = externalAddressIn(pathname, search);
  if (external !== null) return `/demo?src=${encodeURIComponent(external)}`;
  if (path === '/colorbyte') return `${STUDIO_SOLUTION_PATH}${search}`;
  if (isKnownPath(path)) return null;
  return NOT_FOUND_PATH;
}

import { canAccess, ROLES } from '@pixora/catalog';
import type { Domain } from './session.ts';

/** A route of the signed-in area: who may open it, and whether it exists on the internal network only. */
export interface AdminRoute {
  path: string;
  /** Allowed roles; absent means every signed-in user. */
  roles?: readonly string[];
  internalOnly?: boolean;
  /** The label key of its link in the console navigation; absent: reached from another page. */
  nav?: string;
  /** Query the navigation link carries. */
  search?: string;
}

export const CONSOLE_PATH = '/open-admin/open-platform-admin';
export const USERS_ADMIN_PATH = '/open-admin/users';
export const DEMO_AREA_PATH = '/demo/mid';
export const USER_INFO_PATH = '/own-space/userInfo';
/** The developer console opened from the access cards. */
export const APPS_PATH = '/admin/appManager';
export const APP_APPLY_PATH = '/admin/appManager/apply';
export const USAGE_PATH = '/admin/appManager/usage';
export const SDK_REQUESTS_PATH = '/admin/sdkManager';
export const SDK_APPLY_PATH = '/admin/sdkManager/apply';
export const REVIEW_PATH = '/admin/reviewManager';
export const QUESTIONNAIRE_PATH = '/admin/questionnaire';
export const FEEDBACK_INBOX_PATH = '/admin/feedbackInbox';
export const SITE_ANALYTICS_PATH = '/admin/siteAnalytics';
/** The signed-in user's messages (review results, feedback replies, quota warnings). */
export const MESSAGES_PATH = '/own-space/messages';
export const MATERIALS_PATH = '/admin/materials';
/** The back office's editors: the capability menu, the docs centre, the site's personalised content. */
export const MENUS_EDITOR_PATH = '/admin/menus';
export const DOCS_EDITOR_PATH = '/admin/docs';
export const PERSONALITY_PATH = '/admin/personality';
/** The studio: batch retouching of a developer's photos as one of their apps. */
export const STUDIO_PATH = '/admin/studio';

/** Roles that review API applications and SDK requests (admins see everything; business reviews). */
export const REVIEWER_ROLES = ['admin', 'business'] as const;

/**
 * The admin route table: open-platform-admin and the developer pages (apps, API
 * application, usage, SDK requests) allow all seven roles; reviews are for admin and business,
 * users and roles for admins; the questionnaire's answers, the feedback inbox and the site analytics
 * for admin and business; messages for every signed-in user. Navigation follows this order.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: CONSOLE_PATH, roles: ROLES, nav: 'console.nav.overview' },
  { path: APPS_PATH, roles: ROLES, nav: 'console.nav.apps' },
  { path: APP_APPLY_PATH, roles: ROLES, nav: 'console.nav.apply', search: '?type=api' },
  { path: USAGE_PATH, roles: ROLES, nav: 'console.nav.usage' },
  { path: SDK_REQUESTS_PATH, roles: ROLES, nav: 'console.nav.sdk' },
  { path: SDK_APPLY_PATH, roles: ROLES },
  { path: REVIEW_PATH, roles: REVIEWER_ROLES, nav: 'console.nav.review' },
  { path: USERS_ADMIN_PATH, roles: ['admin'], nav: 'console.nav.users' },
  { path: QUESTIONNAIRE_PATH, roles: REVIEWER_ROLES, nav: 'console.nav.questionnaire' },
  { path: DEMO_AREA_PATH, internalOnly: true, nav: 'console.nav.demoArea' },
  { path: FEEDBACK_INBOX_PATH, roles: REVIEWER_ROLES, nav: 'console.nav.feedbackInbox' },
  { path: SITE_ANALYTICS_PATH, roles: REVIEWER_ROLES, nav: 'console.nav.siteAnalytics' },
  { path: MESSAGES_PATH, nav: 'console.nav.messages' },
  { path: MATERIALS_PATH, roles: ['material', 'material-outside'], nav: 'console.nav.materials' },
  { path: MENUS_EDITOR_PATH, roles: ['admin', 'editor'], nav: 'console.nav.menus' },
  { path: DOCS_EDITOR_PATH, roles: ['admin', 'editor'], nav: 'console.nav.docsEditor' },
  { path: PERSONALITY_PATH, roles: ['admin', 'personality'], nav: 'console.nav.personality' },
  { path: STUDIO_PATH, roles: ROLES, nav: 'console.nav.studio' },
];

/**
 * The admin routes added for a user: admins get every route, others those whose
 * allowed roles include one of theirs (or that list none); the demo area only on the internal network.
 */
export function accessibleAdminRoutes(roles: readonly string[], domain: Domain): AdminRoute[] {
  return ADMIN_ROUTES.filter(
    (route) => canAccess(roles, route.roles) && (!route.internalOnly || domain === 'IN'),
  );
}

export const findAdminRoute = (path: string): AdminRoute | undefined =>
  ADMIN_ROUTES.find((route) => route.path === path);

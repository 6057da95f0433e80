import { canAccess, ROLES } from '@pixora/catalog';
import type { Domain } from './session.ts';

/** A route of the signed-in area: who may open it, and whether it exists on the internal network only. */
export interface AdminRoute {
  path: string;
  /** Allowed roles; absent means every signed-in user (spec point 4). */
  roles?: readonly string[];
  internalOnly?: boolean;
}

export const CONSOLE_PATH = '/open-admin/open-platform-admin';
export const USERS_ADMIN_PATH = '/open-admin/users';
export const DEMO_AREA_PATH = '/demo/mid';
export const USER_INFO_PATH = '/own-space/userInfo';

/** The admin route table (spec point 2): open-platform-admin allows all seven roles. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: CONSOLE_PATH, roles: ROLES },
  { path: USERS_ADMIN_PATH, roles: ['admin'] },
  { path: DEMO_AREA_PATH, internalOnly: true },
];

/**
 * The admin routes added for a user (spec point 4): admins get every route, others those whose
 * allowed roles include one of theirs (or that list none); the demo area only on the internal network.
 */
export function accessibleAdminRoutes(roles: readonly string[], domain: Domain): AdminRoute[] {
  return ADMIN_ROUTES.filter(
    (route) => canAccess(roles, route.roles) && (!route.internalOnly || domain === 'IN'),
  );
}

export const findAdminRoute = (path: string): AdminRoute | undefined =>
  ADMIN_ROUTES.find((route) => route.path === path);

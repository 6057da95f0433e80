import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  accessibleAdminRoutes,
  CONSOLE_PATH,
  DEMO_AREA_PATH,
  USER_INFO_PATH,
  USERS_ADMIN_PATH,
} from './adminRoutes.ts';
import { useSession } from './session.ts';
import styles from './Account.module.css';

const LABELS: Record<string, string> = {
  [CONSOLE_PATH]: 'console.nav.overview',
  [USERS_ADMIN_PATH]: 'console.nav.users',
  [DEMO_AREA_PATH]: 'console.nav.demoArea',
};

/** Links between the pages of the signed-in area the user may open. */
export function ConsoleNav() {
  const { t } = useTranslation();
  const { roles, domain } = useSession();
  const routes = accessibleAdminRoutes(roles ?? [], domain);
  const links = [
    ...routes.filter((route) => route.path === CONSOLE_PATH),
    { path: USER_INFO_PATH },
    ...routes.filter((route) => route.path !== CONSOLE_PATH),
  ];
  return (
    <nav className={styles.consoleNav} aria-label={t('console.nav.label')}>
      {links.map((link) => (
        <NavLink
          key={link.path}
          to={link.path}
          className={({ isActive }) => `${styles.consoleNavLink} ${isActive ? styles.consoleNavActive : ''}`}
        >
          {t(LABELS[link.path] ?? 'console.nav.userInfo')}
        </NavLink>
      ))}
    </nav>
  );
}

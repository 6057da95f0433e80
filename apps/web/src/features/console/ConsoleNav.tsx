import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DOCS_PATH } from '../../routing/paths.ts';
import { accessibleAdminRoutes, USER_INFO_PATH } from '../account/adminRoutes.ts';
import { useSession } from '../account/session.ts';
import styles from '../account/Account.module.css';

/**
 * The console's own navigation: the pages of the signed-in area the user may open (ADMIN_ROUTES,
 * in its order), then personal information and the docs.
 */
export function ConsoleNav() {
  const { t } = useTranslation();
  const { roles, domain } = useSession();
  const links = [
    ...accessibleAdminRoutes(roles ?? [], domain).flatMap((route) =>
      route.nav ? [{ pathname: route.path, search: route.search ?? '', label: route.nav }] : [],
    ),
    { pathname: USER_INFO_PATH, search: '', label: 'console.nav.userInfo' },
    { pathname: DOCS_PATH, search: '', label: 'console.nav.docs' },
  ];
  return (
    <nav className={styles.consoleNav} aria-label={t('console.nav.label')} data-testid="console-nav">
      {links.map((link) => (
        <NavLink
          key={link.pathname}
          to={{ pathname: link.pathname, search: link.search }}
          end
          className={({ isActive }) => `${styles.consoleNavLink} ${isActive ? styles.consoleNavActive : ''}`}
        >
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}

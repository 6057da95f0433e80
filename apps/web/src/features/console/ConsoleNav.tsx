import { useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { DOCS_PATH } from '../../routing/paths.ts';
import { readCookie } from '../../i18n/language.ts';
import { accessibleAdminRoutes, USER_INFO_PATH } from '../account/adminRoutes.ts';
import { useSession } from '../account/session.ts';
import styles from '../account/Account.module.css';
import consoleStyles from './Console.module.css';

/**
 * The console's own navigation: the pages of the signed-in area the user may open (ADMIN_ROUTES,
 * in its order), then personal information and the docs.
 */
export function ConsoleNav({ vertical = false, id }: { vertical?: boolean; id?: string }) {
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
    <nav
      id={id}
      className={`${styles.consoleNav} ${vertical ? consoleStyles.sidebarNav : ''}`}
      aria-label={t('console.nav.label')}
      data-testid="console-nav"
    >
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

/** The app setting that remembers the console sidebar: cookie `sidebarStatus`, 1 open, 0 collapsed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Open unless the cookie says 0 (a first visit sees the sidebar open). */
export const sidebarOpenIn = (cookieHeader: string) => readCookie(cookieHeader, SIDEBAR_COOKIE) !== '0';

function storeSidebar(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open ? 1 : 0}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The console layout's sidebar: the console navigation, collapsed and expanded by its button. */
export function ConsoleSidebar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => sidebarOpenIn(document.cookie));
  const toggle = () => {
    storeSidebar(!open);
    setOpen(!open);
  };
  return (
    <aside
      className={`${consoleStyles.sidebar} ${open ? '' : consoleStyles.sidebarCollapsed}`}
      data-testid="console-sidebar"
      data-open={open ? '1' : '0'}
    >
      <button
        type="button"
        className={consoleStyles.sidebarToggle}
        aria-expanded={open}
        aria-controls="console-sidebar-nav"
        aria-label={t(open ? 'console.nav.collapse' : 'console.nav.expand')}
        title={t(open ? 'console.nav.collapse' : 'console.nav.expand')}
        onClick={toggle}
        data-testid="console-sidebar-toggle"
      >
        {open ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
      </button>
      {open && <ConsoleNav vertical id="console-sidebar-nav" />}
    </aside>
  );
}

import { useEffect, useState } from 'react';
import { CloseOutlined, DownOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ProductMenu } from './ProductMenu.tsx';
import { ProductCatalog } from './ProductCatalog.tsx';
import { useScrolled } from './useScrolled.ts';
import { useScrollLock } from './useScrollLock.ts';
import { UserMenu } from '../account/UserMenu.tsx';
import { CONSOLE_PATH, USER_INFO_PATH } from '../account/adminRoutes.ts';
import { emit } from '../account/events.ts';
import { logout, useSession } from '../account/session.ts';
import styles from './TopBar.module.css';

export function TopBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const { token } = useSession();
  // Slightly transparent once the page has scrolled 70 px.
  const scrolled = useScrolled('translucentBar');
  // The mobile menu is open for one location only: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const mobileOpen = openAt === location.key;
  const closeMobile = () => setOpenAt(null);
  const [productsOpen, setProductsOpen] = useState(false);
  // The open mobile menu locks page scrolling.
  useScrollLock(mobileOpen);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenAt(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const navClass = ({ isActive }: { isActive: boolean }) => `${styles.link} ${isActive ? styles.active : ''}`;

  return (
    <header className={`${styles.bar} ${scrolled ? styles.scrolled : ''}`} data-testid="top-bar">
      <div className={`wrap ${styles.inner}`}>
        <Link to="/index" className={styles.logo} aria-label={t('nav.homeAria')}>
          <Logo />
        </Link>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <NavLink to="/index" className={navClass}>
            {t('nav.home')}
          </NavLink>
          <ProductMenu />
          <NavLink to="/support" className={navClass}>
            {t('nav.support')}
          </NavLink>
          <NavLink to="/aboutus" className={navClass}>
            {t('nav.about')}
          </NavLink>
        </nav>
        <div className={styles.actions}>
          <LanguageSwitcher />
          <UserMenu loginClassName={styles.login} />
          <button
            type="button"
            className={styles.burger}
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpenAt(mobileOpen ? null : location.key)}
            data-testid="nav-burger"
          >
            {mobileOpen ? <CloseOutlined /> : <MenuOutlined />}
          </button>
        </div>
      </div>
      {mobileOpen && (
        <nav id="mobile-nav" className={styles.mobile} aria-label={t('nav.main')}>
          <NavLink to="/index" className={styles.mobileLink}>
            {t('nav.home')}
          </NavLink>
          <div className={styles.mobileSection}>
            <button
              type="button"
              className={styles.mobileHeading}
              aria-expanded={productsOpen}
              aria-controls="mobile-products"
              onClick={() => setProductsOpen((value) => !value)}
            >
              {t('nav.products')}
              <DownOutlined className={productsOpen ? styles.headingCaretOpen : ''} aria-hidden />
            </button>
            {productsOpen && (
              <div id="mobile-products">
                <ProductCatalog compact onNavigate={closeMobile} />
              </div>
            )}
          </div>
          <NavLink to="/support" className={styles.mobileLink}>
            {t('nav.support')}
          </NavLink>
          <NavLink to="/aboutus" className={styles.mobileLink}>
            {t('nav.about')}
          </NavLink>
          {token ? (
            <>
              <Link to={CONSOLE_PATH} className={styles.mobileLink}>
                {t('account.userMenu.console')}
              </Link>
              <Link to={USER_INFO_PATH} className={styles.mobileLink}>
                {t('account.userMenu.userInfo')}
              </Link>
              <button type="button" className={styles.mobileLink} onClick={() => void logout()}>
                {t('account.userMenu.logout')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className={styles.mobileLink}
              onClick={() => {
                closeMobile();
                emit('login');
              }}
            >
              {t('nav.login')}
            </button>
          )}
        </nav>
      )}
    </header>
  );
}

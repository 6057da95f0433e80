import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { normaliseForcedLanguage } from '../../i18n/language.ts';
import { JUMP_TO_INDEX_EVENT } from '../../components/useNotifyError.ts';
import { HOME_PATH } from '../../routing/paths.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { AccountHost } from '../account/AccountHost.tsx';
import { TopBar } from './TopBar.tsx';
import { Footer } from './Footer.tsx';
import { isFooterShown } from './footer.ts';
import { ToolBox } from './ToolBox.tsx';
import { PageScope } from './PageScope.tsx';
import { useVisitTracking } from '../analytics/useVisitTracking.ts';
import styles from './SiteLayout.module.css';

/**
 * The shared layout: top bar, page, footer and the floating tool box. Also applies `?lang=` and
 * sends the visit event (site analytics) on every navigation.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { language, setLanguage } = useLanguage();
  useVisitTracking();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const forced = params.get('lang') ?? params.get('language');
    if (forced !== null) void setLanguage(normaliseForcedLanguage(forced));
  }, [location.search, setLanguage]);

  useEffect(() => {
    const jump = () => void navigate(HOME_PATH);
    window.addEventListener(JUMP_TO_INDEX_EVENT, jump);
    return () => window.removeEventListener(JUMP_TO_INDEX_EVENT, jump);
  }, [navigate]);

  return (
    <div className={styles.site}>
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <PageScope>
            <Outlet />
          </PageScope>
        </Suspense>
      </main>
      {isFooterShown(location.pathname, language) && <Footer />}
      <ToolBox />
      <AccountHost />
      <ScrollRestoration getKey={(loc) => loc.pathname} />
    </div>
  );
}

import { Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findCapability, pickText } from '../../api/menu.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { contactMails, useSiteConfig } from '../layout/siteConfig.ts';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { FEATURES_PER_TAB, RELATED_DEMOS, SDK_TABS, isSdkTab, type SdkTab } from './sdkTabs.ts';
import styles from './SdkPage.module.css';

const FEATURES = Array.from({ length: FEATURES_PER_TAB }, (_, i) => i + 1);

function RelatedDemos({ tab }: { tab: SdkTab }) {
  const { t } = useTranslation();
  const { language, menu } = useMenuData();
  const items = RELATED_DEMOS[tab].flatMap((path) => {
    const [, , group = '', slug = ''] = path.split('/');
    const item = menu.data ? findCapability(menu.data, group, slug) : undefined;
    return item ? [{ path, name: pickText(item.name, language) }] : [];
  });
  if (items.length === 0) return null;
  return (
    <div className={styles.related}>
      <h3 className={styles.subTitle}>{t('sdk.related')}</h3>
      <ul className={styles.relatedList}>
        {items.map((item) => (
          <li key={item.path}>
            <AlgorithmLink to={item.path}>{item.name}</AlgorithmLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TabPanel({ tab }: { tab: SdkTab }) {
  const { t } = useTranslation();
  const base = `sdk.tabs.${tab}`;
  return (
    <div className={styles.panel} data-testid={`sdk-panel-${tab}`}>
      <div className={styles.panelHead}>
        <div>
          <h2 className={styles.panelTitle}>{t(`${base}.title`)}</h2>
          <p className={styles.panelDesc}>{t(`${base}.desc`)}</p>
        </div>
        <p className={styles.highlight}>{t(`${base}.highlight`)}</p>
      </div>
      <ul className={styles.features}>
        {FEATURES.map((n) => (
          <li key={n} className={styles.feature}>
            <h3 className={styles.featureTitle}>{t(`${base}.features.${n}.title`)}</h3>
            <p>{t(`${base}.features.${n}.desc`)}</p>
          </li>
        ))}
      </ul>
      <RelatedDemos tab={tab} />
    </div>
  );
}

/**
 * The SDK product page: the nine SDK modules as tabs (`?tab=` keeps the choice).
 * The SDKs are not downloadable here: they are licensed on request, by e-mail or in the console.
 */
export function SdkPage({ initialTab, entryName }: { initialTab?: SdkTab; entryName?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SdkTab = isSdkTab(requested) ? requested : (initialTab ?? SDK_TABS[0]);
  const mails = contactMails(useSiteConfig().data);
  const title = entryName ?? t('sdk.title');
  useDocumentTitle(title);

  const select = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className={styles.page} data-testid="page-sdk">
      <header className={styles.hero}>
        <div className="wrap">
          {entryName && <p className={styles.eyebrow}>{t('sdk.title')}</p>}
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.intro}>{t('sdk.intro')}</p>
          <p className={styles.notice} data-testid="sdk-on-request">
            {t('sdk.onRequest')}{' '}
            <a href={`mailto:${mails.business}?subject=${encodeURIComponent(t('sdk.mailSubject'))}`}>
              {mails.business}
            </a>
          </p>
        </div>
      </header>
      <div className={`wrap ${styles.body}`}>
        <Tabs
          activeKey={tab}
          onChange={select}
          items={SDK_TABS.map((key) => ({
            key,
            label: <span data-testid={`sdk-tab-${key}`}>{t(`sdk.tabs.${key}.name`)}</span>,
            children: <TabPanel tab={key} />,
          }))}
        />
        <section className={styles.access} aria-labelledby="sdk-access">
          <h2 id="sdk-access" className={styles.accessTitle}>
            {t('sdk.accessTitle')}
          </h2>
          <ol className={styles.steps}>
            <li>{t('sdk.steps.1')}</li>
            <li>{t('sdk.steps.2')}</li>
            <li>{t('sdk.steps.3')}</li>
          </ol>
          <div className={styles.actions}>
            <a
              className={styles.primary}
              href={`mailto:${mails.business}?subject=${encodeURIComponent(t('sdk.mailSubject'))}`}
            >
              {t('sdk.apply')}
            </a>
            <Link className={styles.secondary} to="/android-doc">
              {t('sdk.androidDoc')}
            </Link>
            <Link className={styles.secondary} to="/ios-doc">
              {t('sdk.iosDoc')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

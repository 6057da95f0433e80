import type { ReactNode } from 'react';
import { NavButton } from '../../components/NavButton.tsx';
import { useTranslation } from 'react-i18next';
import type { InfoPageName } from './infoPages.ts';
import styles from './InfoPage.module.css';

/** Where each simple page invites the visitor next. */
const NEXT_STEP: Partial<Record<InfoPageName, { to: string; labelKey: string }>> = {
  aboutus: { to: '/algorithm', labelKey: 'pages.browseCapabilities' },
  business: { to: '/algorithm', labelKey: 'pages.browseCapabilities' },
  androidDoc: { to: '/doc', labelKey: 'pages.openDocs' },
  iosDoc: { to: '/doc', labelKey: 'pages.openDocs' },
};

export function InfoPageLayout(props: {
  title: string;
  body: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.page} data-testid={props.testId}>
      <div className={styles.hero}>
        <div className="wrap">
          <h1 className={styles.title}>{props.title}</h1>
        </div>
      </div>
      <div className={`wrap ${styles.body}`}>
        <p className={styles.text}>{props.body}</p>
        {props.children}
      </div>
    </div>
  );
}

export function InfoPage({ page }: { page: InfoPageName }) {
  const { t } = useTranslation();
  const next = NEXT_STEP[page];
  return (
    <InfoPageLayout title={t(`pages.${page}.title`)} body={t(`pages.${page}.body`)} testId={`page-${page}`}>
      <div className={styles.actions}>
        {next && (
          <NavButton to={next.to} type="primary">
            {t(next.labelKey)}
          </NavButton>
        )}
        <NavButton to="/index">{t('notFound.backHome')}</NavButton>
      </div>
    </InfoPageLayout>
  );
}

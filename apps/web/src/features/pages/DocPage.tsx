import { useSearchParams } from 'react-router';
import { NavButton } from '../../components/NavButton.tsx';
import { useTranslation } from 'react-i18next';
import { InfoPageLayout } from './InfoPage.tsx';
import styles from './InfoPage.module.css';

/** The FAQ is the document with id 113 (spec point 2). */
const FAQ_DOC_ID = '113';

/** /doc?id=&type=: the documentation centre. */
export function DocPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isFaq = params.get('id') === FAQ_DOC_ID;
  return (
    <InfoPageLayout
      title={t(isFaq ? 'pages.faq.title' : 'pages.doc.title')}
      body={t(isFaq ? 'pages.faq.body' : 'pages.doc.body')}
      testId="page-doc"
    >
      <div className={styles.actions}>
        <NavButton to="/algorithm" type="primary">
          {t('pages.browseCapabilities')}
        </NavButton>
      </div>
    </InfoPageLayout>
  );
}

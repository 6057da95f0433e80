import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavButton } from '../../components/NavButton.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { SDK_PAGE_PATH } from '../sdk/sdkTabs.ts';
import { useDoc } from './docsApi.ts';
import { useScrollToHash } from './DocPage.tsx';
import { docHref } from './DocTree.tsx';
import { Markdown } from './Markdown.tsx';
import { outline, parseMarkdown } from './markdown.ts';
import { Toc } from './Toc.tsx';
import styles from './SdkDocPage.module.css';

/** The integration guides of the mobile SDKs, shown at /android-doc and /ios-doc. */
export const SDK_DOCS = { android: 121, ios: 122 } as const;

export function SdkDocPage({ platform }: { platform: keyof typeof SDK_DOCS }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = SDK_DOCS[platform];
  const doc = useDoc(id, language);
  const headings = useMemo(() => (doc.data ? outline(parseMarkdown(doc.data.Content)) : []), [doc.data]);
  useDocumentTitle(doc.data?.Title);
  useScrollToHash(doc.isSuccess, id);
  return (
    <div className={styles.page} data-testid={`page-${platform}Doc`}>
      <div className={`wrap ${styles.layout}`}>
        <div className={styles.main}>
          {doc.isPending ? (
            <PageLoading />
          ) : doc.isError ? (
            <Alert type="error" title={t('docs.loadFailed')} />
          ) : (
            <article data-testid="doc-article" data-doc-id={id}>
              <h1 className={styles.title}>{doc.data.Title}</h1>
              <Markdown source={doc.data.Content} />
            </article>
          )}
          <div className={styles.actions}>
            <NavButton to={docHref(id, null)} type="primary">
              {t('docs.allDocs')}
            </NavButton>
            <NavButton to={SDK_PAGE_PATH}>{t('docs.sdkProducts')}</NavButton>
          </div>
        </div>
        <aside className={styles.toc}>
          <Toc headings={headings} />
        </aside>
      </div>
    </div>
  );
}

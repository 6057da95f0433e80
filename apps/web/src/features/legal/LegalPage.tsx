import { useEffect, useMemo } from 'react';
import { Alert, Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { HTML_LANG, type Language } from '../../i18n/language.ts';
import { useScrollToHash } from '../docs/DocPage.tsx';
import { Markdown } from '../docs/Markdown.tsx';
import { outline, parseMarkdown } from '../docs/markdown.ts';
import { Toc } from '../docs/Toc.tsx';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { useLegalTexts, type LegalName } from './legalApi.ts';
import styles from './LegalPage.module.css';

/** `2019-09-05` as a date of the language ("5 September 2019", "2019年9月5日"). */
export function formatLegalDate(iso: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(HTML_LANG[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** While a legal text is shown, printing leaves out the site's chrome (see LegalPage.module.css). */
function usePrintableDocument() {
  useEffect(() => {
    document.body.dataset.print = 'document';
    return () => {
      delete document.body.dataset.print;
    };
  }, []);
}

/**
 * A page of legal texts in the stored language (the `language` cookie): /service-protocol,
 * /privacy-protocol and /law-declare. With several texts, `?doc=<name>` chooses one.
 * Each text gets a table of contents and prints without the site's chrome.
 */
export function LegalPage({ documents, testId }: { documents: readonly LegalName[]; testId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const requested = params.get('doc');
  const index = Math.max(
    0,
    documents.findIndex((name) => name === requested),
  );
  const name = documents[index]!;
  const results = useLegalTexts(documents, language);
  const current = results[index]!;
  const text = current.data;
  const headings = useMemo(() => (text ? outline(parseMarkdown(text.body)) : []), [text]);

  usePrintableDocument();
  useDocumentTitle(text?.title);
  useScrollToHash(current.isSuccess, name);

  return (
    <div className={styles.page} data-testid={testId}>
      <div className={`wrap ${styles.layout}`}>
        <aside className={styles.aside}>
          {documents.length > 1 && (
            <nav className={styles.documents} aria-label={t('legal.documents')}>
              <ul>
                {documents.map((doc, i) => (
                  <li key={doc}>
                    <Link
                      to={{ search: i === 0 ? '' : `?doc=${doc}` }}
                      aria-current={doc === name ? 'page' : undefined}
                      className={doc === name ? styles.currentDocument : undefined}
                      data-testid={`legal-tab-${doc}`}
                    >
                      {results[i]?.data?.title ?? '…'}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <Toc headings={headings} levels={2} />
        </aside>
        <div className={styles.main}>
          {current.isPending ? (
            <PageLoading />
          ) : current.isError ? (
            <Alert type="error" title={t('legal.loadFailed')} />
          ) : (
            <article
              className={styles.article}
              data-testid="legal-article"
              data-legal={name}
              lang={HTML_LANG[language]}
            >
              <header className={styles.header}>
                <h1 className={styles.title}>{current.data.title}</h1>
                <div className={styles.meta}>
                  <span data-testid="legal-updated">
                    {t('legal.updated', { date: formatLegalDate(current.data.updated, language) })}
                  </span>
                  <Button icon={<PrinterOutlined />} onClick={() => window.print()} className={styles.print}>
                    {t('legal.print')}
                  </Button>
                </div>
              </header>
              <Markdown source={current.data.body} className={styles.body} />
            </article>
          )}
        </div>
      </div>
    </div>
  );
}

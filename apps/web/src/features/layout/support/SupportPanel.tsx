import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Input, Spin } from 'antd';
import { CloseOutlined, CustomerServiceOutlined, MailOutlined, ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/account.ts';
import { request } from '../../../api/http.ts';
import { DOCS_PATH, FAQ_PATH } from '../../../routing/paths.ts';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import type { Language } from '../../../i18n/language.ts';
import { contactMails, useSiteConfig } from '../siteConfig.ts';
import { FAQ_DOC_ID, parseFaq, searchFaq, supportMailto, type FaqEntry } from './faq.ts';
import { SurveyBox } from './SurveyBox.tsx';
import styles from './SupportPanel.module.css';

/** Questions listed before the visitor has typed anything. */
const FIRST_QUESTIONS = 4;

async function fetchFaq(language: Language): Promise<FaqEntry[]> {
  const answer = await request<Envelope<{ Content: string }>>(`/api/v1/doc/${FAQ_DOC_ID}`, {
    query: { lang: language },
  });
  return parseFaq(answer.data.Content);
}

/**
 * The support panel the tool box's chat launcher opens: the visitor types a question and gets the
 * matching answers of the FAQ at once, and can write to support about the page they are on.
 */
export function SupportPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const location = useLocation();
  const mails = contactMails(useSiteConfig().data);
  const faq = useQuery({
    queryKey: ['faq', language],
    queryFn: () => fetchFaq(language),
    staleTime: 10 * 60_000,
  });
  const [query, setQuery] = useState('');
  const titleId = useId();
  const resultsId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
  }, []);

  const entries = faq.data;
  const typed = query.trim().length > 0;
  const results = useMemo(
    () => (entries ? (typed ? searchFaq(entries, query) : entries.slice(0, FIRST_QUESTIONS)) : []),
    [entries, query, typed],
  );
  const mailto = supportMailto(
    mails.support,
    t('toolbox.support.mailSubject'),
    window.location.origin + location.pathname + location.search,
    t('toolbox.support.mailPage'),
  );

  return (
    <section
      ref={panel}
      className={styles.panel}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      data-testid="support-panel"
    >
      <header className={styles.header}>
        <CustomerServiceOutlined aria-hidden className={styles.headerIcon} />
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('toolbox.support.title')}
          </h2>
          <p className={styles.subtitle}>{t('toolbox.support.subtitle')}</p>
        </div>
        <button
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('toolbox.support.close')}
        >
          <CloseOutlined />
        </button>
      </header>
      <div className={styles.body}>
        <p className={styles.bubble}>{t('toolbox.support.greeting')}</p>
        <Input.Search
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('toolbox.support.placeholder')}
          aria-label={t('toolbox.support.placeholder')}
          aria-controls={resultsId}
          allowClear
          data-testid="support-search"
        />
        <div id={resultsId} className={styles.results} aria-live="polite">
          {faq.isPending && (
            <div className={styles.state}>
              <Spin size="small" /> {t('common.loading')}
            </div>
          )}
          {faq.isError && <p className={styles.state}>{t('toolbox.support.loadFailed')}</p>}
          {entries && (
            <p className={styles.resultsHeading}>
              {typed ? t('toolbox.support.found', { count: results.length }) : t('toolbox.support.popular')}
            </p>
          )}
          {results.map((entry, index) => (
            <details
              key={`${query}:${entry.question}`}
              className={styles.answer}
              open={typed && index === 0}
              data-testid="support-answer"
            >
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </div>
        <SurveyBox />
      </div>
      <footer className={styles.footer}>
        <p className={styles.footerText}>{t('toolbox.support.stillNeedHelp')}</p>
        <div className={styles.actions}>
          <a href={mailto} className={styles.action} data-testid="support-mail">
            <MailOutlined aria-hidden /> {t('toolbox.support.mail')}
          </a>
          <Link to={FAQ_PATH} className={styles.action} onClick={onClose}>
            <ReadOutlined aria-hidden /> {t('toolbox.support.allQuestions')}
          </Link>
          <Link to={DOCS_PATH} className={styles.action} onClick={onClose}>
            <ReadOutlined aria-hidden /> {t('toolbox.support.docs')}
          </Link>
          <Link to="/support" className={styles.action} onClick={onClose}>
            <CustomerServiceOutlined aria-hidden /> {t('toolbox.support.page')}
          </Link>
        </div>
      </footer>
    </section>
  );
}

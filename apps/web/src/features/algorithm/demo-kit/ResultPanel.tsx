import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonView } from './JsonView.tsx';
import styles from './Demo.module.css';

interface ResultPanelProps {
  /** The gateway's answer; null before an analysis. */
  response: unknown;
  children?: ReactNode;
}

/** The result column: what the demo reads from the answer, then the answer itself as JSON. */
export function ResultPanel({ response, children }: ResultPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className={styles.panelTitle}>
        {t('demo.result.title')}
      </h2>
      {response ? (
        <>
          {children}
          <JsonView value={response} />
        </>
      ) : (
        <p className={styles.placeholder}>{t('demo.result.placeholder')}</p>
      )}
    </section>
  );
}

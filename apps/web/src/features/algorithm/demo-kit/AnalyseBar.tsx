import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './Demo.module.css';

interface AnalyseBarProps {
  ready: boolean;
  running: boolean;
  onAnalyse: () => void;
  /** An error the page says itself (the catalogue only records it). */
  error: string | null;
  /** Button text instead of "Analyse". */
  label?: ReactNode;
}

/** The analyse button, the privacy note, and the error the page states itself. */
export function AnalyseBar({ ready, running, onAnalyse, error, label }: AnalyseBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          onClick={onAnalyse}
          disabled={!ready || running}
          loading={running}
          data-testid="demo-analyse"
        >
          {running ? t('demo.analysing') : (label ?? t('demo.analyse'))}
        </Button>
        <span className={styles.privacy}>{t('demo.privacyNote')}</span>
      </div>
      {error && (
        <Alert type="error" showIcon title={error} className={styles.error} data-testid="demo-error" />
      )}
    </>
  );
}

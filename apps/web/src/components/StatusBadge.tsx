import { FireFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './StatusBadge.module.css';

/** The status icons of menu entries: 2 hot, 3 beta, 4 new, 5 hot and new. Status 1 (internal) shows nothing here. */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const hot = status === 2 || status === 5;
  const isNew = status === 4 || status === 5;
  const beta = status === 3;
  if (!hot && !isNew && !beta) return null;
  return (
    <span className={styles.badges}>
      {hot && (
        <span className={styles.hot} role="img" aria-label={t('status.hot')} title={t('status.hot')}>
          <FireFilled />
        </span>
      )}
      {isNew && <span className={`${styles.pill} ${styles.new}`}>{t('status.new')}</span>}
      {beta && <span className={`${styles.pill} ${styles.beta}`}>{t('status.beta')}</span>}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';
import styles from './PageLoading.module.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

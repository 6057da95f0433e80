import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spin />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

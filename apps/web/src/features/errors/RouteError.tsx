import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './NotFoundPage.module.css';

/** Shown when a page cannot render, most often because its script chunk failed to load. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className={`wrap ${styles.page} ${styles.centered}`} role="alert">
      <WarningOutlined className={styles.icon} aria-hidden />
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.description}>{t('routeError.description')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}

import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../../components/LightButton.tsx';
import styles from './NotFoundPage.module.css';

/**
 * Shown when a page cannot render, most often because its script chunk failed to load. It is part
 * of the app shell, so it uses no antd component: a light button that reloads the page.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className={`wrap ${styles.page} ${styles.centered}`} role="alert">
      <WarningOutlined className={styles.icon} aria-hidden />
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.description}>{t('routeError.description')}</p>
      <LightButton variant="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </LightButton>
    </div>
  );
}

import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './Account.module.css';

/**
 * /logining, the landing after a login: the guard forwards signed-in visitors to `redirectUrl` (or
 * the stored redirect) before anything renders, so this only shows while that happens.
 */
export function LoginingPage() {
  const { t } = useTranslation();
  return (
    <div className={`wrap ${styles.centerBox}`} role="status" data-testid="page-logining">
      <Spin size="large" />
      <p>{t('pages.logining.body')}</p>
    </div>
  );
}

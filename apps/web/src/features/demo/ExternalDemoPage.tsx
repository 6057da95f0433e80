import { Alert } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { NavButton } from '../../components/NavButton.tsx';
import { useTranslation } from 'react-i18next';
import { safeExternalAddress } from './externalAddress.ts';
import styles from './ExternalDemoPage.module.css';

/**
 * /demo?src=<address>: paths carrying an external address land here. The address is shown as a
 * plain link with a notice; the site never frames or fetches arbitrary content.
 */
export function ExternalDemoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const address = safeExternalAddress(params.get('src'));
  return (
    <div className={`wrap ${styles.page}`}>
      <h1 className={styles.title}>{t('externalDemo.title')}</h1>
      {address ? (
        <>
          <Alert type="warning" showIcon title={t('externalDemo.notice')} className={styles.notice} />
          <p className={styles.label}>{t('externalDemo.addressLabel')}</p>
          <a
            className={styles.address}
            href={address}
            target="_blank"
            rel="noopener noreferrer nofollow"
            data-testid="external-address"
          >
            {address}
            <ExportOutlined aria-hidden className={styles.icon} />
            <span className="visually-hidden">{t('common.opensInNewTab')}</span>
          </a>
        </>
      ) : (
        <Alert type="info" showIcon title={t('externalDemo.invalid')} className={styles.notice} />
      )}
      <div className={styles.actions}>
        <NavButton to="/index">{t('notFound.backHome')}</NavButton>
      </div>
    </div>
  );
}

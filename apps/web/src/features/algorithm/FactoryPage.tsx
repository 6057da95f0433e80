import { Alert } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findById, pickText } from '../../api/menu.ts';
import { NOT_FOUND_PATH } from '../../routing/paths.ts';
import { safeExternalAddress } from '../demo/externalAddress.ts';
import { MenuGate } from './MenuGate.tsx';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

/** /algorithm/factory/:id: the algorithm factory of a capability, open when its Extension sets factorySwitch 1. */
export function FactoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { language } = useMenuData();
  return (
    <MenuGate>
      {(menu) => {
        const item = /^\d+$/.test(id) ? findById(menu, Number(id)) : undefined;
        if (!item) return <Navigate to={NOT_FOUND_PATH} replace />;
        const factoryUrl =
          item.extension.factorySwitch === 1 ? safeExternalAddress(item.extension.factoryUrl ?? null) : null;
        const name = pickText(item.name, language);
        return (
          <>
            <header className={styles.hero}>
              <div className="wrap">
                <h1 className={styles.heroTitle}>{t('algorithm.factoryTitle', { name })}</h1>
                <p className={styles.heroDesc}>{pickText(item.comment, language)}</p>
              </div>
            </header>
            <div className={`wrap ${styles.body}`}>
              {factoryUrl ? (
                <a href={factoryUrl} target="_blank" rel="noopener noreferrer" className={styles.docLink}>
                  {t('algorithm.openFactory')}
                  <ExportOutlined aria-hidden />
                  <span className="visually-hidden">{t('common.opensInNewTab')}</span>
                </a>
              ) : (
                <Alert type="info" showIcon title={t('algorithm.factoryClosed')} />
              )}
            </div>
          </>
        );
      }}
    </MenuGate>
  );
}

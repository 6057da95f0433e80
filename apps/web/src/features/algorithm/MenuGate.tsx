import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../api/menu.ts';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

/** Renders its children once the menu is loaded; a skeleton while loading, a retry on failure. */
export function MenuGate({ children }: { children: (menu: MenuItem[]) => ReactNode }) {
  const { t } = useTranslation();
  const { menu } = useMenuData();
  if (menu.data) return <>{children(menu.data)}</>;
  if (menu.isError) {
    return (
      <div className={`wrap ${styles.state}`}>
        <Result
          status="warning"
          title={t('menu.loadFailed')}
          extra={
            <Button type="primary" onClick={() => void menu.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={`wrap ${styles.state}`} role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

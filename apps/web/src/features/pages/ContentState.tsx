import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading.tsx';

/** Renders the page once its content file is loaded; a spinner before, an error with a retry on failure. */
export function ContentState<D>({
  query,
  children,
}: {
  query: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <div className="wrap" style={{ paddingBlock: 48 }}>
        <Alert
          type="error"
          title={t('pages.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  return <PageLoading />;
}

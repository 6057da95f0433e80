import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styles from './Loaded.module.css';

interface LoadedProps<T> {
  query: UseQueryResult<T>;
  /** Sizes the placeholder like the content (per breakpoint), so that the page does not jump when the data arrives. */
  size: string | undefined;
  children: (data: T) => ReactNode;
}

/** Renders a content section once its data is there; a placeholder before, a retry after a failure. */
export function Loaded<T>({ query, size, children }: LoadedProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div className={`${styles.failed} ${size ?? ''}`} role="alert">
        <p>{t('home.loadFailed')}</p>
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          {t('home.retry')}
        </button>
      </div>
    );
  }
  return <div className={`${styles.placeholder} ${size ?? ''}`} aria-busy="true" />;
}

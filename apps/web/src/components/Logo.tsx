import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Logo.module.css';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  const gradientId = useId();
  return (
    <span className={`${styles.logo} ${inverted ? styles.inverted : ''}`}>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#4338ca" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
        <circle cx="24" cy="26" r="4" fill="#fff" />
        <circle cx="40" cy="26" r="4" fill="#fff" />
        <circle cx="32" cy="40" r="4" fill="#fff" />
        <circle cx="20" cy="44" r="2.5" fill="#c7d2fe" />
        <circle cx="44" cy="44" r="2.5" fill="#c7d2fe" />
      </svg>
      <span className={styles.text}>
        <span className={styles.brand}>{t('app.brand')}</span>
        <span className={styles.suffix}>{t('app.brandSuffix')}</span>
      </span>
    </span>
  );
}

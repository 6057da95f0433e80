import { ExperimentFilled, FireFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { statusIcons, type StatusIcon } from './statusIcons.ts';
import styles from './StatusBadge.module.css';

/**
 * The status icons of a menu entry: 1 internal test (only when `internalDomain`), 2 hot, 3 beta,
 * 4 new, 5 hot and new.
 */
export function StatusBadge({
  status,
  internalDomain = false,
}: {
  status: number;
  internalDomain?: boolean;
}) {
  const { t } = useTranslation();
  const icons = statusIcons(status, internalDomain);
  if (icons.length === 0) return null;
  const icon = (kind: StatusIcon) => {
    const label = t(`status.${kind}`);
    switch (kind) {
      case 'hot':
        return (
          <span key={kind} className={styles.hot} role="img" aria-label={label} title={label}>
            <FireFilled />
          </span>
        );
      case 'internal':
        return (
          <span key={kind} className={`${styles.pill} ${styles.internal}`} title={label}>
            <ExperimentFilled aria-hidden /> {label}
          </span>
        );
      default:
        return (
          <span key={kind} className={`${styles.pill} ${styles[kind]}`}>
            {label}
          </span>
        );
    }
  };
  return (
    <span className={styles.badges} data-status={status}>
      {icons.map(icon)}
    </span>
  );
}

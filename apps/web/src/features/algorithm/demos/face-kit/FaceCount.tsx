import { useTranslation } from 'react-i18next';
import styles from './FaceKit.module.css';

/** "Faces detected: n", read first in the result column. */
export function FaceCount({ total }: { total: number }) {
  const { t } = useTranslation();
  return (
    <p className={styles.count} data-testid="demo-result-count">
      {t('faceDemo.count', { total })}
    </p>
  );
}

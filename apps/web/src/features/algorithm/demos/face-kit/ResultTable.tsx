import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { percent } from './format.ts';
import styles from './FaceKit.module.css';

export interface ResultRow {
  /** Stable name of the row (an attribute name). */
  name: string;
  label: ReactNode;
  value: ReactNode;
  /** 0..1, or null when the answer gives none. */
  confidence: number | null | undefined;
}

/** What the answer says about one face, as a real table: attribute, result, confidence. */
export function ResultTable({ rows, labelledBy }: { rows: readonly ResultRow[]; labelledBy: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <table className={styles.table} aria-labelledby={labelledBy} data-testid="face-attributes">
      <thead>
        <tr>
          <th scope="col">{t('faceDemo.table.attribute')}</th>
          <th scope="col">{t('faceDemo.table.result')}</th>
          <th scope="col" className={styles.numeric}>
            {t('faceDemo.table.confidence')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} data-attribute={row.name}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
            <td className={styles.numeric}>{percent(row.confidence)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { useTranslation } from 'react-i18next';
import { ScoreTable, type ScoreRow } from '../../demo-kit/ScoreTable.tsx';
import styles from './FaceKit.module.css';

/** What the answer says about one face: attribute, result, confidence. */
export function ResultTable({ rows, labelledBy }: { rows: readonly ScoreRow[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ScoreTable
      rows={rows}
      labelledBy={labelledBy}
      headings={[t('faceDemo.table.attribute'), t('faceDemo.table.result'), t('faceDemo.table.confidence')]}
      classNames={{ table: styles.table, numeric: styles.numeric }}
      testId="face-attributes"
    />
  );
}

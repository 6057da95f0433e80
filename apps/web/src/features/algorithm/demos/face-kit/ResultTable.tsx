import { useTranslation } from 'react-i18next';
import { ScoreTable, type ScoreRow } from '../../demo-kit/ScoreTable.tsx';
import styles from './FaceKit.module.css';

/** What the answer says about one face: attribute, result, score (with what the score is). */
export function ResultTable({ rows, labelledBy }: { rows: readonly ScoreRow[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ScoreTable
      rows={rows}
      labelledBy={labelledBy}
      headings={[t('faceDemo.table.attribute'), t('faceDemo.table.result'), t('faceDemo.table.score')]}
      classNames={{ table: styles.table, numeric: styles.numeric }}
      testId="face-attributes"
    />
  );
}

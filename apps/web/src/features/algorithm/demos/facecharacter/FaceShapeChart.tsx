import { useTranslation } from 'react-i18next';
import { percent } from '../../demo-kit/percent.ts';
import { faceShapeScores, featureValueKey, type FacialAnalysis } from './features.ts';
import table from '../../demo-kit/Table.module.css';
import styles from '../face-kit/FaceKit.module.css';

/** The six face-shape scores as a small bar chart, written as a table so that it is read, not only seen. */
export function FaceShapeChart({ analysis }: { analysis: FacialAnalysis }) {
  const { t } = useTranslation();
  const scores = faceShapeScores(analysis);
  if (scores.length === 0) return null;
  return (
    <table className={`${table.table} ${styles.table} ${styles.chart}`} data-testid="face-shape-chart">
      <caption>{t('faceDemo.character.shapeScores')}</caption>
      <tbody>
        {scores.map(({ shape, score, best }) => (
          <tr key={shape} className={best ? styles.best : undefined} data-shape={shape}>
            <th scope="row">{t(featureValueKey('face_shape', shape))}</th>
            <td className={styles.barCell}>
              <span
                className={styles.bar}
                style={{ width: `${Math.max(0, Math.min(1, score)) * 100}%` }}
                aria-hidden
              />
            </td>
            <td className={`${table.numeric} ${styles.numeric}`}>{percent(score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

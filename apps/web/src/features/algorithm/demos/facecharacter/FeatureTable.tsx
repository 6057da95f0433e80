import { useTranslation } from 'react-i18next';
import { featureGroups, featureKey, groupKey, type FacialAnalysis } from './features.ts';
import table from '../../demo-kit/Table.module.css';
import styles from '../face-kit/FaceKit.module.css';

/**
 * The features as a table: one row group per part of the face (face shape, cheekbone, eyes,
 * eyebrow, nose, lips, chin), one row per feature with its translated value.
 */
export function FeatureTable({ analysis, labelledBy }: { analysis: FacialAnalysis; labelledBy: string }) {
  const { t } = useTranslation();
  const groups = featureGroups(analysis);
  if (groups.length === 0) return null;
  return (
    <table
      className={`${table.table} ${styles.table}`}
      aria-labelledby={labelledBy}
      data-testid="face-features"
    >
      <thead>
        <tr>
          <th scope="col" colSpan={2}>
            {t('faceDemo.table.feature')}
          </th>
          <th scope="col">{t('faceDemo.table.result')}</th>
        </tr>
      </thead>
      {groups.map(({ group, rows }) => (
        <tbody key={group} data-group={group}>
          {rows.map((row, index) => {
            const value = 'raw' in row.value ? row.value.raw : t(row.value.key);
            const single = rows.length === 1;
            return (
              <tr key={row.feature} data-feature={row.feature}>
                {single ? (
                  <th scope="row" colSpan={2}>
                    {t(groupKey(group))}
                  </th>
                ) : (
                  <>
                    {index === 0 && (
                      <th scope="rowgroup" rowSpan={rows.length} className={styles.groupHead}>
                        {t(groupKey(group))}
                      </th>
                    )}
                    <th scope="row">{t(featureKey(row.feature))}</th>
                  </>
                )}
                <td>{value}</td>
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}

import { useTranslation } from 'react-i18next';
import { ResultTable } from '../face-kit/ResultTable.tsx';
import { attributeLabelKey, attributeRows, type AnalysedFace } from './attributes.ts';

/** The attributes of one face that the answer carries, translated. */
export function AttributeTable({ face, labelledBy }: { face: AnalysedFace; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ResultTable
      labelledBy={labelledBy}
      rows={attributeRows(face).map((row) => ({
        name: row.name,
        label: t(attributeLabelKey(row.name)),
        value: 'raw' in row.value ? row.value.raw : t(row.value.key, row.value.options),
        score: row.confidence ?? row.modelScore,
        note: row.heuristic ? (
          <span title={t('faceDemo.table.heuristicHint')} data-testid="heuristic-note">
            {t('faceDemo.table.heuristic')}
          </span>
        ) : row.modelScore !== null && row.confidence === null ? (
          <span title={t('faceDemo.table.modelHint')} data-testid="model-note">
            {t('faceDemo.table.model')}
          </span>
        ) : undefined,
      }))}
    />
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nText } from '@pixora/catalog';
import { pickText, type MenuItem } from '../../../../api/menu.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { extraOf, itemsOf, kindSpec, scoreOf, textOf, type Fields } from '../answer.ts';
import { KindDemo } from '../KindDemo.tsx';
import { percent } from '../../demo-kit/percent.ts';
import table from '../../demo-kit/Table.module.css';
import styles from '../Kinds.module.css';

interface ScoredLabel {
  label: string;
  score: number | undefined;
}

/** The labels of an answer, in its order (best first), with their scores. */
export function labelsOf(extra: Fields | undefined, list: string): ScoredLabel[] {
  return itemsOf(extra, list).flatMap((entry) => {
    const label = textOf(entry, 'label');
    return label === undefined ? [] : [{ label, score: scoreOf(entry) }];
  });
}

interface LabelBarsProps {
  labels: readonly ScoredLabel[];
  /** The labels' names in three languages, when the entry gives them; else the label as answered. */
  names: Record<string, I18nText> | undefined;
}

/** The labels as bars, best first: name, bar as long as the score, score. */
function LabelBars({ labels, names }: LabelBarsProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  return (
    <table
      className={`${table.table} ${styles.table} ${styles.bars}`}
      aria-labelledby={id}
      data-testid="label-bars"
    >
      <caption id={id}>{t('kindDemo.labels.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('kindDemo.labels.label')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('kindDemo.labels.bar')}</span>
          </th>
          <th scope="col" className={`${table.numeric} ${styles.numeric}`}>
            {t('kindDemo.score')}
          </th>
        </tr>
      </thead>
      <tbody>
        {labels.map(({ label, score }, index) => {
          const name = names?.[label];
          return (
            <tr
              key={`${label}-${index}`}
              className={index === 0 ? styles.best : undefined}
              data-testid="label-bar"
              data-label={label}
            >
              <th scope="row">{name ? pickText(name, language) : label}</th>
              <td className={styles.barCell} aria-hidden>
                <span className={styles.bar} style={{ width: `${Math.round((score ?? 0) * 100)}%` }} />
              </td>
              <td className={`${table.numeric} ${styles.numeric}`}>{percent(score)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The demo of the labels kind: the best labels of the whole photo as bars, best first, with
 * their names in the page's language where the entry's view gives them (`list`, `names`).
 */
export function LabelsDemo({ item }: { item: MenuItem }) {
  const spec = kindSpec(item, 'labels');
  if (!spec) return null;
  const { list, names } = spec.view;
  return (
    <KindDemo
      item={item}
      kind="labels"
      spec={spec}
      isEmpty={(response) => labelsOf(extraOf(response), list).length === 0}
      result={({ response }) => <LabelBars labels={labelsOf(extraOf(response), list)} names={names} />}
    />
  );
}

import { useTranslation } from 'react-i18next';
import type { Keypoint } from '@pixora/catalog';
import type { MenuItem } from '../../../../api/menu.ts';
import { ItemList } from '../../demo-kit/ItemList.tsx';
import { extraOf, itemsOf, keypointsOf, kindSpec, rectangleOf, scoreOf } from '../answer.ts';
import { listIsEmpty, ListOverlay } from '../ItemsOverlay.tsx';
import { BoxFacts, ItemCount, ItemScore, KindDemo, useItemNames } from '../KindDemo.tsx';
import { percent } from '../../demo-kit/percent.ts';
import { isLow, LOW_SCORE, Skeleton } from './Skeleton.tsx';
import { AttributeTable, attributeRows } from '../attributes/AttributesDemo.tsx';
import { pickText } from '../../../../api/menu.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import table from '../../demo-kit/Table.module.css';
import styles from '../Kinds.module.css';

/** The points of one item as a table: name, position, score; unsure points marked. */
function PointTable({ points, labelledBy }: { points: readonly Keypoint[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <details className={styles.points}>
      <summary>{t('kindDemo.points.table', { total: points.length })}</summary>
      <table
        className={`${table.table} ${styles.table}`}
        aria-labelledby={labelledBy}
        data-testid="kind-points"
      >
        <thead>
          <tr>
            <th scope="col">{t('kindDemo.points.name')}</th>
            <th scope="col" className={`${table.numeric} ${styles.numeric}`}>
              x
            </th>
            <th scope="col" className={`${table.numeric} ${styles.numeric}`}>
              y
            </th>
            <th scope="col" className={`${table.numeric} ${styles.numeric}`}>
              {t('kindDemo.score')}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.name} className={isLow(point) ? styles.low : undefined}>
              <th scope="row">{point.name}</th>
              <td className={`${table.numeric} ${styles.numeric}`}>{Math.round(point.x)}</td>
              <td className={`${table.numeric} ${styles.numeric}`}>{Math.round(point.y)}</td>
              <td className={`${table.numeric} ${styles.numeric}`}>{percent(point.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The demo of the points kind: every thing found boxed over the photo with its points and the
 * skeleton of the entry's layout (unsure points faint), and listed beside it with its points.
 * It reads the answer through the entry's view (`list`, `rectangle`, `points`, `layout`).
 */
export function PointsDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const spec = kindSpec(item, 'points');
  const names = useItemNames(spec?.view.noun);
  if (!spec) return null;
  const { list, rectangle, points, layout, attributes, names: valueNames, empty } = spec.view;
  const nameOf = (code: string) => {
    const text = valueNames?.[code];
    return text ? pickText(text, language) : undefined;
  };
  return (
    <KindDemo
      item={item}
      kind="points"
      spec={spec}
      isEmpty={listIsEmpty(list)}
      emptyText={empty}
      overlay={({ response, active }, size) => (
        <ListOverlay
          response={response}
          list={list}
          rectangle={rectangle}
          size={size}
          active={active}
          title={(found, index) => names.item(index)}
          drawing={(found) => <Skeleton points={keypointsOf(found, points)} layout={layout} />}
        />
      )}
      result={({ response, setActive }) => {
        const items = itemsOf(extraOf(response), list);
        return (
          <>
            <ItemCount total={items.length} noun={spec.view.noun} />
            <ItemList
              items={items}
              setActive={setActive}
              heading={(index) => names.item(index)}
              aside={(found) => <ItemScore score={scoreOf(found)} />}
              testId="kind-item"
            >
              {(found, _index, headingId) => {
                const box = rectangleOf(found, rectangle);
                const itemPoints = keypointsOf(found, points);
                return (
                  <>
                    {attributes && (
                      <AttributeTable
                        rows={attributeRows(found, attributes, nameOf)}
                        labelledBy={headingId}
                      />
                    )}
                    {box && <BoxFacts rectangle={box} />}
                    <p className={styles.note} data-testid="kind-points-count">
                      {t('kindDemo.points.count', { total: itemPoints.length })}
                      {itemPoints.some(isLow) &&
                        ` · ${t('kindDemo.points.unsure', { low: itemPoints.filter(isLow).length })}`}
                    </p>
                    <PointTable points={itemPoints} labelledBy={headingId} />
                  </>
                );
              }}
            </ItemList>
            <p className={styles.note}>{t('kindDemo.points.lowNote', { score: LOW_SCORE })}</p>
          </>
        );
      }}
    />
  );
}

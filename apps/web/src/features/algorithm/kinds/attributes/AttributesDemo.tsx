import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../../../api/menu.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { ItemList } from '../../demo-kit/ItemList.tsx';
import { ScoreTable } from '../../demo-kit/ScoreTable.tsx';
import { extraOf, itemsOf, kindSpec, rectangleOf, scoreOf, type Fields } from '../answer.ts';
import { listIsEmpty, ListOverlay } from '../ItemsOverlay.tsx';
import { BoxFacts, ItemCount, ItemScore, KindDemo, useItemNames } from '../KindDemo.tsx';
import styles from '../Kinds.module.css';
import { Shapes, shapesOf } from './Shapes.tsx';

interface AttributeRow {
  name: string;
  value: string;
  score: number | undefined;
}

/** A value as the table shows it; `nameOf` gives the display name of a coded value, if it has one. */
const valueText = (value: unknown, nameOf: (code: string) => string | undefined): string => {
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  if (typeof value === 'string') return nameOf(value) ?? value;
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
};

/**
 * The attributes of an item (`{ name: { value, score? } }`) as rows, in the answer's order; the
 * attributes and their coded values shown by the name `nameOf` gives them (the view's `names`),
 * else as they are.
 */
export function attributeRows(
  item: Fields,
  name: string,
  nameOf: (code: string) => string | undefined = () => undefined,
): AttributeRow[] {
  const attributes = item[name];
  if (typeof attributes !== 'object' || attributes === null) return [];
  return Object.entries(attributes as Fields).map(([attribute, entry]) => {
    const fields = typeof entry === 'object' && entry !== null ? (entry as Fields) : { value: entry };
    return {
      name: nameOf(attribute) ?? attribute,
      value: valueText(fields.value, nameOf),
      score: scoreOf(fields),
    };
  });
}

/** An item's attributes with their values and scores. */
export function AttributeTable({ rows, labelledBy }: { rows: readonly AttributeRow[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ScoreTable
      rows={rows.map((row) => ({ ...row, label: row.name }))}
      labelledBy={labelledBy}
      headings={[t('kindDemo.attributes.attribute'), t('kindDemo.attributes.value'), t('kindDemo.score')]}
      classNames={{ table: styles.table, numeric: styles.numeric }}
      testId="kind-attributes"
    />
  );
}

/**
 * The demo of the attributes kind: every thing found boxed over the photo (when the answer boxes
 * it) with its regions and findings (when the view names `shapes`), and per item a table of its
 * attributes with their scores, coded values by their display names (`names`). It reads the
 * answer through the entry's view (`list`, `rectangle`, `attributes`, `shapes`, `names`).
 */
export function AttributesDemo({ item }: { item: MenuItem }) {
  const { language } = useLanguage();
  const spec = kindSpec(item, 'attributes');
  const names = useItemNames(spec?.view.noun);
  if (!spec) return null;
  const { list, rectangle, attributes, shapes, names: valueNames } = spec.view;
  const nameOf = (code: string) => {
    const text = valueNames?.[code];
    return text ? pickText(text, language) : undefined;
  };
  return (
    <KindDemo
      item={item}
      kind="attributes"
      spec={spec}
      isEmpty={listIsEmpty(list)}
      overlay={({ response, active }, size) => (
        <ListOverlay
          response={response}
          list={list}
          rectangle={rectangle}
          size={size}
          active={active}
          title={(found, index) => names.item(index)}
          {...(shapes
            ? { drawing: (found: Fields) => <Shapes shapes={shapesOf(found, shapes)} nameOf={nameOf} /> }
            : {})}
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
                return (
                  <>
                    <AttributeTable rows={attributeRows(found, attributes, nameOf)} labelledBy={headingId} />
                    {box && <BoxFacts rectangle={box} />}
                  </>
                );
              }}
            </ItemList>
          </>
        );
      }}
    />
  );
}

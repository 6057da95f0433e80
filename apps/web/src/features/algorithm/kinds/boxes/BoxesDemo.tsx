import { pickText, type MenuItem } from '../../../../api/menu.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { ItemList } from '../../demo-kit/ItemList.tsx';
import { extraOf, itemsOf, kindSpec, rectangleOf, scoreOf, type Fields } from '../answer.ts';
import { itemLabel, listIsEmpty, ListOverlay } from '../ItemsOverlay.tsx';
import { BoxFacts, ItemCount, ItemScore, KindDemo, useItemNames } from '../KindDemo.tsx';

/**
 * The demo of the boxes kind: every thing found boxed over the photo with its class and score,
 * and listed beside it (under its class's display name when the contract names its classes). It
 * reads the answer through the entry's view (`list`, `rectangle`, `names`).
 */
export function BoxesDemo({ item }: { item: MenuItem }) {
  const { language } = useLanguage();
  const spec = kindSpec(item, 'boxes');
  const names = useItemNames(spec?.view.noun);
  if (!spec) return null;
  const { list, rectangle, names: labelNames } = spec.view;
  // A label is shown by its display name when the contract gives one, else as it is.
  const labelOf = (found: Fields) => {
    const code = itemLabel(found);
    const text = code === undefined ? undefined : labelNames?.[code];
    return text ? pickText(text, language) : code;
  };
  const title = (found: Fields, index: number) =>
    [names.item(index), labelOf(found)].filter(Boolean).join(': ');
  return (
    <KindDemo
      item={item}
      kind="boxes"
      spec={spec}
      isEmpty={listIsEmpty(list)}
      emptyText={spec.view.empty}
      overlay={({ response, active }, size) => (
        <ListOverlay
          response={response}
          list={list}
          rectangle={rectangle}
          size={size}
          active={active}
          title={(found, index) => title(found, index)}
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
              heading={(index) => title(items[index]!, index)}
              aside={(found) => <ItemScore score={scoreOf(found)} />}
              testId="kind-item"
            >
              {(found) => {
                const box = rectangleOf(found, rectangle);
                return box ? <BoxFacts rectangle={box} /> : null;
              }}
            </ItemList>
          </>
        );
      }}
    />
  );
}

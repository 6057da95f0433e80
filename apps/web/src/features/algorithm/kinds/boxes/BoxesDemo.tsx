import type { MenuItem } from '../../../../api/menu.ts';
import { ItemList } from '../../demo-kit/ItemList.tsx';
import { extraOf, itemsOf, kindSpec, rectangleOf, scoreOf, type Fields } from '../answer.ts';
import { itemLabel, listIsEmpty, ListOverlay } from '../ItemsOverlay.tsx';
import { BoxFacts, ItemCount, ItemScore, KindDemo, useItemNames } from '../KindDemo.tsx';

/**
 * The demo of the boxes kind: every thing found boxed over the photo with its class and score,
 * and listed beside it. It reads the answer through the entry's view (`list`, `rectangle`).
 */
export function BoxesDemo({ item }: { item: MenuItem }) {
  const spec = kindSpec(item, 'boxes');
  const names = useItemNames(spec?.view.noun);
  if (!spec) return null;
  const { list, rectangle } = spec.view;
  const title = (found: Fields, index: number) =>
    [names.item(index), itemLabel(found)].filter(Boolean).join(': ');
  return (
    <KindDemo
      item={item}
      kind="boxes"
      spec={spec}
      isEmpty={listIsEmpty(list)}
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

import type { MenuItem } from '../../../../api/menu.ts';
import { ItemList } from '../../demo-kit/ItemList.tsx';
import { extraOf, imageSizeOf, itemsOf, kindSpec, rectangleOf, scoreOf, type Fields } from '../answer.ts';
import { itemCaption, itemLabel, ItemsOverlay } from '../ItemsOverlay.tsx';
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
      isEmpty={(response) => itemsOf(extraOf(response), list).length === 0}
      overlay={({ response, active }, size) => {
        const extra = extraOf(response);
        return (
          <ItemsOverlay
            size={imageSizeOf(extra, size)}
            active={active}
            items={itemsOf(extra, list).map((found, index) => ({
              rectangle: rectangleOf(found, rectangle),
              caption: itemCaption(found, index),
              title: title(found, index),
            }))}
          />
        );
      }}
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

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rectangle } from '@pixora/catalog';
import { captionSize, Overlay, OverlayBox } from '../demo-kit/Overlay.tsx';
import {
  extraOf,
  imageSizeOf,
  itemsOf,
  rectangleOf,
  scoreOf,
  textOf,
  type Fields,
  type KindResponse,
} from './answer.ts';

/** An item's class, when its answer names one: a `label` beside its box and score. */
export const itemLabel = (item: Fields) => textOf(item, 'label');

/** "2 · cat · 0.93": the item's number, its class if any, its score if any. */
export function itemCaption(item: Fields, index: number): string {
  const score = scoreOf(item);
  return [String(index + 1), itemLabel(item), score === undefined ? undefined : score.toFixed(2)]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** An item found, as the overlay draws it. */
export interface OverlayItem {
  /** Its box; an item without one is drawn by `drawing` alone. */
  rectangle: Rectangle | undefined;
  /** Short text above the box: the item's number, its label and its score. */
  caption: string;
  /** Accessible name of the item. */
  title: string;
  /** What is drawn besides the box: points, a skeleton. */
  drawing?: ReactNode;
}

interface ItemsOverlayProps {
  /** Pixel size of the image the answer's coordinates refer to; nothing is drawn before it is known. */
  size: { width: number; height: number } | null;
  items: readonly OverlayItem[];
  /** The item pointed at in the result list. */
  active: number | null;
}

/** The items of an answer over the photo, numbered as in the result list. */
export function ItemsOverlay({ size, items, active }: ItemsOverlayProps) {
  const { t } = useTranslation();
  if (!size) return null;
  const fontSize = captionSize(size.width, size.height);
  return (
    <Overlay
      width={size.width}
      height={size.height}
      label={t('kindDemo.overlayLabel', { total: items.length })}
      testId="kind-overlay"
    >
      {items.map((item, index) =>
        item.rectangle ? (
          <OverlayBox
            key={index}
            rectangle={item.rectangle}
            caption={item.caption}
            title={item.title}
            active={active === index}
            fontSize={fontSize}
            testIdPrefix="kind"
          >
            {item.drawing}
          </OverlayBox>
        ) : (
          <g key={index} data-testid="kind-result">
            <title>{item.title}</title>
            {item.drawing}
          </g>
        ),
      )}
    </Overlay>
  );
}

/** Whether an answer's list (`view.list`) is empty: the demo then says nothing was found. */
export const listIsEmpty = (list: string) => (response: KindResponse) =>
  itemsOf(extraOf(response), list).length === 0;

interface ListOverlayProps {
  response: KindResponse;
  /** The view's names of the list and of each item's box. */
  list: string;
  rectangle: string | undefined;
  size: { width: number; height: number } | null;
  active: number | null;
  /** Accessible name of an item. */
  title: (item: Fields, index: number) => string;
  /** What is drawn besides an item's box. */
  drawing?: (item: Fields) => ReactNode;
}

/** The items of an answer's list over the photo, read through the view's names. */
export function ListOverlay({ response, list, rectangle, size, active, title, drawing }: ListOverlayProps) {
  const extra = extraOf(response);
  return (
    <ItemsOverlay
      size={imageSizeOf(extra, size)}
      active={active}
      items={itemsOf(extra, list).map((found, index) => ({
        rectangle: rectangleOf(found, rectangle),
        caption: itemCaption(found, index),
        title: title(found, index),
        ...(drawing ? { drawing: drawing(found) } : {}),
      }))}
    />
  );
}

import { TECH_INTERVAL_MS, TECH_NEXT_CATEGORY_MS, lastStart } from './timing.ts';

/** The technology carousel: which category is shown and the first visible slide of its list. */
export interface TechPosition {
  category: number;
  start: number;
}

export type TechAction =
  { type: 'select'; category: number } | { type: 'slide'; delta: number } | { type: 'autoplay' };

export interface TechShape {
  /** Slides in each category, in category order. */
  counts: readonly number[];
  perView: number;
}

/**
 * One step of the technology carousel. Autoplay moves one slide at a time; on the last slide it
 * moves to the next category (the fifth wraps to the first). Selecting a category shows its list
 * from the start. Manual slides stop at either end of the list.
 */
export function techReducer(position: TechPosition, action: TechAction, shape: TechShape): TechPosition {
  const categories = shape.counts.length;
  if (categories === 0) return { category: 0, start: 0 };
  const last = lastStart(shape.counts[position.category] ?? 0, shape.perView);
  switch (action.type) {
    case 'select':
      return action.category === position.category
        ? position
        : { category: ((action.category % categories) + categories) % categories, start: 0 };
    case 'slide':
      return { ...position, start: Math.min(last, Math.max(0, position.start + action.delta)) };
    case 'autoplay':
      return position.start >= last
        ? { category: (position.category + 1) % categories, start: 0 }
        : { ...position, start: position.start + 1 };
  }
}

/** The wait before the next autoplay step: 5 s between slides, 4.5 s on the last slide. */
export function techDelay(position: TechPosition, shape: TechShape): number {
  const last = lastStart(shape.counts[position.category] ?? 0, shape.perView);
  return position.start >= last ? TECH_NEXT_CATEGORY_MS : TECH_INTERVAL_MS;
}

/** Keeps the first visible slide inside the list when the number of slides per view changes. */
export function clampPosition(position: TechPosition, shape: TechShape): TechPosition {
  const last = lastStart(shape.counts[position.category] ?? 0, shape.perView);
  return position.start > last ? { ...position, start: last } : position;
}

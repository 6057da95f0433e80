/** Carousel timings and thresholds of the product contract. */
export const BANNER_INTERVAL_MS = 5000;
export const TECH_INTERVAL_MS = 5000;
/** How long the technology carousel rests on its last slide before the next category. */
export const TECH_NEXT_CATEGORY_MS = 4500;
export const ACHIEVEMENT_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

/** Three slides per view, two at 768 px or less (the technology and achievement carousels). */
export const NARROW_QUERY = '(max-width: 768px)';
export const SLIDES_PER_VIEW = { wide: 3, narrow: 2 } as const;
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The first slide index that still fills a view: the "last slide" position of a multi-slide carousel. */
export function lastStart(count: number, perView: number): number {
  return Math.max(0, count - perView);
}

/** Moves by `delta` slides. Wrapping carousels go round; the others stop at either end. */
export function stepIndex(index: number, delta: number, lastIndex: number, wrap: boolean): number {
  if (lastIndex <= 0) return 0;
  const next = index + delta;
  if (wrap) return ((next % (lastIndex + 1)) + lastIndex + 1) % (lastIndex + 1);
  return Math.min(lastIndex, Math.max(0, next));
}

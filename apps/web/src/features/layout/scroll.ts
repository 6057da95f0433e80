/** The scroll distances, in CSS pixels, at which the site chrome changes. */
export const SCROLL_THRESHOLDS = {
  /** The Product Service panel shows its pointer arrow once the bar floats over the page. */
  submenuArrows: 50,
  /** The top bar turns slightly transparent (opacity 0.9). */
  translucentBar: 70,
  /** The back-to-top button of the tool box appears. */
  backToTop: 200,
} as const;

export type ScrollFeature = keyof typeof SCROLL_THRESHOLDS;

/** Whether a chrome feature is on at a scroll position: on from its threshold onwards. */
export function reached(feature: ScrollFeature, scrollY: number): boolean {
  return scrollY >= SCROLL_THRESHOLDS[feature];
}

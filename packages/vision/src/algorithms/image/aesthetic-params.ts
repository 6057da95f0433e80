/**
 * aesthetic (aesthetic score): parameter and result types. Kept apart from the algorithm so that
 * importing them (e.g. from the HTTP gateway) loads nothing.
 */
import type { ImageSize, Rectangle } from '../kinds.ts';

export { parseSegmentParams as parseAestheticParams } from '../body/segment-params.ts';

/** No parameters. */
export type AestheticParams = Record<string, never>;

/** One measure, 0..100 (a score from documented measures, not a probability). */
export interface AestheticValue {
  value: number;
}

export interface AestheticPhoto {
  /** The whole photo. */
  photo_rectangle: Rectangle;
  /** The whole photo is the one item: 1. */
  score: number;
  attributes: {
    content: AestheticValue;
    light: AestheticValue;
    colour_vividness: AestheticValue;
    colour_harmony: AestheticValue;
    balance: AestheticValue;
    sharpness: AestheticValue;
    total: AestheticValue;
  };
}

export interface AestheticResult extends ImageSize {
  photo_num: number;
  photos: AestheticPhoto[];
}

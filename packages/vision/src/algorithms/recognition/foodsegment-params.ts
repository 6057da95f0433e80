/**
 * foodsegment (capability v1/foodsegment): parameter and result types, defaults, the labels of
 * the label image and parameter validation. Kept apart from the model code so that importing them
 * (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import { numberParam } from '../param-checks.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';
import { FOOD_LABELS } from './fooddetect-params.ts';

/** Colours of the food labels in the painted image. */
const COLOURS = [
  '#f4d03f',
  '#c0392b',
  '#d7a86e',
  '#f39c12',
  '#27ae60',
  '#e67e22',
  '#a04000',
  '#e74c3c',
  '#d98880',
  '#f5cba7',
];

/**
 * The labels of the label image: 1..10 COCO's foods (fooddetect's names), 11 food of no known
 * kind (the contents of a bowl or cup).
 */
export const FOOD_SEGMENT_LABELS = [
  ...FOOD_LABELS.map((label, i) => ({ value: i + 1, label: label as string, colour: COLOURS[i]! })),
  { value: 11, label: 'food', colour: '#8e44ad' },
] as const;

export interface FoodSegmentParams {
  /** Lowest score of a detected food item or bowl that seeds a region, 0..1. Public name `min_score`. */
  minScore: number;
}

/**
 * Defaults. minScore 0.1: chosen on the tuning photo of test/fixtures/food-labels.json (the fruit
 * photo: the best IoU of 0.10..0.40), not on the report's (scripts/measure-food.ts mask). Lower
 * than fooddetect's: a weak seed costs a region, which the colour model then bounds.
 */
export const FOOD_SEGMENT_DEFAULTS: Readonly<FoodSegmentParams> = Object.freeze({ minScore: 0.1 });

export interface FoodSegmentAnswer extends ImageSize {
  /** Share of the pixels with a label, 0..1, 4 decimals. */
  foreground_ratio: number;
  /** The labels present in the label image. */
  legend: Array<{ value: number; label: string }>;
}

/** `images.mask`: the label image (values of FOOD_SEGMENT_LABELS, 0 elsewhere); `media_data` the labels painted. */
export type FoodSegmentResult = ImageTaskResult<FoodSegmentAnswer, 'mask'>;

export function parseFoodSegmentParams(raw: Record<string, unknown> | undefined): FoodSegmentParams {
  return {
    minScore: numberParam(raw ?? {}, 'minScore', { min: 0, max: 1 }) ?? FOOD_SEGMENT_DEFAULTS.minScore,
  };
}

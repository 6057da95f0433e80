import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  FOOD_DEFAULTS,
  parseFoodParams,
  type FoodResult,
} from '../src/algorithms/recognition/fooddetect-params.ts';
import {
  astronautPath,
  chelseaPath,
  coffeePath,
  photoPath,
  groupSamplePath,
  opencvDocPath,
  read,
} from './fixtures.ts';

const food = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FoodResult>('fooddetect', { image, params });

beforeAll(async () => {
  await getInProcessEngine();
});

describe('fooddetect on real photos', () => {
  it('finds the orange in the top left corner of the fruit photo, named orange', async () => {
    const r = await food(read(await opencvDocPath('examples/data/fruits.jpg')));
    expect(r.food_num).toBeGreaterThanOrEqual(1);
    // The orange cut by the top left corner: marked at [0, 0, 150, 100] (food-labels.json); its
    // middle (70, 50) lies in an orange box. (The halved orange beside it scores below min_score.)
    const oranges = r.foods.filter((f) => f.label === 'orange');
    expect(
      oranges.some(
        ({ food_rectangle: b }) =>
          b.left < 70 && b.left + b.width > 70 && b.top < 50 && b.top + b.height > 50 && b.width < 200,
      ),
    ).toBe(true);
  });

  // Marked in food-labels.json: one pizza each; the answer has one pizza box holding the marked
  // box's centre and at least half its width.
  it.each([
    [
      'on a tray (scribus-template, public domain)',
      'scribus-template:/usr/share/scribus/templates/menu2/pizza.jpg',
      [0, 0, 800, 578],
    ],
    [
      'on white (mediapipe-samples, Apache-2.0)',
      'fixture:photos/mediapipe-samples-american_pizza.jpg',
      [88, 14, 542, 460],
    ],
  ] as const)('names the pizza %s, boxed over it', async (_, file, [l, t, r, b]) => {
    const answer = await food(read(await photoPath(file)));
    const pizzas = answer.foods.filter((f) => f.label === 'pizza');
    expect(pizzas).toHaveLength(1);
    const box = pizzas[0]!.food_rectangle;
    const [cx, cy] = [(l + r) / 2, (t + b) / 2];
    expect(box.left < cx && box.left + box.width > cx && box.top < cy && box.top + box.height > cy).toBe(
      true,
    );
    expect(box.width).toBeGreaterThan((r - l) / 2);
  });

  it('finds no food on people, a cat or a cup of coffee; the cup is context', async () => {
    for (const photo of [astronautPath(), groupSamplePath(5), chelseaPath()]) {
      expect(await food(read(photo))).toMatchObject({ food_num: 0, foods: [] });
    }
    const coffee = await food(read(coffeePath()));
    expect(coffee).toMatchObject({ food_num: 0, foods: [] });
    expect(coffee.context.map((c) => c.label)).toContain('cup');
  });
});

describe('fooddetect parameters', () => {
  it('has defaults and refuses out-of-range values', () => {
    expect(parseFoodParams({})).toEqual(FOOD_DEFAULTS);
    expect(() => parseFoodParams({ minScore: -1 })).toThrow(TaskParamsError);
    expect(() => parseFoodParams({ maxFoodNum: 51 })).toThrow(TaskParamsError);
  });
});

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
  debianFile,
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

  it('names the pizza on a tray (scribus-template, public domain), boxed over most of the photo', async () => {
    const r = await food(
      read(await debianFile('scribus-template', '/usr/share/scribus/templates/menu2/pizza.jpg')),
    );
    // Marked at [0, 0, 800, 578] of the 800 x 600 photo (food-labels.json): one pizza box holding
    // the photo's middle and spanning more than half of its width.
    const pizzas = r.foods.filter((f) => f.label === 'pizza');
    expect(pizzas).toHaveLength(1);
    const b = pizzas[0]!.food_rectangle;
    expect(b.left < 400 && b.left + b.width > 400 && b.top < 290 && b.top + b.height > 290).toBe(true);
    expect(b.width).toBeGreaterThan(400);
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

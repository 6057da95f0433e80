import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  FOOD_SEGMENT_DEFAULTS,
  parseFoodSegmentParams,
  type FoodSegmentResult,
} from '../src/algorithms/recognition/foodsegment-params.ts';
import { astronautPath, coffeePath, opencvDocPath, read } from './fixtures.ts';

const segment = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FoodSegmentResult>('foodsegment', { image, params });

const labelImage = async (r: FoodSegmentResult) =>
  sharp(Buffer.from(r.images.mask.bytes)).greyscale().raw().toBuffer();

beforeAll(async () => {
  await getInProcessEngine();
});

describe('foodsegment on real photos', () => {
  it('labels the apple of the close-up and leaves the corners out', async () => {
    const r = await segment(read(await opencvDocPath('examples/data/apple.jpg')));
    expect(r.answer.legend.length).toBeGreaterThanOrEqual(1);
    const labels = await labelImage(r);
    const W = r.answer.image_width;
    // The apple's middle (marked outline in food-labels.json) and two of the photo's corners.
    expect(labels[280 * W + 256]).toBeGreaterThan(0);
    expect(labels[10 * W + 10]).toBe(0);
    expect(labels[10 * W + (W - 10)]).toBe(0);
    expect(r.answer.foreground_ratio).toBeGreaterThan(0.4);
  });

  it('finds the coffee in its cup as food of no named kind', async () => {
    const r = await segment(read(coffeePath()));
    expect(r.answer.legend).toEqual([{ value: 11, label: 'food' }]);
    expect(r.answer.foreground_ratio).toBeGreaterThan(0.02);
    expect(r.answer.foreground_ratio).toBeLessThan(0.4);
  });

  it('answers an empty label image on a portrait: no food, not an error', async () => {
    const r = await segment(read(astronautPath()));
    expect(r.answer).toMatchObject({ foreground_ratio: 0, legend: [] });
    expect((await labelImage(r)).every((v) => v === 0)).toBe(true);
  });

  it('has defaults and refuses out-of-range values', () => {
    expect(parseFoodSegmentParams({})).toEqual(FOOD_SEGMENT_DEFAULTS);
    expect(() => parseFoodSegmentParams({ minScore: 3 })).toThrow(TaskParamsError);
  });
});

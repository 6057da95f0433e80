import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  HUMANDETECT_DEFAULTS,
  parseHumanDetectParams,
  type HumanDetectResult,
} from '../src/algorithms/body/humandetect-params.ts';
import { iou, nms } from '../src/algorithms/body/humandetect.ts';
import { astronautPath, chelseaPath, coffeePath, groupSamplePath, read } from './fixtures.ts';

const humandetect = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<HumanDetectResult>('humandetect', { image, params });

const box = (left: number, top: number, right: number, bottom: number, score = 1) => ({
  left,
  top,
  right,
  bottom,
  score,
});

beforeAll(async () => {
  await getInProcessEngine();
});

describe('humandetect on real photos', () => {
  it('boxes the astronaut alone: her head and suit, not the whole photo', async () => {
    const r = await humandetect(read(astronautPath()));
    expect([r.image_width, r.image_height, r.person_num]).toEqual([512, 512, 1]);
    const b = r.persons[0]!.person_rectangle;
    // Her face is around (220, 120); the photo's right quarter (the shuttle model) is not her.
    expect(b.left).toBeLessThan(200);
    expect(b.top).toBeLessThan(60);
    expect(b.left + b.width).toBeGreaterThan(300);
    expect(b.left + b.width).toBeLessThan(420);
    expect(r.persons[0]!.score).toBeGreaterThan(HUMANDETECT_DEFAULTS.minScore);
  });

  it('finds the four women of sample 6, left to right, each box apart', async () => {
    const r = await humandetect(read(groupSamplePath(6)));
    expect([r.image_width, r.image_height, r.person_num]).toEqual([1920, 1537, 4]);
    const lefts = r.persons.map((p) => p.person_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    for (const p of r.persons) {
      const { left, top, width, height } = p.person_rectangle;
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(1920);
      expect(top + height).toBeLessThanOrEqual(1537);
      // Standing people: boxes taller than wide.
      expect(height).toBeGreaterThan(width);
    }
  });

  it('finds at least four of the five women on the stairs of sample 5, and max_person_num caps them', async () => {
    const image = read(groupSamplePath(5));
    const r = await humandetect(image);
    expect(r.person_num).toBeGreaterThanOrEqual(4);
    expect(r.person_num).toBeLessThanOrEqual(5);
    const two = await humandetect(image, { maxPersonNum: 2 });
    expect(two.person_num).toBe(2);
    // The two kept are the two best of the full answer.
    const best = r.persons.map((p) => p.score).sort((a, b) => b - a);
    expect(two.persons.map((p) => p.score).sort((a, b) => b - a)).toEqual(best.slice(0, 2));
  });

  it('finds nobody on the cat or the coffee cup: an empty list', async () => {
    for (const file of [chelseaPath(), coffeePath()]) {
      const r = await humandetect(read(file));
      expect(r, file).toMatchObject({ person_num: 0, persons: [] });
    }
  });

  it('with smallPeople finds people too small for the whole-photo pass (a 3 x 3 collage of sample 6)', async () => {
    const cell = await sharp(read(groupSamplePath(6)))
      .resize(480, 384)
      .png()
      .toBuffer();
    const collage = await sharp({ create: { width: 1440, height: 1152, channels: 3, background: '#808080' } })
      .composite(
        Array.from({ length: 9 }, (_, i) => ({
          input: cell,
          left: (i % 3) * 480,
          top: Math.floor(i / 3) * 384,
        })),
      )
      .jpeg()
      .toBuffer();
    const whole = await humandetect(collage);
    const small = await humandetect(collage, { smallPeople: true, maxPersonNum: 100 });
    expect(small.person_num).toBeGreaterThan(whole.person_num + 5);
    expect(small.person_num).toBeLessThanOrEqual(36);
  });
});

describe('humandetect parameters and merging', () => {
  it('fills defaults and refuses wrong values by name', () => {
    expect(parseHumanDetectParams(undefined)).toEqual(HUMANDETECT_DEFAULTS);
    expect(parseHumanDetectParams({ maxPersonNum: 3, minScore: 0.5, smallPeople: true })).toEqual({
      maxPersonNum: 3,
      minScore: 0.5,
      smallPeople: true,
    });
    expect(() => parseHumanDetectParams({ maxPersonNum: 0 })).toThrow(TaskParamsError);
    expect(() => parseHumanDetectParams({ maxPersonNum: 101 })).toThrow(/maxPersonNum/);
    expect(() => parseHumanDetectParams({ minScore: 1.5 })).toThrow(/minScore/);
    expect(() => parseHumanDetectParams({ smallPeople: 'yes' })).toThrow(/smallPeople/);
  });

  it('merges boxes of one person (IoU above 0.5) and keeps two people side by side', () => {
    expect(iou(box(0, 0, 10, 10), box(5, 0, 15, 10))).toBeCloseTo(1 / 3);
    const kept = nms([box(0, 0, 10, 20, 0.5), box(1, 0, 11, 20, 0.9), box(12, 0, 22, 20, 0.4)], 0.5);
    expect(kept.map((k) => k.score)).toEqual([0.9, 0.4]);
  });
});

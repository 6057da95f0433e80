import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  CONTOUR_EDGES,
  CONTOUR_POINTS,
  parseBodyContourParams,
  type BodyContourResult,
} from '../src/algorithms/body/contour-params.ts';
import {
  perimeter,
  pointsAlong,
  regionsOf,
  signedArea2,
  traceBorder,
  withoutStraightRuns,
  type Point,
} from '../src/algorithms/body/contour-trace.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';
import { BODY_REFERENCES, outlineDistance } from './body-references.ts';

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<BodyContourResult>('bodycontour', { image, params });

const xy = (points: ReadonlyArray<{ x: number; y: number }>): Point[] => points.map((p) => [p.x, p.y]);

beforeAll(async () => {
  await getInProcessEngine();
});

describe('bodycontour on the astronaut', () => {
  let result: BodyContourResult;
  beforeAll(async () => {
    result = await run(read(astronautPath()), { fullContour: true });
  });

  it('finds one person with the 63 named points, from the top of her head clockwise', () => {
    expect([result.image_width, result.image_height, result.person_num]).toEqual([512, 512, 1]);
    const person = result.persons[0]!;
    expect(person.keypoints.map((k) => k.name)).toEqual(CONTOUR_POINTS);
    expect(CONTOUR_EDGES).toHaveLength(63);
    // Her head top was marked at (228, 20) in body-references.json.
    const [top] = person.keypoints;
    expect(Math.hypot(top!.x - 228, top!.y - 20)).toBeLessThan(10);
    // Clockwise as viewed: the next points go to the photo's right, and the area's sign says so.
    expect(person.keypoints[3]!.x).toBeGreaterThan(top!.x + 20);
    expect(signedArea2(xy(person.keypoints))).toBeGreaterThan(0);
    expect(person.model_keypoints).toHaveLength(17);
  });

  it('puts her points on her drawn outline, except along the helmet the mask takes in', () => {
    const person = result.persons[0]!;
    const outline = BODY_REFERENCES.astronaut!.polygons!;
    const distances = person.keypoints.map((k) => outlineDistance(k.x, k.y, outline).distance);
    // Head and shoulders (above y = 300, left of the helmet she holds): every point within 12 px
    // (measured at most 10.0); overall more than half within 5 px (measured 40 of 63).
    person.keypoints.forEach((k, i) => {
      if (k.y < 300) expect(distances[i], k.name).toBeLessThan(12);
    });
    expect(distances.filter((d) => d < 5).length).toBeGreaterThan(31);
    // Along the bottom border of the photo the outline is the frame: scored 0.
    const bottom = person.keypoints.filter((k) => k.y > 511);
    expect(bottom.length).toBeGreaterThan(5);
    for (const k of bottom) expect(k.score).toBe(0);
    // On her hair the mask's edge is clear.
    expect(person.keypoints.slice(0, 6).every((k) => k.score > 0.9)).toBe(true);
  });

  it('returns the whole outline on request, from the same point, which the 63 points divide evenly', () => {
    const person = result.persons[0]!;
    const contour = person.contour!;
    expect(contour.length).toBeGreaterThan(63);
    expect(contour[0]).toEqual([person.keypoints[0]!.x, person.keypoints[0]!.y]);
    expect(signedArea2(contour)).toBeGreaterThan(0);
    const box = person.person_rectangle;
    for (const [x, y] of contour) {
      expect(x).toBeGreaterThanOrEqual(box.left);
      expect(x).toBeLessThanOrEqual(box.left + box.width);
      expect(y).toBeGreaterThanOrEqual(box.top);
      expect(y).toBeLessThanOrEqual(box.top + box.height);
    }
    const step = perimeter(contour) / 63;
    const gaps = person.keypoints.map((k, i) => {
      const next = person.keypoints[(i + 1) % 63]!;
      return Math.hypot(next.x - k.x, next.y - k.y);
    });
    // Chords are at most the arc between the points, and mostly close to it.
    for (const g of gaps) expect(g).toBeLessThanOrEqual(step + 0.2);
    expect(gaps.filter((g) => g > 0.8 * step).length).toBeGreaterThan(50);
  });

  it('leaves the whole outline out unless asked', async () => {
    const plain = await run(read(astronautPath()));
    expect(plain.persons[0]!.contour).toBeUndefined();
    expect(plain.persons[0]!.keypoints).toEqual(result.persons[0]!.keypoints);
  });
});

describe('bodycontour on a group photo and on a cat', () => {
  it('gives each of the four women of face-api sample 6 her own outline, left to right', async () => {
    const result = await run(read(groupSamplePath(6)));
    expect(result.person_num).toBe(4);
    const ref = BODY_REFERENCES.sample6!;
    result.persons.forEach((person, i) => {
      // Each one starts at her own head top (marked by hand, left to right), within half a head.
      const { points, headHeight } = ref.persons[i]!;
      const [hx, hy] = points.head_top!;
      const top = person.keypoints[0]!;
      expect(Math.hypot(top.x - hx, top.y - hy), `person ${i + 1}`).toBeLessThan(0.5 * headHeight);
      expect(signedArea2(xy(person.keypoints)), `person ${i + 1}`).toBeGreaterThan(0);
    });
    // Where two of them touch, the outline is the line between them: scored low.
    const low = result.persons.flatMap((p) => p.keypoints).filter((k) => k.score < 0.3);
    expect(low.length).toBeGreaterThan(40);
    const two = await run(read(groupSamplePath(6)), { maxPersonNum: 2 });
    expect(two.person_num).toBe(2);
  });

  it('finds nobody on the cat', async () => {
    const result = await run(read(chelseaPath()));
    expect(result).toMatchObject({ person_num: 0, persons: [] });
  });

  it('checks its parameters', () => {
    expect(parseBodyContourParams(undefined)).toEqual({ maxPersonNum: 6, fullContour: false });
    expect(parseBodyContourParams({ maxPersonNum: 2, fullContour: true })).toEqual({
      maxPersonNum: 2,
      fullContour: true,
    });
    expect(() => parseBodyContourParams({ maxPersonNum: 7 })).toThrow(TaskParamsError);
    expect(() => parseBodyContourParams({ fullContour: 1 })).toThrow('fullContour must be a boolean');
  });
});

describe('border following (contour-trace.ts)', () => {
  /** A label image from rows of '#' (region 0) and '.' (background). */
  const picture = (rows: string[]) => {
    const w = rows[0]!.length;
    const h = rows.length;
    const value = Int32Array.from(rows.join(''), (c) => (c === '#' ? 0 : -1));
    return { w, h, regions: regionsOf(value, w, h) };
  };
  const traced = (rows: string[]): Point[] => {
    const { w, h, regions } = picture(rows);
    return traceBorder(regions.label, w, h, 0, regions.first[0]!).map((i) => [i % w, Math.floor(i / w)]);
  };

  it('numbers 8-connected regions of equal values in raster order, as a flood fill does', () => {
    // A reference flood fill over the 8 neighbours; the labelling must agree on every pixel.
    const floodFill = (value: Int32Array, w: number, h: number) => {
      const label = new Int32Array(w * h).fill(-1);
      const size: number[] = [];
      for (let start = 0; start < w * h; start++) {
        if (value[start]! < 0 || label[start] !== -1) continue;
        const stack = [start];
        label[start] = size.length;
        let count = 0;
        while (stack.length) {
          const i = stack.pop()!;
          count++;
          const x = i % w;
          const y = (i - x) / w;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const [nx, ny] = [x + dx, y + dy];
              const j = ny * w + nx;
              if (nx < 0 || ny < 0 || nx >= w || ny >= h || label[j] !== -1 || value[j] !== value[i])
                continue;
              label[j] = size.length;
              stack.push(j);
            }
          }
        }
        size.push(count);
      }
      return { label, size };
    };
    // A deterministic pseudo-random sequence (a linear congruential generator).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let t = 0; t < 200; t++) {
      const w = 1 + Math.floor(next() * 40);
      const h = 1 + Math.floor(next() * 40);
      const kinds = 1 + Math.floor(next() * 3);
      const empty = next();
      const value = Int32Array.from({ length: w * h }, () =>
        next() < empty ? -1 : Math.floor(next() * kinds),
      );
      const regions = regionsOf(value, w, h);
      const expected = floodFill(value, w, h);
      expect([...regions.label], `${w} x ${h}`).toEqual([...expected.label]);
      expect(regions.size).toEqual(expected.size);
      for (const [id, at] of regions.first.entries()) {
        expect(regions.label[at]).toBe(id);
        expect(regions.value[id]).toBe(value[at]);
      }
    }
    // A U shape: its two arms join only at the bottom row, after both were numbered apart.
    const u = picture(['#...#', '#...#', '#...#', '#####']).regions;
    expect(u.size).toEqual([11]);
  });

  it('walks a rectangle clockwise from its top-left pixel, every border pixel once', () => {
    const border = traced(['.....', '.###.', '.###.', '.###.', '.....']);
    expect(border).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [3, 2],
      [3, 3],
      [2, 3],
      [1, 3],
      [1, 2],
    ]);
    expect(signedArea2(border)).toBeGreaterThan(0);
    expect(withoutStraightRuns(border)).toEqual([
      [1, 1],
      [3, 1],
      [3, 3],
      [1, 3],
    ]);
  });

  it('walks out and back along a one-pixel line, and around a diagonal joint', () => {
    expect(traced(['###'])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 0],
    ]);
    expect(traced(['#.', '.#'])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(traced(['#'])).toEqual([[0, 0]]);
    // An L: the start pixel is passed twice and the walk still closes.
    const l = traced(['#..', '#..', '###']);
    expect(l).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [2, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
  });

  it('finds 8-connected regions of equal values', () => {
    const { regions } = picture(['#..#', '.#..', '....', '##.#']);
    expect(regions.size).toEqual([2, 1, 2, 1]);
  });

  it('samples a closed polygon by arc length', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(perimeter(square)).toBe(40);
    expect(pointsAlong(square, [0, 5, 15, 35, 45, -5])).toEqual([
      [0, 0],
      [5, 0],
      [10, 5],
      [0, 5],
      [5, 0],
      [0, 5],
    ]);
  });
});

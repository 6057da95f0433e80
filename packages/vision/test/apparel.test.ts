import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { parseApparelParams, type ApparelResult } from '../src/algorithms/body/apparel-params.ts';
import {
  colourName,
  kMeans,
  labOf,
  labOfBalanced,
  shadesOfGreyGains,
} from '../src/algorithms/body/apparel-colour.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<ApparelResult>('apparel', { image, params });

beforeAll(async () => {
  await getInProcessEngine();
});

describe('apparel on real photos', () => {
  it('sees the astronaut’s long sleeves and no lower garment (the photo ends at her waist)', async () => {
    const result = await run(read(astronautPath()));
    expect(result.person_num).toBe(1);
    const { attributes } = result.persons[0]!;
    expect(attributes.sleeve.value).toBe('long');
    expect(attributes.lower_color.value).toBe('not_visible');
    expect(attributes.clothing_type.value).toBe('not_visible');
    // Her suit is orange; the colour named is a warm one (measured: red).
    expect(['orange', 'red']).toContain(attributes.upper_color.value);
  });

  it('tells the four women of face-api sample 6 apart: bare arms but one long sleeve, green and burgundy', async () => {
    const result = await run(read(groupSamplePath(6)));
    expect(result.person_num).toBe(4);
    expect(result.persons.map((p) => p.attributes.sleeve.value)).toEqual([
      'sleeveless',
      'long',
      'sleeveless',
      'sleeveless',
    ]);
    expect(result.persons[0]!.attributes.upper_color.value).toBe('green');
    expect(result.persons[1]!.attributes.upper_color.value).toBe('red');
  });

  it('finds nobody on the cat', async () => {
    expect(await run(read(chelseaPath()))).toMatchObject({ person_num: 0, persons: [] });
  });

  it('checks its parameters', () => {
    expect(parseApparelParams(undefined)).toEqual({ maxPersonNum: 6 });
    expect(() => parseApparelParams({ maxPersonNum: 0 })).toThrow(TaskParamsError);
  });
});

describe('colours (apparel-colour.ts)', () => {
  it('converts sRGB to CIELAB (D65)', () => {
    const white = labOf(255, 255, 255);
    expect(white[0]).toBeCloseTo(100, 1);
    expect(Math.abs(white[1]) + Math.abs(white[2])).toBeLessThan(0.05);
    // sRGB red: L 53.24, a 80.09, b 67.20 (CIE 15 with the sRGB matrix).
    const red = labOf(255, 0, 0);
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 0);
    expect(red[2]).toBeCloseTo(67.2, 0);
  });

  it('white balance by shades of grey makes a photo under a blue light neutral again', () => {
    // Grey and white patches lit by a bluish light: blue channel high, red low.
    const lit = [
      [100, 128, 170],
      [150, 190, 250],
      [60, 80, 110],
    ];
    const rgb = Uint8Array.from({ length: 3 * 300 }, (_, i) => lit[Math.floor(i / 3) % 3]![i % 3]!);
    for (const p of [1, 6]) {
      const gains = shadesOfGreyGains(rgb, p, 1);
      expect(gains[2]).toBeLessThan(1);
      expect(gains[0]).toBeGreaterThan(1);
      const [, a, b] = labOfBalanced(150, 190, 250, gains);
      expect(Math.hypot(a, b)).toBeLessThan(Math.hypot(labOf(150, 190, 250)[1], labOf(150, 190, 250)[2]) / 3);
    }
    expect(labOfBalanced(200, 25, 35, [1, 1, 1])).toEqual(labOf(200, 25, 35));
  });

  it('names colours by the nearest reference: navy is blue, burgundy red, cream beige', () => {
    expect(colourName(labOf(20, 30, 75))).toBe('blue');
    expect(colourName(labOf(115, 25, 40))).toBe('red');
    expect(colourName(labOf(225, 205, 170))).toBe('beige');
    expect(colourName(labOf(10, 10, 12))).toBe('black');
  });

  it('clusters two colours into two clusters with their shares, largest first', () => {
    const colours = [...Array(30).fill(labOf(200, 20, 30)), ...Array(10).fill(labOf(20, 20, 200))];
    const clusters = kMeans(colours, 3);
    expect(clusters).toHaveLength(2);
    expect(clusters[0]!.share).toBeCloseTo(0.75, 5);
    expect(colourName(clusters[0]!.centre)).toBe('red');
    expect(colourName(clusters[1]!.centre)).toBe('blue');
  });
});

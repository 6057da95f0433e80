import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, type BeautifyResult, type FilterResult } from '../src/index.ts';
import type { StudioResult } from '../src/algorithms/image/studio-params.ts';
import { astronautPath, coffeePath, groupSamplePath, read } from './fixtures.ts';

/** The studio recipe is the platform's own steps in one pass: it must give what they give one by one. */

const studio = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<StudioResult>('studio', { image, params });
const pixelsOf = async (jpeg: Uint8Array) =>
  (await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })).data;

/** Mean absolute difference of two images' bytes (0-255). */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [x, y] = await Promise.all([pixelsOf(a), pixelsOf(b)]);
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

const NO_BEAUTY = { smooth: 0, whiten: 0, blemish: 0, eyeBright: 0 };

describe('studio recipe', () => {
  let astronaut: Buffer;
  let coffee: Buffer;
  beforeAll(async () => {
    astronaut = await sharp(read(astronautPath())).jpeg({ quality: 95 }).toBuffer();
    coffee = await sharp(read(coffeePath())).jpeg({ quality: 95 }).toBuffer();
  });

  it('beautifies the one face of the astronaut and answers the photo at its size', async () => {
    const result = await studio(astronaut);
    expect(result.answer).toMatchObject({ image_width: 512, image_height: 512, face_num: 1 });
    expect(result.answer.recipe.filter_type).toBe('soft');
    const meta = await sharp(result.images.media_data.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('equals v1/beauty when no look is applied, and v1/filter when no beautify is', async () => {
    const beauty = await runTaskInProcess<BeautifyResult>('beautify', { image: astronaut });
    const beautyOnly = await studio(astronaut, { filterAlpha: 0 });
    expect(await difference(beautyOnly.images.media_data.bytes, beauty.images.media_data.bytes)).toBeLessThan(
      0.5,
    );
    const look = await runTaskInProcess<FilterResult>('filter', {
      image: coffee,
      params: { filterType: 'vintage', filterAlpha: 80 },
    });
    const lookOnly = await studio(coffee, { ...NO_BEAUTY, filterType: 'vintage', filterAlpha: 80 });
    expect(lookOnly.answer.face_num).toBe(0);
    expect(await difference(lookOnly.images.media_data.bytes, look.images.media_data.bytes)).toBeLessThan(
      0.5,
    );
    // And the recipe does change the photo: the look against the untouched coffee cup.
    const untouched = await studio(coffee, { ...NO_BEAUTY, filterAlpha: 0 });
    expect(
      await difference(lookOnly.images.media_data.bytes, untouched.images.media_data.bytes),
    ).toBeGreaterThan(5);
  });

  it('lifts the shadows with hdr, and beautifies every face of a group photo', async () => {
    const flat = await studio(coffee, { ...NO_BEAUTY, filterAlpha: 0 });
    const toned = await studio(coffee, { ...NO_BEAUTY, filterAlpha: 0, hdr: 100 });
    const darkMean = async (jpeg: Uint8Array, threshold: number) => {
      const reference = await pixelsOf(flat.images.media_data.bytes);
      const data = await pixelsOf(jpeg);
      let sum = 0;
      let n = 0;
      for (let i = 0; i < data.length; i += 3) {
        if (reference[i]! + reference[i + 1]! + reference[i + 2]! < threshold * 3) {
          sum += data[i]! + data[i + 1]! + data[i + 2]!;
          n++;
        }
      }
      return sum / (3 * n);
    };
    expect(await darkMean(toned.images.media_data.bytes, 60)).toBeGreaterThan(
      (await darkMean(flat.images.media_data.bytes, 60)) + 5,
    );
    const group = await studio(read(groupSamplePath(5)));
    expect(group.answer.face_num).toBe(5);
  });
});

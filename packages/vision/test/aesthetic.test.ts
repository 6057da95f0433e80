import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import type { AestheticResult } from '../src/algorithms/image/aesthetic-params.ts';
import { aestheticScores, type AestheticScores } from '../src/algorithms/image/aesthetic.ts';
import { chelseaPath, coffeePath } from './fixtures.ts';

/** A photo after a sharp pipeline step, as packed RGB. */
async function scoresOf(
  file: string,
  change: (s: sharp.Sharp) => sharp.Sharp = (s) => s,
): Promise<AestheticScores> {
  const { data, info } = await change(sharp(readFileSync(file)))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return aestheticScores({ data, width: info.width, height: info.height });
}

describe.each([
  ['chelsea (a cat)', chelseaPath],
  ['coffee (a cup)', coffeePath],
])('aesthetic scores of %s against copies spoilt on purpose', (_name, file) => {
  let original: AestheticScores;
  beforeAll(async () => {
    original = await scoresOf(file());
  });

  it('scores the original sharp, well lit and colourful', () => {
    expect(original.sharpness).toBeGreaterThanOrEqual(90);
    expect(original.light).toBeGreaterThanOrEqual(80);
    expect(original.colour_vividness).toBeGreaterThanOrEqual(30);
  });

  it('a blurred copy (Gaussian, sigma 2) scores lower in sharpness and in total', async () => {
    const blurred = await scoresOf(file(), (s) => s.blur(2));
    expect(blurred.sharpness).toBeLessThan(original.sharpness - 25);
    expect(blurred.total).toBeLessThan(original.total);
  });

  it('a darkened copy (x 0.3) scores lower in light and in total', async () => {
    const dark = await scoresOf(file(), (s) => s.linear(0.3, 0));
    expect(dark.light).toBeLessThan(original.light - 40);
    expect(dark.total).toBeLessThan(original.total);
  });

  it('a washed-out copy (saturation x 0.2) scores lower in colour vividness', async () => {
    const grey = await scoresOf(file(), (s) => s.modulate({ saturation: 0.2 }));
    expect(grey.colour_vividness).toBeLessThan(original.colour_vividness / 2);
  });
});

describe('aesthetic as an engine task', () => {
  it('answers one item, the whole photo, with the seven measures from 0 to 100', async () => {
    const image = await sharp(readFileSync(coffeePath())).jpeg().toBuffer();
    const result = await runTaskInProcess<AestheticResult>('aesthetic', { image });
    expect(result.photo_num).toBe(1);
    const [photo] = result.photos;
    expect(photo!.photo_rectangle).toEqual({ left: 0, top: 0, width: 600, height: 400 });
    expect(Object.keys(photo!.attributes)).toEqual([
      'content',
      'light',
      'colour_vividness',
      'colour_harmony',
      'balance',
      'sharpness',
      'total',
    ]);
    for (const { value } of Object.values(photo!.attributes)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });
});

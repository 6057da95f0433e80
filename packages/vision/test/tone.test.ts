import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { labStats } from '../src/algorithms/image/colour.ts';
import { applyLut, buildLut } from '../src/algorithms/image/lut3d.ts';
import { LOOKS, lookTable, lookTransform } from '../src/algorithms/image/looks.ts';
import { parseFilterParams, type FilterResult } from '../src/algorithms/image/filter-params.ts';
import { HDR_RULES, toneMap } from '../src/algorithms/image/hdr.ts';
import { enhanceNight, estimateNoise } from '../src/algorithms/image/night.ts';
import { parseHdrParams, type HdrResult, type NightResult } from '../src/algorithms/image/tone-params.ts';
import { astronautPath, coffeePath, groupSamplePath, read, skimageDataDir } from './fixtures.ts';
import {
  clippedShare,
  darken,
  haloOvershoot,
  lightness,
  luma,
  psnr,
  random,
  shadowMean,
  ssim,
} from './tone-measures.ts';
import path from 'node:path';

/** Packed RGB of a photo file, scaled to `side` px on the long side. */
async function pixels(file: string | Buffer, side?: number) {
  const pipeline = sharp(file).removeAlpha();
  if (side) pipeline.resize(side, side, { fit: 'inside' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const decoded = async (jpeg: Uint8Array) => pixels(Buffer.from(jpeg));

beforeAll(async () => {
  await getInProcessEngine();
});

describe('3D lookup tables', () => {
  it('reproduce the transform they sample within 3 levels on a real photo, and identity exactly', async () => {
    const { data } = await pixels(coffeePath(), 200);
    const identity = buildLut((r, g, b) => [r, g, b]);
    expect(Buffer.from(applyLut(identity, data))).toEqual(Buffer.from(data));
    for (const look of LOOKS) {
      const transform = lookTransform(look);
      const out = applyLut(lookTable(look.id)!, data);
      let worst = 0;
      for (let i = 0; i < data.length; i += 3) {
        const exact = transform(data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255);
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(out[i + c]! - exact[c]! * 255));
      }
      // Tetrahedral interpolation on a 33^3 grid: the largest errors are where a look clips a channel.
      expect(worst, look.id).toBeLessThan(3.5);
    }
  });

  it('return the input at alpha 0 and blend linearly in between', async () => {
    const { data } = await pixels(astronautPath(), 128);
    const lut = lookTable('vivid')!;
    expect(Buffer.from(applyLut(lut, data, 0))).toEqual(Buffer.from(data));
    const full = applyLut(lut, data, 1);
    const half = applyLut(lut, data, 0.5);
    for (let i = 0; i < data.length; i += 97)
      expect(Math.abs(half[i]! - (data[i]! + full[i]!) / 2)).toBeLessThanOrEqual(1);
  });
});

describe('the looks', () => {
  it('are at least 20, with unique ids', () => {
    expect(LOOKS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(LOOKS.map((l) => l.id)).size).toBe(LOOKS.length);
  });

  it('each move the colour statistics of real photos in their documented direction', async () => {
    const photos = await Promise.all(
      [astronautPath(), coffeePath(), groupSamplePath(6)].map((f) => pixels(f, 256)),
    );
    for (const { data } of photos) {
      const before = labStats(data);
      for (const look of LOOKS) {
        const after = labStats(applyLut(lookTable(look.id)!, data));
        for (const move of look.moves) {
          const what = `${look.id} ${move.stat}: ${before[move.stat].toFixed(2)} -> ${after[move.stat].toFixed(2)}`;
          if ('dir' in move) {
            // A documented direction is a visible change: at least half a unit of its statistic.
            const change = after[move.stat] - before[move.stat];
            expect(move.dir === 'up' ? change : -change, what).toBeGreaterThan(0.5);
          } else if ('atMost' in move) expect(after[move.stat], what).toBeLessThanOrEqual(move.atMost);
          else expect(after[move.stat], what).toBeGreaterThanOrEqual(move.atLeast);
        }
      }
    }
  });
});

describe('filter task', () => {
  it('applies the look at the photo size; filterAlpha 0 gives the photo back (as JPEG)', async () => {
    const png = await sharp(astronautPath()).resize(320).png().toBuffer();
    const input = await pixels(png);
    const warm = await runTaskInProcess<FilterResult>('filter', {
      image: png,
      params: { filterType: 'warm' },
    });
    expect(warm.answer).toEqual({
      image_width: 320,
      image_height: 320,
      filter_type: 'warm',
      filter_alpha: 100,
      beauty_alpha: 0,
      face_num: 0,
    });
    const out = await decoded(warm.images.media_data.bytes);
    expect([out.width, out.height]).toEqual([320, 320]);
    expect(labStats(out.data).warmth).toBeGreaterThan(labStats(input.data).warmth + 5);

    const none = await runTaskInProcess<FilterResult>('filter', {
      image: png,
      params: { filterType: 'mono', filterAlpha: 0 },
    });
    // The photo itself, encoded as the task encodes (JPEG quality 92, standard Huffman tables).
    const same = await sharp(Buffer.from(input.data), { raw: { width: 320, height: 320, channels: 3 } })
      .jpeg({ quality: 92, optimiseCoding: false })
      .toBuffer();
    expect(Buffer.from(none.images.media_data.bytes)).toEqual(same);
  });

  it('smooths the face with beautyAlpha (AI Beauty), and ignores it without a face', async () => {
    const image = read(astronautPath());
    const plain = await runTaskInProcess<FilterResult>('filter', { image, params: { filterType: 'soft' } });
    const smoothed = await runTaskInProcess<FilterResult>('filter', {
      image,
      params: { filterType: 'soft', beautyAlpha: 100 },
    });
    expect(smoothed.answer.face_num).toBe(1);
    // High-frequency energy on her right cheek (x 187-212, y 128-150 of 512; her face box is x 179-272, y 71-175).
    const energy = async (jpeg: Uint8Array) => {
      const { data, width } = await decoded(jpeg);
      const y = luma(data);
      let e = 0;
      for (let r = 128; r < 150; r++)
        for (let c = 187; c < 212; c++)
          e += Math.abs(
            4 * y[r * width + c]! -
              y[r * width + c - 1]! -
              y[r * width + c + 1]! -
              y[(r - 1) * width + c]! -
              y[(r + 1) * width + c]!,
          );
      return e;
    };
    expect(await energy(smoothed.images.media_data.bytes)).toBeLessThan(
      0.8 * (await energy(plain.images.media_data.bytes)),
    );
    const cat = await runTaskInProcess<FilterResult>('filter', {
      image: read(path.join(skimageDataDir(), 'chelsea.png')),
      params: { filterType: 'soft', beautyAlpha: 100 },
    });
    expect(cat.answer.face_num).toBe(0);
  });

  it('refuses an unknown look and out-of-range strengths', () => {
    expect(() => parseFilterParams({ filterType: 'nope' })).toThrow(TaskParamsError);
    expect(() => parseFilterParams({ filterAlpha: 101 })).toThrow(TaskParamsError);
    expect(() => parseFilterParams({ beautyAlpha: -1 })).toThrow(TaskParamsError);
    expect(parseFilterParams({ filterType: 'noir' }).filterType).toBe('noir');
  });
});

describe('hdr', () => {
  it('lifts the shadows of real photos without clipping more highlights or making halos', async () => {
    for (const file of ['motorcycle_left.png', 'rocket.jpg'].map((f) => path.join(skimageDataDir(), f))) {
      const { data, width, height } = await pixels(file, 400);
      const out = Uint8Array.from(data);
      toneMap(out, width, height, 0.6);
      const Lin = lightness(data);
      const Lout = lightness(out);
      const name = path.basename(file);
      expect(shadowMean(Lin, Lout), name).toBeGreaterThan(shadowMean(Lin, Lin) + 3);
      expect(clippedShare(out), name).toBeLessThanOrEqual(clippedShare(data));
      // Halo: the same measure reads several L* for a base layer blurred across edges (docs/quality.md).
      const reach = Math.round(HDR_RULES.radius * Math.max(width, height));
      expect(haloOvershoot(Lin, Lout, width, height, reach), name).toBeLessThan(1.5);
    }
  });

  it('answers a JPEG of the photo size; strength 0 leaves the photo; a 2 x 2 photo works', async () => {
    const png = await sharp(coffeePath()).resize(300).png().toBuffer();
    const result = await runTaskInProcess<HdrResult>('hdr', { image: png, params: { strength: 0 } });
    expect(result.answer).toEqual({ image_width: 300, image_height: 200, strength: 0 });
    const same = await sharp(Buffer.from((await pixels(png)).data), {
      raw: { width: 300, height: 200, channels: 3 },
    })
      .jpeg({ quality: 92, optimiseCoding: false })
      .toBuffer();
    expect(Buffer.from(result.images.media_data.bytes)).toEqual(same);
    const tiny = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#203040' } })
      .png()
      .toBuffer();
    const small = await runTaskInProcess<HdrResult>('hdr', { image: tiny });
    expect(small.answer).toMatchObject({ image_width: 2, image_height: 2 });
    expect(() => parseHdrParams({ strength: 'max' })).toThrow(TaskParamsError);
  });
});

describe('night', () => {
  it('estimates added noise (Immerkaer 1996) on a real photo', async () => {
    const { data, width, height } = await pixels(coffeePath(), 300);
    const rnd = random(7);
    const y = luma(data);
    const noisy = y.map(
      (v) => v + 10 * Math.sqrt(-2 * Math.log(Math.max(1e-12, rnd()))) * Math.cos(2 * Math.PI * rnd()),
    );
    const clean = estimateNoise(y, width, height);
    const withNoise = estimateNoise(noisy, width, height);
    // Independent noise adds in variance to what the photo's texture already reads.
    expect(Math.sqrt(withNoise ** 2 - clean ** 2)).toBeGreaterThan(8.5);
    expect(Math.sqrt(withNoise ** 2 - clean ** 2)).toBeLessThan(11.5);
  });

  it('brings a photo darkened on purpose closer to the original, denoising where it brightens', async () => {
    const { data: clean, width, height } = await pixels(groupSamplePath(2), 320);
    const dark = darken(clean, 3);
    const plain = Uint8Array.from(dark);
    enhanceNight(plain, width, height, 0.8, 0);
    const night = Uint8Array.from(dark);
    const { gain } = enhanceNight(night, width, height, 0.8, 0.6);
    expect(gain).toBeGreaterThan(2);
    expect(psnr(night, clean)).toBeGreaterThan(psnr(dark, clean) + 3);
    expect(ssim(night, clean, width, height)).toBeGreaterThan(ssim(dark, clean, width, height) + 0.2);
    // Denoising adds structural similarity over brightening alone.
    expect(ssim(night, clean, width, height)).toBeGreaterThan(ssim(plain, clean, width, height) + 0.05);
  });

  it('answers its settings, the noise and the gain with a JPEG of the photo size', async () => {
    const image = await sharp(Buffer.from(darken((await pixels(coffeePath(), 240)).data, 5)), {
      raw: { width: 240, height: 160, channels: 3 },
    })
      .png()
      .toBuffer();
    const result = await runTaskInProcess<NightResult>('night', { image });
    expect(result.answer).toMatchObject({ image_width: 240, image_height: 160, strength: 80, denoise: 60 });
    expect(result.answer.noise_sigma).toBeGreaterThan(1);
    expect(result.answer.gain).toBeGreaterThan(2);
    const out = await decoded(result.images.media_data.bytes);
    expect(labStats(out.data).L).toBeGreaterThan(labStats((await pixels(image)).data).L + 15);
  });
});

describe('every tone task', () => {
  it('answers a JPEG of the same size for tiny, grey and transparent photos', async () => {
    const photos = await Promise.all([
      sharp({ create: { width: 1, height: 1, channels: 3, background: '#102030' } })
        .png()
        .toBuffer(),
      sharp({
        create: { width: 3, height: 2, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
      sharp(coffeePath()).resize(37, 23).greyscale().png().toBuffer(),
    ]);
    for (const image of photos) {
      const size = await sharp(image).metadata();
      for (const task of ['filter', 'hdr', 'night'] as const) {
        const result = await runTaskInProcess<FilterResult | HdrResult | NightResult>(task, { image });
        const out = await sharp(Buffer.from(result.images.media_data.bytes)).metadata();
        expect([out.format, out.width, out.height], `${task} ${size.width} x ${size.height}`).toEqual([
          'jpeg',
          size.width,
          size.height,
        ]);
      }
    }
  });
});

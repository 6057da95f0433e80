import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { parseDenoiseParams, type DenoiseResult } from '../src/algorithms/image/denoise-params.ts';
import { blockiness, dctDenoise, estimateNoise, toOpponent } from '../src/algorithms/image/denoise-core.ts';
import { psnr } from '../src/image/metrics.ts';
import { decodeRgb, encodePng, gaussianNoise, jpegRoundTrip, type Rgb } from '../scripts/degrade.ts';
import { astronautPath, coffeePath, read } from './fixtures.ts';

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<DenoiseResult>('denoise', { image, params: { quality: 100, ...params } });

const rgb = decodeRgb;
const png = encodePng;

describe('denoise', () => {
  let coffee: Rgb;
  beforeAll(async () => {
    coffee = await rgb(read(coffeePath()));
  });

  it('measures the noise added to the coffee photo and removes most of it', async () => {
    const noisy = gaussianNoise(coffee, 20, 1);
    const r = await run(await png(noisy));
    expect(r.answer).toMatchObject({ image_width: 600, image_height: 400 });
    // Immerkaer's estimate reads the added sigma 20 plus some of the photo's own texture.
    expect(r.answer.estimated_noise).toBeGreaterThan(18);
    expect(r.answer.estimated_noise).toBeLessThan(24);
    const out = await rgb(r.images.media_data.bytes);
    expect(psnr(out.data, coffee.data)).toBeGreaterThan(psnr(noisy.data, coffee.data) + 6);
  });

  it('finds little noise in the clean astronaut and leaves her nearly as she is', async () => {
    const astronaut = await rgb(read(astronautPath()));
    const r = await run(read(astronautPath()));
    expect(r.answer.estimated_noise).toBeLessThan(5);
    expect(r.answer.blockiness).toBeLessThan(0.5);
    expect(psnr((await rgb(r.images.media_data.bytes)).data, astronaut.data)).toBeGreaterThan(33);
  });

  it('sees the 8-px grid of a quality-20 JPEG and smooths its block edges', async () => {
    const jpeg = await jpegRoundTrip(coffee, 20);
    const r = await run(await png(jpeg));
    expect(r.answer.blockiness).toBeGreaterThan(2);
    const out = await rgb(r.images.media_data.bytes);
    const luma = (p: Rgb) => toOpponent(p.data, p.width, p.height).c[0];
    expect(blockiness(luma(out), 600, 400)).toBeLessThan(0.5 * blockiness(luma(jpeg), 600, 400));
    expect(psnr(out.data, coffee.data)).toBeGreaterThan(psnr(jpeg.data, coffee.data));
  });

  it('takes the level from the client: 0 leaves the noise (the result has as much)', async () => {
    const noisy = gaussianNoise(coffee, 10, 2);
    const r = await run(await png(noisy), { noiseLevel: 0 });
    expect(r.answer.applied_level).toBe(0);
    expect(r.answer.estimated_noise).toBeGreaterThan(9);
    const out = await rgb(r.images.media_data.bytes);
    expect(estimateNoise(toOpponent(out.data, 600, 400).c[0], 600, 400)).toBeGreaterThan(9);
  });

  it('estimates sigma without the edges of a sharp photo counting as noise', () => {
    const flat = new Float32Array(64 * 64);
    // A step edge and nothing else: no noise.
    for (let i = 0; i < flat.length; i++) flat[i] = i % 64 < 32 ? 40 : 200;
    expect(estimateNoise(flat, 64, 64)).toBeLessThan(0.5);
  });

  it('thresholds each sliding block as the plain definition does (shared row transforms, skipped zero columns)', async () => {
    // The definition, block by block: the 8x8 DCT-II as a matrix product, coefficients below the
    // threshold set to zero (the mean kept), inverse, each pixel the 1/kept-weighted mean.
    const C = Array.from({ length: 8 }, (_, u) =>
      Array.from(
        { length: 8 },
        (_, x) => (u === 0 ? Math.sqrt(1 / 8) : 0.5) * Math.cos(((2 * x + 1) * u * Math.PI) / 16),
      ),
    );
    const plain = (ch: Float32Array, w: number, h: number, threshold: number, step: number) => {
      const starts = (n: number) => {
        const out: number[] = [];
        for (let p = 0; p + 8 <= n; p += step) out.push(p);
        if (out.at(-1) !== n - 8) out.push(n - 8);
        return out;
      };
      const acc = new Float64Array(w * h);
      const weight = new Float64Array(w * h);
      for (const y0 of starts(h))
        for (const x0 of starts(w)) {
          const F = C.map((cu) =>
            C.map((cv) => {
              let sum = 0;
              for (let y = 0; y < 8; y++)
                for (let x = 0; x < 8; x++) sum += cu[y]! * cv[x]! * ch[(y0 + y) * w + x0 + x]!;
              return sum;
            }),
          );
          let kept = 1;
          for (let u = 0; u < 8; u++)
            for (let v = 0; v < 8; v++)
              if (u + v > 0) {
                if (Math.abs(F[u]![v]!) < threshold) F[u]![v] = 0;
                else kept++;
              }
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) {
              let sum = 0;
              for (let u = 0; u < 8; u++)
                for (let v = 0; v < 8; v++) sum += C[u]![y]! * C[v]![x]! * F[u]![v]!;
              acc[(y0 + y) * w + x0 + x]! += sum / kept;
              weight[(y0 + y) * w + x0 + x]! += 1 / kept;
            }
        }
      return acc.map((a, i) => a / weight[i]!);
    };
    const noisy = gaussianNoise(await rgb(await sharp(read(coffeePath())).resize(61, 43).toBuffer()), 15, 3);
    const luma = toOpponent(noisy.data, noisy.width, noisy.height).c[0];
    for (const [threshold, step] of [
      [40, 3],
      [15, 2],
      [90, 1],
    ] as const) {
      const fast = dctDenoise(luma, noisy.width, noisy.height, threshold, step);
      const reference = plain(luma, noisy.width, noisy.height, threshold, step);
      let worst = 0;
      for (let i = 0; i < fast.length; i++) worst = Math.max(worst, Math.abs(fast[i]! - reference[i]!));
      // Float32 against float64 arithmetic: far below one grey level.
      expect(worst).toBeLessThan(0.01);
      // And it did something: the noise is smoothed.
      let moved = 0;
      for (let i = 0; i < fast.length; i++) moved = Math.max(moved, Math.abs(fast[i]! - luma[i]!));
      expect(moved).toBeGreaterThan(5);
    }
  });

  it('handles photos smaller than a block and refuses over 12 MP', async () => {
    const tiny = await sharp({ create: { width: 5, height: 3, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    expect((await run(tiny)).answer).toMatchObject({ image_width: 5, image_height: 3 });
    const huge = await sharp({ create: { width: 4100, height: 3000, channels: 3, background: '#456' } })
      .jpeg()
      .toBuffer();
    await expect(run(huge)).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('checks its parameters', () => {
    expect(parseDenoiseParams(undefined)).toEqual({ noiseLevel: undefined, quality: 95 });
    expect(() => parseDenoiseParams({ noiseLevel: -1 })).toThrow(TaskParamsError);
    expect(() => parseDenoiseParams({ noiseLevel: 'a' })).toThrow(TaskParamsError);
  });
});

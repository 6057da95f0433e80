import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { parseRestoreParams, type RestoreResult } from '../src/algorithms/image/restore-params.ts';
import { findDefects, inpaint } from '../src/algorithms/image/defects.ts';
import { psnr } from '../src/image/metrics.ts';
import { decodeRgb, encodePng, gaussianNoise, scratchesAndSpots, type Rgb } from '../scripts/degrade.ts';
import { chelseaPath, read } from './fixtures.ts';

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<RestoreResult>('restore', { image, params: { quality: 100, ...params } });

const rgb = decodeRgb;
const png = encodePng;

describe('restore', () => {
  let chelsea: Rgb;
  let damaged: Rgb;
  let truth: Uint8Array;
  beforeAll(async () => {
    chelsea = await rgb(read(chelseaPath()));
    const s = scratchesAndSpots(chelsea, { lines: 5, spots: 30, seed: 21 });
    damaged = gaussianNoise(s.damaged, 6, 22);
    truth = s.mask;
  });

  it('finds most of the scratches and spots drawn on the cat', () => {
    const y = new Float32Array(damaged.width * damaged.height);
    for (let i = 0; i < y.length; i++)
      y[i] = (damaged.data[i * 3]! + damaged.data[i * 3 + 1]! + damaged.data[i * 3 + 2]!) / 3;
    const mask = findDefects(y, damaged.width, damaged.height, 6);
    let drawn = 0;
    let found = 0;
    for (let i = 0; i < truth.length; i++) {
      if (truth[i]) {
        drawn++;
        if (mask[i]) found++;
      }
    }
    expect(found / drawn).toBeGreaterThan(0.6);
  });

  it('repairs and denoises: closer to the clean photo than the damaged one, and than denoising alone', async () => {
    const r = await run(await png(damaged), { sharpen: 0 });
    expect(r.answer).toMatchObject({ image_width: 451, image_height: 300, sharpen: 0 });
    expect(r.answer.repaired_pixels).toBeGreaterThan(500);
    const restored = psnr((await rgb(r.images.media_data.bytes)).data, chelsea.data);
    const plain = await run(await png(damaged), { sharpen: 0, repair: false });
    expect(plain.answer.repaired_pixels).toBe(0);
    expect(restored).toBeGreaterThan(psnr(damaged.data, chelsea.data) + 3);
    expect(restored).toBeGreaterThan(psnr((await rgb(plain.images.media_data.bytes)).data, chelsea.data) + 1);
  });

  it('fills a hole from its surroundings', () => {
    const W = 20;
    const H = 10;
    const data = new Uint8Array(W * H * 3);
    // Left half 50, right half 150, a white line down the middle columns 9-10.
    for (let i = 0; i < W * H; i++) data.fill(i % W < 10 ? 50 : 150, i * 3, i * 3 + 3);
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) mask[y * W + 9] = mask[y * W + 10] = 1;
    for (let y = 0; y < H; y++) data.fill(255, (y * W + 9) * 3, (y * W + 11) * 3);
    inpaint(data, W, H, mask);
    for (let y = 0; y < H; y++) {
      expect(data[(y * W + 9) * 3]).toBeGreaterThanOrEqual(50);
      expect(data[(y * W + 10) * 3]).toBeLessThanOrEqual(150);
      expect(data[(y * W + 9) * 3]).toBeLessThan(data[(y * W + 10) * 3]! + 1);
    }
  });

  it('checks its parameters', () => {
    expect(parseRestoreParams(undefined)).toEqual({
      repair: true,
      noiseLevel: undefined,
      sharpen: 20,
      quality: 95,
    });
    expect(() => parseRestoreParams({ repair: 1 })).toThrow(TaskParamsError);
    expect(() => parseRestoreParams({ sharpen: 200 })).toThrow(TaskParamsError);
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { parseSegmentParams, type SegmentResult } from '../src/algorithms/body/segment-params.ts';
import {
  FOREGROUND_LEVEL,
  keepPeople,
  personMask,
  segment,
  SELFIE_INPUT,
} from '../src/algorithms/body/segment.ts';
import { applyGuided, boxMean, guidedCoefficients } from '../src/algorithms/body/guided-filter.ts';
import { astronautPath, cameraPath, chelseaPath, coffeePath, read } from './fixtures.ts';
import { BODY_REFERENCES, edgeWidthAlongOutline, referenceMask } from './body-references.ts';

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<SegmentResult>('segment', { image, params });

/** A PNG's stored channel count and its pixels (a one-channel PNG read as one channel). */
async function pixels(
  png: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { channels = 0 } = await sharp(Buffer.from(png)).metadata();
  // sharp converts to sRGB on output unless a grey image is asked to stay grey.
  const decoded = channels === 1 ? sharp(Buffer.from(png)).toColourspace('b-w') : sharp(Buffer.from(png));
  const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(channels);
  return { data, width: info.width, height: info.height, channels };
}

/** IoU of mask >= 128 with the hand-drawn outline. */
function iou(mask: Uint8Array, reference: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i]! >= FOREGROUND_LEVEL;
    const b = reference[i] === 1;
    if (a && b) both++;
    if (a || b) either++;
  }
  return both / either;
}

beforeAll(async () => {
  await getInProcessEngine();
});

describe('segment on the astronaut', () => {
  let result: SegmentResult;
  let mask: Awaited<ReturnType<typeof pixels>>;
  let cutout: Awaited<ReturnType<typeof pixels>>;
  beforeAll(async () => {
    result = await run(read(astronautPath()));
    mask = await pixels(result.images.mask.bytes);
    cutout = await pixels(result.images.media_data.bytes);
  });

  it('answers a grey mask and an RGBA cut-out, both PNG at the photo size', async () => {
    expect(result.answer).toMatchObject({ image_width: 512, image_height: 512 });
    expect([result.images.mask.format, result.images.media_data.format]).toEqual(['png', 'png']);
    expect((await sharp(Buffer.from(result.images.mask.bytes)).metadata()).format).toBe('png');
    expect([mask.width, mask.height, mask.channels]).toEqual([512, 512, 1]);
    expect([cutout.width, cutout.height, cutout.channels]).toEqual([512, 512, 4]);
  });

  it('covers her, large and central, and leaves the top corners to the background', () => {
    const at = (x: number, y: number): number => mask.data[y * 512 + x]!;
    // Face, chest, the suit's left sleeve (photo coordinates of body-references.json).
    for (const [x, y] of [
      [224, 127],
      [200, 350],
      [60, 420],
    ] as const) {
      expect(at(x, y), `${x},${y}`).toBeGreaterThanOrEqual(200);
    }
    for (const [x, y] of [
      [10, 10],
      [500, 10],
      [100, 60],
      [420, 60],
    ] as const) {
      expect(at(x, y), `${x},${y}`).toBeLessThan(FOREGROUND_LEVEL);
    }
    expect(result.answer.foreground_ratio).toBeGreaterThan(0.4);
    expect(result.answer.foreground_ratio).toBeLessThan(0.7);
    let counted = 0;
    for (const v of mask.data) if (v >= FOREGROUND_LEVEL) counted++;
    expect(result.answer.foreground_ratio).toBeCloseTo(counted / (512 * 512), 4);
  });

  it('makes the cut-out the photo with the mask as alpha', async () => {
    const photo = (await decodeImage(read(astronautPath()))).data;
    for (let i = 0; i < 512 * 512; i += 997) {
      expect(cutout.data[4 * i + 3]).toBe(mask.data[i]);
      if (mask.data[i]! > 0) expect(cutout.data[4 * i]).toBe(photo[3 * i]);
    }
  });
});

describe('segment: the refinement', () => {
  it('sharpens the edge along her drawn outline and agrees with it at least as well', async () => {
    const models = await segment.loadModels();
    for (const key of ['astronaut', 'camera'] as const) {
      const ref = BODY_REFERENCES[key]!;
      const image = await decodeImage(read(key === 'astronaut' ? astronautPath() : cameraPath()));
      const refined = await personMask(image, models);
      const plain = await personMask(image, models, { refine: false });
      const [sharp1, sharp0] = [
        edgeWidthAlongOutline(refined, ref, 16),
        edgeWidthAlongOutline(plain, ref, 16),
      ];
      expect(sharp1.profiles, key).toBeGreaterThan(200);
      // Measured 2.0 / 4.0 px (astronaut) and 1.5 / 3.3 px (cameraman).
      expect(sharp1.median, key).toBeLessThan(0.65 * sharp0.median);
      const reference = referenceMask(ref);
      expect(iou(refined, reference), key).toBeGreaterThan(iou(plain, reference) - 0.01);
      expect(iou(refined, reference), key).toBeGreaterThan(0.7);
    }
  });
});

describe('segment on photos without a person, and other inputs', () => {
  it('finds (almost) no person on the cat and the coffee cup', async () => {
    // The selfie model alone marks 90 % of the cat and 21 % of the coffee photo as person;
    // the person check (keepPeople) removes what bodypose does not see as a person.
    for (const photo of [chelseaPath(), coffeePath()]) {
      const r = await run(read(photo));
      expect(r.answer.foreground_ratio, photo).toBeLessThan(0.02);
    }
  });

  it('answers at the displayed size of an EXIF-rotated photo, full size for a large one', async () => {
    const upright = await sharp(read(astronautPath())).resize(640, 520, { fit: 'fill' }).jpeg().toBuffer();
    const rotated = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const r = await run(rotated);
    expect([r.answer.image_width, r.answer.image_height]).toEqual([640, 520]);
    const m = await pixels(r.images.mask.bytes);
    expect([m.width, m.height]).toEqual([640, 520]);
    // Her face is still in the upper middle of the upright picture.
    expect(m.data[Math.round(127 * (520 / 512)) * 640 + Math.round(224 * (640 / 512))]).toBeGreaterThan(200);
    const large = await sharp(read(astronautPath())).resize(2000, 2000).jpeg().toBuffer();
    const big = await run(large);
    expect([big.answer.image_width, big.answer.image_height]).toEqual([2000, 2000]);
    expect((await sharp(Buffer.from(big.images.media_data.bytes)).metadata()).width).toBe(2000);
  });

  it('takes no parameters: an absent or empty object; refuses anything else', () => {
    expect(parseSegmentParams(undefined)).toEqual({});
    expect(parseSegmentParams({})).toEqual({});
    expect(() => parseSegmentParams([] as unknown as Record<string, unknown>)).toThrow(TaskParamsError);
    expect(() => parseSegmentParams('x' as unknown as Record<string, unknown>)).toThrow(
      'params must be an object',
    );
  });
});

describe('the fast guided filter (guided-filter.ts)', () => {
  // A deterministic test pattern, no random numbers.
  const pattern = (w: number, h: number, k: number): Float32Array =>
    Float32Array.from({ length: w * h }, (_, i) => ((i * k) % 97) / 97);

  it('box means equal the brute-force window means, borders included', () => {
    const [w, h, r] = [23, 17, 3];
    const src = pattern(w, h, 31);
    const fast = boxMean(src, w, h, r);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let n = 0;
        for (let j = Math.max(0, y - r); j <= Math.min(h - 1, y + r); j++) {
          for (let i = Math.max(0, x - r); i <= Math.min(w - 1, x + r); i++) {
            sum += src[j * w + i]!;
            n++;
          }
        }
        expect(fast[y * w + x]).toBeCloseTo(sum / n, 5);
      }
    }
  });

  it('reproduces an input that is a linear function of the guide colour', () => {
    const [w, h] = [40, 30];
    const I = { width: w, height: h, r: pattern(w, h, 13), g: pattern(w, h, 29), b: pattern(w, h, 7) };
    const p = Float32Array.from(I.r, (v, i) => 0.6 * v - 0.2 * I.g[i]! + 0.1 * I.b[i]! + 0.25);
    const c = guidedCoefficients(I, p, 4, 1e-7);
    const rgb = new Uint8Array(w * h * 3);
    for (let i = 0; i < w * h; i++) {
      rgb[3 * i] = Math.round(I.r[i]! * 255);
      rgb[3 * i + 1] = Math.round(I.g[i]! * 255);
      rgb[3 * i + 2] = Math.round(I.b[i]! * 255);
    }
    const q = applyGuided(c, rgb, w, h);
    for (let i = 0; i < w * h; i++) expect(Math.abs(q[i]! - p[i]! * 255), `${i}`).toBeLessThanOrEqual(2);
  });

  it('filters a second input under the same guide as under a fresh copy of it (the guide statistics kept)', () => {
    const [w, h] = [37, 23];
    const guide = () => ({
      width: w,
      height: h,
      r: pattern(w, h, 11),
      g: pattern(w, h, 17),
      b: pattern(w, h, 5),
    });
    const I = guide();
    const p1 = Float32Array.from(I.r, (v, i) => (v > 0.5 ? 1 : 0.2 * I.g[i]!));
    const p2 = Float32Array.from(I.b, (v) => 1 - v);
    guidedCoefficients(I, p1, 3, 1e-3);
    for (const [p, r, eps] of [
      [p2, 3, 1e-3],
      [p2, 3, 1e-2],
      [p1, 5, 1e-3],
    ] as const) {
      const again = guidedCoefficients(I, p, r, eps);
      const fresh = guidedCoefficients(guide(), p, r, eps);
      for (const k of ['ar', 'ag', 'ab', 'b'] as const) expect(again[k]).toEqual(fresh[k]);
    }
  });

  it('keeps only the model regions where a person was seen', () => {
    const n = SELFIE_INPUT;
    const p = new Float32Array(n * n);
    // Two blobs: left (a person's points fall in it) and right (none).
    for (let y = 100; y < 150; y++) {
      for (let x = 20; x < 60; x++) p[y * n + x] = 0.9;
      for (let x = 180; x < 220; x++) p[y * n + x] = 0.9;
    }
    const kept = keepPeople(p, [[40, 120]]);
    expect(kept[120 * n + 40]).toBeCloseTo(0.9, 5);
    expect(kept[120 * n + 200]).toBe(0);
    expect(keepPeople(p, []).every((v) => v === 0)).toBe(true);
  });
});

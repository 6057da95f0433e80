/**
 * foodsegment (capability v1/foodsegment): the food regions of a photo as a label image.
 *
 * No food segmentation model ships in the installed packages. A documented classical method:
 *  1. Seeds: fooddetect's food items (recognition/fooddetect.ts, named) and the bowls and cups
 *     around them (their contents, of no known kind), scoring at least min_score.
 *  2. Colour model per seed, in the spirit of GrabCut (C. Rother, V. Kolmogorov, A. Blake,
 *     "GrabCut: interactive foreground extraction using iterated graph cuts", SIGGRAPH 2004),
 *     with colour histograms in place of its Gaussian mixtures and no graph cut: the food's colours
 *     are read inside an ellipse inscribed in the seed's box (shrunk), the background's in a ring
 *     around the box (or the box's own border when the box fills the photo); each pixel of the box
 *     gets P(food | colour) from the two 8 x 8 x 8 RGB histograms (histogram back-projection,
 *     M. Swain, D. Ballard, "Color indexing", IJCV 1991), and the food histogram is read again
 *     from the pixels so found (two rounds).
 *  3. Refinement at full size by the colour guided filter (body/guided-filter.ts: He, Sun, Tang,
 *     TPAMI 2013), which snaps the region's edges to the photo's.
 * Where seeds overlap, the pixel goes to the seed with the higher probability. No seed: an empty
 * label image (no food found), not an error. Weak where the detector is (close-ups, food of no
 * COCO class) and where food and plate share colours.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { greyImage } from '../body/humandetect.ts';
import { applyGuided, guidedCoefficients, planarRgb } from '../body/guided-filter.ts';
import { subsampled } from '../body/segment.ts';
import { labelImages } from '../face/face-segment.ts';
import type { ObjectModels } from './objects.ts';
import { loadObjectModels } from './catsanddogs.ts';
import { findFood, SHIPPED as FOOD_METHOD } from './fooddetect.ts';
import {
  FOOD_SEGMENT_LABELS,
  parseFoodSegmentParams,
  type FoodSegmentParams,
  type FoodSegmentResult,
} from './foodsegment-params.ts';

/** Working copy side (px) of the colour model. */
const WORK_SIDE = 320;
/** The food's colours are read in the box's inscribed ellipse shrunk to this share. */
const CORE = 0.6;
/** The background ring around a box: this share of the box's size on each side. */
const RING = 0.2;
/** Histogram bins per channel. */
const BINS = 8;
/** Guided filter: radius (working px), regulariser, output levels (as the sky and person masks). */
const REFINE_RADIUS = 4;
const REFINE_EPS = 1e-3;
const REFINE_LEVELS = { low: 0.3, high: 0.7 } as const;

interface Seed {
  left: number;
  top: number;
  right: number;
  bottom: number;
  value: number;
}

const bin = (d: Uint8Array, i: number): number =>
  ((d[3 * i]! >> 5) * BINS + (d[3 * i + 1]! >> 5)) * BINS + (d[3 * i + 2]! >> 5);

/** P(food | colour) of each pixel of the seed's box on the working copy (0 outside it). */
export function seedProbability(work: RgbPixels, s: Seed): Float32Array {
  const { width: w, height: h, data } = work;
  const p = new Float32Array(w * h);
  const x0 = Math.max(0, Math.floor(s.left));
  const y0 = Math.max(0, Math.floor(s.top));
  const x1 = Math.min(w, Math.ceil(s.right));
  const y1 = Math.min(h, Math.ceil(s.bottom));
  if (x1 - x0 < 2 || y1 - y0 < 2) return p;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const rx = ((x1 - x0) / 2) * CORE;
  const ry = ((y1 - y0) / 2) * CORE;
  const gx = (x1 - x0) * RING;
  const gy = (y1 - y0) * RING;
  const fg = new Float32Array(BINS ** 3).fill(1);
  const bg = new Float32Array(BINS ** 3).fill(1);
  // Background: a ring around the box; when the box fills the photo, the box's outer tenth.
  let ring = 0;
  for (let y = Math.max(0, Math.floor(y0 - gy)); y < Math.min(h, Math.ceil(y1 + gy)); y++) {
    for (let x = Math.max(0, Math.floor(x0 - gx)); x < Math.min(w, Math.ceil(x1 + gx)); x++) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      bg[bin(data, y * w + x)]! += 1;
      ring++;
    }
  }
  if (ring < 0.05 * (x1 - x0) * (y1 - y0)) {
    const mx = (x1 - x0) * 0.1;
    const my = (y1 - y0) * 0.1;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++)
        if (x < x0 + mx || x >= x1 - mx || y < y0 + my || y >= y1 - my) bg[bin(data, y * w + x)]! += 1;
  }
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) fg[bin(data, y * w + x)]! += 1;
  for (let round = 0; round < 2; round++) {
    const fgTotal = fg.reduce((a, b) => a + b, 0);
    const bgTotal = bg.reduce((a, b) => a + b, 0);
    const next = new Float32Array(BINS ** 3).fill(1);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        const k = bin(data, i);
        const f = fg[k]! / fgTotal;
        const b = bg[k]! / bgTotal;
        p[i] = f / (f + b);
        if (p[i]! > 0.5) next[k]! += 1;
      }
    }
    fg.set(next);
  }
  return p;
}

/** The label image (full size) of `seeds` (in original pixels) on `image`. */
export async function foodLabels(image: DecodedImage, seeds: readonly Seed[]): Promise<Uint8Array> {
  const W = image.width;
  const H = image.height;
  const labels = new Uint8Array(W * H);
  if (seeds.length === 0) return labels;
  const work = await subsampled(image, WORK_SIDE);
  const f = work.width / image.originalWidth;
  const best = new Float32Array(work.width * work.height);
  const owner = new Uint8Array(work.width * work.height);
  for (const s of seeds) {
    const p = seedProbability(work, {
      ...s,
      left: s.left * f,
      top: s.top * f,
      right: s.right * f,
      bottom: s.bottom * f,
    });
    for (let i = 0; i < p.length; i++) {
      if (p[i]! > best[i]!) {
        best[i] = p[i]!;
        owner[i] = s.value;
      }
    }
  }
  const guide = planarRgb(work.data, work.width, work.height);
  const mask = applyGuided(
    guidedCoefficients(guide, best, REFINE_RADIUS, REFINE_EPS),
    image.data,
    W,
    H,
    REFINE_LEVELS,
  );
  // Each full-size pixel in the mask takes the label of its working-copy pixel.
  const sx = work.width / W;
  const sy = work.height / H;
  for (let y = 0; y < H; y++) {
    const row = Math.min(work.height - 1, Math.floor(y * sy)) * work.width;
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (mask[i]! >= 128) labels[i] = owner[row + Math.min(work.width - 1, Math.floor(x * sx))]! || 11;
    }
  }
  return labels;
}

const VALUE = new Map(FOOD_SEGMENT_LABELS.map((l) => [l.label, l.value] as const));

async function run(
  image: DecodedImage,
  params: FoodSegmentParams,
  models: ObjectModels,
): Promise<FoodSegmentResult> {
  const found = (await findFood(image, models, FOOD_METHOD)).filter(
    (c) => c.score >= params.minScore && (c.food || c.label === 'bowl' || c.label === 'cup'),
  );
  const seeds = found.map((c) => ({ ...c, value: c.food ? VALUE.get(c.label)! : VALUE.get('food')! }));
  const W = image.width;
  const H = image.height;
  const labels = await foodLabels(image, seeds);
  const { labelled, images } = await labelImages(labels, W, H, FOOD_SEGMENT_LABELS);
  const present = new Set(labels);
  return {
    answer: {
      image_width: W,
      image_height: H,
      foreground_ratio: Math.round((labelled / (W * H)) * 1e4) / 1e4,
      legend: FOOD_SEGMENT_LABELS.filter((l) => present.has(l.value)).map(({ value, label }) => ({
        value,
        label,
      })),
    },
    images,
  };
}

export const foodsegment: Algorithm<FoodSegmentParams, FoodSegmentResult, ObjectModels> = {
  task: 'foodsegment',
  // Full size: the label image is returned at the size the photo came in.
  decode: {},
  parseParams: parseFoodSegmentParams,
  loadModels: () => loadObjectModels(FOOD_METHOD.detectors),
  warmup: async (models) => {
    await run(greyImage(), { minScore: 1 }, models);
  },
  run,
};

/**
 * skysegment (capability test/skysegment): the sky of a photo as a mask at full size, and the
 * cut-out (the photo with the mask as alpha), both PNG. No model: a classical sky detector in the
 * manner of B. Zafarifar, P. H. N. de With, "Blue sky detection for picture quality enhancement",
 * ACIVS 2006, and "Adaptive modeling of sky for video processing and coding applications", 2008
 * (sky is smooth, bright or blue, and at the top; its colour model is learnt from the photo's own
 * top rows), grown as one region from the top as in L. Shen, L. Wang's sky-region grow-and-refine
 * ("Sky region detection in a single image", 2013), and refined by the guided filter:
 *
 * 1. Working copy of at most WORK_SIDE px a side (sharp, Lanczos). CIELAB (colour.ts) per pixel;
 *    smoothness = the Sobel gradient of L* per pixel, box-averaged over 3 x 3 (guided-filter.ts).
 * 2. Sky-like colour (skyLike): blue (b* clearly negative, hue between cyan and blue: not lilac or
 *    violet), or near-grey, neutral or a little blue, and bright (overcast or hazy sky: small
 *    chroma, not warm, L* of at least 70 or among the photo's brightest tenth). Warm or saturated
 *    non-blue colours are never sky.
 * 3. Seeds: the pixels of the top SEED_BAND of rows that are sky-like and smooth; only the blue
 *    ones when there are enough of them (a blue sky; white walls at the top are then no seeds).
 *    Fewer than MIN_SEED_SHARE of that band means no sky: the answer is an all-zero mask, not an
 *    error.
 * 4. Colour model of this photo's sky: the seeds' robust mean (median) and spread (1.4826 x MAD,
 *    floored) of L*, a*, b*.
 * 5. Region growing from the seeds (4-connected): a pixel joins when it is smooth, the colour step
 *    from its neighbour in the region is small, and it is near the model (normalised distance at
 *    most MODEL_DISTANCE) or itself sky-like, or, in a blue sky, cloud-like (near-grey, not dark).
 *    So only sky connected to the top is taken, and a wall of the sky's colour is stopped at its
 *    edge. The region as a whole must then have a sky's colour (its median blue, or grey and
 *    bright), else there is no sky (a studio backdrop). Smooth sky-like components near the
 *    region's model that start in the upper DETACHED_TOP of the photo are added (sky between
 *    branches) and grown. Holes closed in by sky that are smaller than HOLE_SHARE of the image
 *    (birds, wires, a small cloud) are filled. A region under MIN_SKY_SHARE of the image is
 *    dropped (no sky).
 * 6. Refinement at full size: the colour guided filter (guided-filter.ts: He, Sun, Tang, TPAMI
 *    2013; coefficients on the working copy, applied to every full-size pixel) with the photo as
 *    guide, as segment does, so the mask follows the skyline and the gaps between branches.
 *
 * Weak (docs/quality.md, "Sky segmentation"): sunsets and other warm skies (not sky-like by rule 2);
 * sky seen only below an object that spans the whole top (under a canopy, through a window);
 * white or pale-blue walls and ceilings that reach the top and are smooth (taken as sky); grey
 * clouds in a blue sky are only partly taken; a dark dusk sky leaks into dark ground; fog.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { applyGuided, boxMean, guidedCoefficients, planarRgb } from '../body/guided-filter.ts';
import { maskImages, subsampled } from '../body/segment.ts';
import { quantileOf } from '../../image/select.ts';
import { srgbToLab } from './colour.ts';
import { parseSkyParams, type SkyParams, type SkyResult } from './sky-params.ts';

/** Long side of the working copy: sky is large and smooth, 320 px keep its outline to ~2 full-size px at 640. */
export const WORK_SIDE = 320;
/** Top rows where the seeds are looked for, as a share of the height. */
export const SEED_BAND = 0.04;
/** Fewer sky-like smooth pixels than this share of the seed band: no sky. */
export const MIN_SEED_SHARE = 0.04;
/** Smoothness limits on the box-averaged Sobel gradient of L* (L* units per pixel) for seeds and for growing. */
export const SEED_GRADIENT = 2.5;
export const GROW_GRADIENT = 4;
/** Largest L*a*b* step (Euclidean) from a region pixel to a neighbour that joins it. */
export const GROW_STEP = 6;
/** Largest normalised distance to the photo's sky model (in robust spreads) for a pixel to join. */
export const MODEL_DISTANCE = 3;
/** Floors of the model's spreads (L*; a* and b*): one photo's sky is rarely flatter than this. */
const SPREAD_FLOOR = { L: 8, ab: 4 } as const;
/**
 * Bright neutral sky: chroma at most GREY_CHROMA, neither reddish nor yellowish (a* at most
 * GREY_WARM, b* at most GREY_YELLOW: white walls and ceilings under warm light are; an overcast sky
 * is neutral or a little blue), and bright: L* at least GREY_BRIGHT_L
 * (an overcast sky in a photo exposed for the ground) or at least the photo's 90th percentile (an
 * overcast sky is among the brightest things in the photo), and never under SKY_MIN_L.
 */
const GREY_CHROMA = 10;
const GREY_WARM = 3;
const GREY_YELLOW = 1.5;
const GREY_BRIGHT_L = 70;
const SKY_MIN_L = 55;
const BRIGHT_QUANTILE = 0.9;
/**
 * Blue sky: b* at most BLUE_B (negative is blue), with a hue between cyan and blue: a* from
 * -BLUE_GREEN x |b*| to BLUE_RED x |b*| (sky blue is about a* -15 b* -22, deep sky blue a* 10 b* -55;
 * lilac and violet, a* above 0.4 |b*|, are not sky).
 */
const BLUE_B = -8;
const BLUE_GREEN = 0.83;
const BLUE_RED = 0.4;
/**
 * Clouds in a blue sky: near-grey (chroma at most CLOUD_CHROMA, a* and b* at most CLOUD_WARM) and
 * not dark (L* at least CLOUD_MIN_L). They may join a region grown from blue seeds; the growing's
 * smoothness and colour-step limits keep walls out.
 */
const CLOUD_CHROMA = 14;
const CLOUD_WARM = 6;
const CLOUD_MIN_L = 40;
/** Enclosed holes in the sky smaller than this share of the image are filled. */
export const HOLE_SHARE = 0.01;
/** Sky cut off from the top is only looked for in components starting above this share of the height. */
export const DETACHED_TOP = 0.4;
/** A sky region smaller than this share of the image is not reported. */
export const MIN_SKY_SHARE = 0.005;
/** Guided filter on the working copy: radius (px), regulariser on 0..1 colours, output levels. */
const REFINE_RADIUS = 3;
const REFINE_EPS = 1e-3;
const REFINE_LEVELS = { low: 0.2, high: 0.8 } as const;

/** CIELAB planes, smoothness and size of the working copy. */
export interface SkyPlanes {
  width: number;
  height: number;
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  /** Box-averaged Sobel gradient magnitude of L* (L* units per pixel). */
  gradient: Float32Array;
  /** BRIGHT_QUANTILE of L* over the photo. */
  brightL: number;
}

export function skyPlanes(work: RgbPixels): SkyPlanes {
  const { width: w, height: h, data } = work;
  const n = w * h;
  const L = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const lab = srgbToLab(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
    L[i] = lab[0];
    a[i] = lab[1];
    b[i] = lab[2];
  }
  // Sobel of L*, divided by 8 so that a ramp of 1 L* per pixel reads 1.
  // Pixels beyond the border repeat the border's (clamped rows and columns); the same sums, in
  // the same order, as a clamped read per neighbour, without a call per read.
  const sobel = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const row = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const left = Math.max(0, x - 1);
      const right = Math.min(w - 1, x + 1);
      const gx =
        L[up + right]! +
        2 * L[row + right]! +
        L[down + right]! -
        L[up + left]! -
        2 * L[row + left]! -
        L[down + left]!;
      const gy =
        L[down + left]! +
        2 * L[down + x]! +
        L[down + right]! -
        L[up + left]! -
        2 * L[up + x]! -
        L[up + right]!;
      sobel[row + x] = Math.sqrt(gx * gx + gy * gy) / 8;
    }
  }
  return {
    width: w,
    height: h,
    L,
    a,
    b,
    gradient: boxMean(sobel, w, h, 1),
    brightL: quantileOf(L, BRIGHT_QUANTILE),
  };
}

/** Rule 2, blue: b* clearly negative, with a hue between cyan and blue (see BLUE_B). */
const isBlue = (a: number, b: number): boolean => b <= BLUE_B && a >= BLUE_GREEN * b && a <= -BLUE_RED * b;

/** Rule 2, grey: neutral or a little blue, and bright for this photo (see GREY_CHROMA). */
const isGrey = (L: number, a: number, b: number, brightL: number): boolean =>
  a <= GREY_WARM &&
  b <= GREY_YELLOW &&
  Math.sqrt(a * a + b * b) <= GREY_CHROMA &&
  L >= Math.max(SKY_MIN_L, Math.min(GREY_BRIGHT_L, brightL));

export const blueSky = (p: SkyPlanes, i: number): boolean => isBlue(p.a[i]!, p.b[i]!);

/** Rule 2: blue, or near-grey and bright for this photo. */
export const skyLike = (p: SkyPlanes, i: number): boolean =>
  isBlue(p.a[i]!, p.b[i]!) || isGrey(p.L[i]!, p.a[i]!, p.b[i]!, p.brightL);

/** A cloud's colour (see CLOUD_CHROMA). */
function cloudLike(p: SkyPlanes, i: number): boolean {
  const a = p.a[i]!;
  const b = p.b[i]!;
  return (
    a <= CLOUD_WARM && b <= CLOUD_WARM && Math.sqrt(a * a + b * b) <= CLOUD_CHROMA && p.L[i]! >= CLOUD_MIN_L
  );
}

interface Robust {
  centre: number;
  spread: number;
}

/** Median and 1.4826 x MAD of a plane over some pixels, the spread floored. */
function robust(plane: Float32Array, px: Int32Array, floor: number): Robust {
  // Plain loops: a typed array's from() with a mapping function is ~40x slower in V8.
  const v = new Float32Array(px.length);
  for (let k = 0; k < px.length; k++) v[k] = plane[px[k]!]!;
  v.sort();
  const centre = v[v.length >> 1]!;
  const dev = new Float32Array(v.length);
  for (let k = 0; k < v.length; k++) dev[k] = Math.abs(v[k]! - centre);
  dev.sort();
  return { centre, spread: Math.max(floor, 1.4826 * dev[dev.length >> 1]!) };
}

/**
 * Rules 3-5 on the working copy: 1 for sky, 0 elsewhere; all zero when the photo has no sky.
 */
export function skyRegion(p: SkyPlanes): Uint8Array {
  const { width: w, height: h, L, a, b, gradient } = p;
  const n = w * h;
  const region = new Uint8Array(n);
  const band = Math.max(2, Math.round(SEED_BAND * h));
  // Blue seeds when the top has enough blue sky (then white walls there are not seeds), else grey ones.
  const smooth: number[] = [];
  for (let i = 0; i < band * w; i++) if (gradient[i]! <= SEED_GRADIENT && skyLike(p, i)) smooth.push(i);
  const blue = smooth.filter((i) => blueSky(p, i));
  const blueMode = blue.length >= MIN_SEED_SHARE * band * w;
  const seeds = blueMode ? blue : smooth;
  if (seeds.length < MIN_SEED_SHARE * band * w) return region;

  const seedPx = Int32Array.from(seeds);
  const mL = robust(L, seedPx, SPREAD_FLOOR.L);
  const mA = robust(a, seedPx, SPREAD_FLOOR.ab);
  const mB = robust(b, seedPx, SPREAD_FLOOR.ab);
  const nearModel = (i: number) =>
    ((L[i]! - mL.centre) / mL.spread) ** 2 +
      ((a[i]! - mA.centre) / mA.spread) ** 2 +
      ((b[i]! - mB.centre) / mB.spread) ** 2 <=
    MODEL_DISTANCE * MODEL_DISTANCE;

  for (const i of seeds) region[i] = 1;
  const step2 = GROW_STEP * GROW_STEP;
  const joins = (from: number, to: number) =>
    gradient[to]! <= GROW_GRADIENT &&
    (L[to]! - L[from]!) ** 2 + (a[to]! - a[from]!) ** 2 + (b[to]! - b[from]!) ** 2 <= step2 &&
    (nearModel(to) || skyLike(p, to) || (blueMode && cloudLike(p, to)));
  grow(region, w, h, joins);

  // Sky seen between branches or behind a mast, cut off from the top: smooth components near the
  // model of the sky found so far that begin in the upper part of the photo and are not small.
  let grown = 0;
  for (let i = 0; i < n; i++) grown += region[i]!;
  const model = grown >= seeds.length ? robustModel(p, region) : { mL, mA, mB };
  // The sky found, as a whole, must have a sky's colour: its median is blue, or grey and bright. A
  // studio backdrop or a wall that merely has some sky-like pixels at the top is dropped here.
  const [cL, cA, cB] = [model.mL.centre, model.mA.centre, model.mB.centre];
  if (!(isBlue(cA, cB) || isGrey(cL, cA, cB, p.brightL) || (blueMode && cB < 0))) {
    region.fill(0);
    return region;
  }
  const nearGrown = (i: number) =>
    ((L[i]! - model.mL.centre) / model.mL.spread) ** 2 +
      ((a[i]! - model.mA.centre) / model.mA.spread) ** 2 +
      ((b[i]! - model.mB.centre) / model.mB.spread) ** 2 <=
    MODEL_DISTANCE * MODEL_DISTANCE;
  const detached = (i: number) =>
    !region[i] && gradient[i]! <= GROW_GRADIENT && skyLike(p, i) && nearGrown(i);
  forEachComponent(w, h, detached, (members, _border, top) => {
    if (top <= DETACHED_TOP * h && members.length >= MIN_SKY_SHARE * n)
      for (const i of members) region[i] = 1;
  });
  grow(region, w, h, joins);
  // Holes closed in by sky (birds, wires, a small cloud).
  forEachComponent(
    w,
    h,
    (i) => !region[i],
    (members, border) => {
      if (!border && members.length <= HOLE_SHARE * n) for (const i of members) region[i] = 1;
    },
  );
  let sky = 0;
  for (let i = 0; i < n; i++) sky += region[i]!;
  if (sky < MIN_SKY_SHARE * n) region.fill(0);
  return region;
}

/** Grows `region` (4-connected) from all its pixels into the neighbours that `joins` accepts. */
function grow(region: Uint8Array, w: number, h: number, joins: (from: number, to: number) => boolean): void {
  const n = w * h;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (region[i]) queue[tail++] = i;
  const visit = (from: number, to: number) => {
    if (region[to] || !joins(from, to)) return;
    region[to] = 1;
    queue[tail++] = to;
  };
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % w;
    if (x > 0) visit(i, i - 1);
    if (x < w - 1) visit(i, i + 1);
    if (i >= w) visit(i, i - w);
    if (i + w < n) visit(i, i + w);
  }
}

/** The robust colour model (L*, a*, b*) of the pixels where `mask` is 1. */
function robustModel(p: SkyPlanes, mask: Uint8Array): { mL: Robust; mA: Robust; mB: Robust } {
  const px: number[] = [];
  // Every 4th pixel is plenty for a median.
  for (let i = 0; i < mask.length; i += 4) if (mask[i]) px.push(i);
  const at = Int32Array.from(px);
  return {
    mL: robust(p.L, at, SPREAD_FLOOR.L),
    mA: robust(p.a, at, SPREAD_FLOOR.ab),
    mB: robust(p.b, at, SPREAD_FLOOR.ab),
  };
}

/**
 * Calls `each` for every 4-connected component of the pixels where `inside` holds, with its
 * members, whether it touches the image border, and its topmost row.
 */
function forEachComponent(
  w: number,
  h: number,
  inside: (i: number) => boolean,
  each: (members: number[], border: boolean, top: number) => void,
): void {
  const n = w * h;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const members: number[] = [];
  let depth = 0;
  for (let start = 0; start < n; start++) {
    if (seen[start] || !inside(start)) continue;
    depth = 0;
    stack[depth++] = start;
    seen[start] = 1;
    members.length = 0;
    let border = false;
    let top = h;
    while (depth > 0) {
      const i = stack[--depth]!;
      members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      if (y < top) top = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      if (x > 0) push(i - 1);
      if (x < w - 1) push(i + 1);
      if (y > 0) push(i - w);
      if (y < h - 1) push(i + w);
    }
    each(members, border, top);
  }
  function push(j: number) {
    if (!seen[j] && inside(j)) {
      seen[j] = 1;
      stack[depth++] = j;
    }
  }
}

/** The sky mask of `image` at its full size (0..255, soft edges); all zero without sky. */
export async function skyMask(image: RgbPixels): Promise<Uint8Array> {
  const work = await subsampled(image, WORK_SIDE);
  const region = skyRegion(skyPlanes(work));
  if (!region.includes(1)) return new Uint8Array(image.width * image.height);
  const p = Float32Array.from(region);
  const coefficients = guidedCoefficients(
    planarRgb(work.data, work.width, work.height),
    p,
    REFINE_RADIUS,
    REFINE_EPS,
  );
  return applyGuided(coefficients, image.data, image.width, image.height, REFINE_LEVELS);
}

async function run(image: DecodedImage, _params: SkyParams): Promise<SkyResult> {
  const { foreground_ratio, images } = await maskImages(image, await skyMask(image));
  return { answer: { image_width: image.width, image_height: image.height, foreground_ratio }, images };
}

export const skysegment: Algorithm<SkyParams, SkyResult, null> = {
  task: 'skysegment',
  // Full size: the mask and the cut-out are returned at the size the photo came in.
  decode: {},
  parseParams: parseSkyParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

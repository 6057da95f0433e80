/**
 * depth (capability v1/MonoDepth): a relative depth map of one photo. No depth model ships in any
 * package here, so the map is built from geometric cues in the manner of D. Hoiem, A. A. Efros,
 * M. Hebert, "Automatic Photo Pop-up" (SIGGRAPH 2005: the ground is a plane seen up to the
 * horizon, vertical surfaces stand on it as upright planes at the depth of their contact with the
 * ground, the sky is at infinity) and of A. Saxena, M. Sun, A. Y. Ng, "Make3D" (TPAMI 2009:
 * connected, upright structures share a depth along their contact line; things occluding others
 * are nearer). The answer is inverse depth ("nearness", as in the relative maps of R. Ranftl et
 * al., MiDaS, TPAMI 2022): on a ground plane seen by a level camera, 1 / depth grows linearly with
 * the image row below the horizon, so no focal length or camera height is needed.
 *
 * 1. Working copy of sky.ts's WORK_SIDE px a side, its CIELAB planes (skyPlanes).
 *    Sky: skyRegion (sky.ts), nearness 0.
 *    People: segment's person probability (MediaPipe selfie model) at 0.5 or more, its regions
 *    kept only where one of CenterNet's person boxes (below) has a point of its centre line
 *    (keepPeople with PERSON_BOX_POINTS), so a cat or a poster the selfie model takes is left out;
 *    the detector's boxes are needed for the objects anyway, so no pose model runs for this.
 *    Objects: CenterNet's boxes of the 80 COCO classes (centernetBoxes, humandetect's detector and
 *    its threshold MIN_BOX_SCORE), except boxes covering more than MAX_BOX_SHARE of the photo (a
 *    table or a bed seen from above is a scene, not an upright object). A person box the person
 *    mask hardly covers (a small, far person the selfie model misses) is kept as an object, its
 *    inscribed ellipse only.
 * 2. Ground: grown (4-connected) from the bottom GROUND_BAND of rows that is neither sky, person
 *    nor object, through pixels near one of the colour clusters of those seeds (k-means on
 *    box-blurred CIELAB, so texture such as cobbles and grass reads as one colour) with small colour
 *    steps between neighbours. Too few seeds: no ground is seen.
 * 3. Horizon row y_h: just above the ground's top (a low percentile of the columns' topmost ground
 *    row, HORIZON_MARGIN higher) and never above the sky's bottom; with no ground, the sky's
 *    bottom; with neither, the middle of the photo (the prior of Hoiem et al.).
 * 4. Nearness of a row y on the ground plane: (y - y_h) / (H - y_h), 1 at the bottom row; rows
 *    at or above the horizon get a small value that still falls with height (nearAt).
 *    People and objects: upright planes at the nearness of their bottom row (their contact with
 *    the ground; for people, the nearest person box holding the pixel, else the bottom of the
 *    pixel's connected person region). Other pixels (walls, trees, things without a box), column
 *    by column from the bottom: the nearness of the ground where their column last touched it;
 *    with no ground below them, the ground plane's own value of their row (lower is nearer); and
 *    when a person or object stands between them and that ground, the contact is hidden: they take
 *    the values of the same row's nearest uncovered pixels left and right (a wall continues
 *    behind a person), never nearer than the person or object in front of them.
 * 5. Smoothing: upsampled to a copy of at most SMOOTH_SIDE px a side and passed through the grey
 *    guided filter (guided.ts: He, Sun, Tang, TPAMI 2013; He, Sun 2015) with the photo's
 *    luminance as guide, so depth edges follow the photo's edges; sampled bilinearly to full size,
 *    the sky set back to 0.
 * 6. Answer: the nearness as a 16-bit greyscale PNG (65535 nearest, 0 sky; png16.ts) and the same
 *    map painted with Google's Turbo colour map (A. Mikhailov, 2019, its polynomial
 *    approximation; red near, blue far).
 *
 * Weak (docs/quality.md, "Depth estimation"): the scale is relative and only the order of things
 * is meant; indoor scenes and close-ups without a visible floor fall back to "lower is nearer"; a
 * ground of several colours or one the colour of the walls is only partly found, and then the
 * horizon is placed wrong; a photo looking down on the ground (the horizon above the frame) gets a
 * horizon inside it; walls seen at a slant (a street's facades) get one depth per column from their
 * contact, not a gradient along them where the contact is hidden; objects outside COCO's classes
 * and people the detectors miss are walls.
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import { getModel } from '../../runtime/models.ts';
import type { DecodedImage } from '../../image/decode.ts';
import { resampleMap } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { boxMean, samplingPositions } from '../body/guided-filter.ts';
import { centernetBoxes, nms, type Candidate } from '../body/humandetect.ts';
import { COCO_CLASS, COCO_NAMES } from '../body/coco.ts';
import { keepPeople, personProbability, SELFIE_INPUT, subsampled, WORKING_SIDE } from '../body/segment.ts';
import { guidedFilterGrey } from './guided.ts';
import { quantileOf } from '../../image/select.ts';
import { grey16Png } from './png16.ts';
import { skyPlanes, skyRegion, WORK_SIDE, type SkyPlanes } from './sky.ts';
import { parseDepthParams, type DepthParams, type DepthResult } from './depth-params.ts';

/** CenterNet; segment's selfie model runs with onnxruntime (personProbability). */
export interface DepthModels {
  centernet: GraphModel;
}

/** CenterNet's boxes from this score up count (humandetect's threshold for people). */
export const MIN_BOX_SCORE = 0.3;
/**
 * Where a person box vouches for the selfie model's regions: points of its vertical centre line at
 * these shares of its height from the top (head, chest, waist, thighs), so that a region holding
 * any of them is that person.
 */
const PERSON_BOX_POINTS = [0.15, 0.35, 0.55, 0.75] as const;
/** A box covering more than this share of the photo is a scene, not an upright object. */
export const MAX_BOX_SHARE = 0.5;
/** A person box whose pixels the person mask covers less than this share of is kept as an object. */
const MASKED_PERSON_SHARE = 0.2;
/** Bottom rows where the ground's seeds are taken, as a share of the height. */
export const GROUND_BAND = 0.05;
/** Fewer usable seed pixels than this share of the band: no ground is seen. */
const MIN_GROUND_SEEDS = 0.2;
/** Box-blur radius (working-copy pixels) of the CIELAB planes the ground is grown on. */
const GROUND_BLUR = 2;
/** Colour clusters of the seeds (k-means), kept when they hold this share of the seeds. */
const GROUND_CLUSTERS = 3;
const MIN_CLUSTER_SHARE = 0.15;
/** A pixel joins the ground within this many robust spreads of a cluster ... */
const GROUND_DISTANCE = 2.5;
/** ... and floors of those spreads (L*; a* and b*) ... */
const GROUND_SPREAD_FLOOR = { L: 5, ab: 2 } as const;
/** ... and within this blurred CIELAB step of its neighbour in the ground. */
const GROUND_STEP = 4;
/** Percentile of the columns' topmost ground row taken as the ground's top (robust to leaks). */
const GROUND_TOP_QUANTILE = 0.2;
/** Percentile of the columns' lowest sky row taken as the sky's bottom. */
const SKY_BOTTOM_QUANTILE = 0.8;
/** The horizon sits this share of the height above the ground's top. */
export const HORIZON_MARGIN = 0.02;
/** The horizon is never lower than this share of the height (the ground plane needs rows). */
const HORIZON_LOWEST = 0.9;
/** Rows within this share of the height above the horizon + this get the falling far values. */
const FAR_BAND = 0.02;
const FAR_FALL = 0.05;
/** A pixel behind a person or object is at most this share of its nearness. */
const BEHIND = 0.9;
/** Guided filter: radius as a share of the long side, regulariser on 0..1 luminance. */
const SMOOTH_RADIUS = 0.012;
const SMOOTH_EPS = 1e-3;
/** Long side of the copy the guided filter smooths on (a depth map needs no finer edges). */
const SMOOTH_SIDE = 1024;
/** Nearness of the farthest non-sky pixel in the 16-bit map, so that only sky is 0. */
const NEAR_FLOOR = 1 / 4096;

const SKY = 1;
const PERSON = 2;
const OBJECT = 3;
const GROUND = 4;

/** An upright plane: a box on the working copy (inclusive pixel edges) and its nearness. */
interface Plane extends Pick<Candidate, 'left' | 'top' | 'right' | 'bottom'> {
  near: number;
  /** The box's inscribed ellipse only (a person box the mask missed). */
  ellipse: boolean;
  person: boolean;
}

const ALL_CLASSES: ReadonlySet<number> = new Set(COCO_NAMES.map((_, i) => i));

/** The nearness of a row on the ground plane under horizon `yh` (working-copy rows, `h` of them). */
export function nearAt(y: number, yh: number, h: number): number {
  const edge = yh + FAR_BAND * h;
  const span = Math.max(1, h - yh);
  if (y >= edge) return Math.min(1, (y - yh) / span);
  return ((edge - yh) / span) * Math.exp((y - edge) / (FAR_FALL * h));
}

/** Step 2: the ground (1) grown from the bottom band's seeds; all 0 when too few seeds. */
export function groundRegion(p: SkyPlanes, category: Uint8Array): Uint8Array {
  const { width: w, height: h } = p;
  const n = w * h;
  const L = boxMean(p.L, w, h, GROUND_BLUR);
  const A = boxMean(p.a, w, h, GROUND_BLUR);
  const B = boxMean(p.b, w, h, GROUND_BLUR);
  const region = new Uint8Array(n);
  const band = Math.max(2, Math.round(GROUND_BAND * h));
  const seeds: number[] = [];
  for (let i = (h - band) * w; i < n; i++) if (!category[i]) seeds.push(i);
  if (seeds.length < MIN_GROUND_SEEDS * band * w) return region;
  const clusters = colourClusters(seeds, L, A, B);
  const limit = GROUND_DISTANCE * GROUND_DISTANCE;
  const near = (i: number): boolean => {
    for (const c of clusters)
      if (((L[i]! - c.L) / c.sL) ** 2 + ((A[i]! - c.a) / c.sA) ** 2 + ((B[i]! - c.b) / c.sB) ** 2 <= limit)
        return true;
    return false;
  };
  const queue = new Int32Array(n);
  let tail = 0;
  for (const i of seeds) {
    if (!near(i)) continue;
    region[i] = 1;
    queue[tail++] = i;
  }
  const step2 = GROUND_STEP * GROUND_STEP;
  const visit = (from: number, to: number) => {
    if (region[to] || category[to]) return;
    if ((L[to]! - L[from]!) ** 2 + (A[to]! - A[from]!) ** 2 + (B[to]! - B[from]!) ** 2 > step2) return;
    if (!near(to)) return;
    region[to] = 1;
    queue[tail++] = to;
  };
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % w;
    if (x > 0) visit(i, i - 1);
    if (x < w - 1) visit(i, i + 1);
    if (i >= w) visit(i, i - w);
    if (i + w < n) visit(i, i + w);
  }
  return region;
}

interface Cluster {
  L: number;
  a: number;
  b: number;
  sL: number;
  sA: number;
  sB: number;
}

/** k-means (GROUND_CLUSTERS, from the seeds' quantiles of L*) with each cluster's median and 1.4826 x MAD. */
function colourClusters(seeds: number[], L: Float32Array, A: Float32Array, B: Float32Array): Cluster[] {
  const byL = [...seeds].sort((i, j) => L[i]! - L[j]!);
  let centres = Array.from({ length: GROUND_CLUSTERS }, (_, k) => {
    const i = byL[Math.floor(((k + 0.5) / GROUND_CLUSTERS) * byL.length)]!;
    return [L[i]!, A[i]!, B[i]!] as [number, number, number];
  });
  const member = new Int32Array(seeds.length);
  for (let iteration = 0; iteration < 8; iteration++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    seeds.forEach((i, s) => {
      let best = 0;
      let bestD = Infinity;
      centres.forEach(([cl, ca, cb], k) => {
        const d = (L[i]! - cl) ** 2 + (A[i]! - ca) ** 2 + (B[i]! - cb) ** 2;
        if (d < bestD) [best, bestD] = [k, d];
      });
      member[s] = best;
      const t = sums[best]!;
      t[0]! += L[i]!;
      t[1]! += A[i]!;
      t[2]! += B[i]!;
      t[3]! += 1;
    });
    centres = centres.map((c, k) => {
      const t = sums[k]!;
      return t[3]! > 0 ? [t[0]! / t[3]!, t[1]! / t[3]!, t[2]! / t[3]!] : c;
    });
  }
  const robust = (values: number[], floor: number) => {
    const centre = quantileOf(values, 0.5);
    return {
      centre,
      spread: Math.max(
        floor,
        1.4826 *
          quantileOf(
            values.map((v) => Math.abs(v - centre)),
            0.5,
          ),
      ),
    };
  };
  const out: Cluster[] = [];
  for (let k = 0; k < GROUND_CLUSTERS; k++) {
    const px = seeds.filter((_, s) => member[s] === k);
    if (px.length < MIN_CLUSTER_SHARE * seeds.length) continue;
    const l = robust(
      px.map((i) => L[i]!),
      GROUND_SPREAD_FLOOR.L,
    );
    const a = robust(
      px.map((i) => A[i]!),
      GROUND_SPREAD_FLOOR.ab,
    );
    const b = robust(
      px.map((i) => B[i]!),
      GROUND_SPREAD_FLOOR.ab,
    );
    out.push({ L: l.centre, a: a.centre, b: b.centre, sL: l.spread, sA: a.spread, sB: b.spread });
  }
  return out;
}

/** Step 3: the horizon row on the working copy. */
export function horizonRow(ground: Uint8Array, sky: Uint8Array, w: number, h: number): number {
  const tops: number[] = [];
  const bottoms: number[] = [];
  for (let x = 0; x < w; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < h; y++) {
      if (ground[y * w + x] && top < 0) top = y;
      if (sky[y * w + x]) bottom = y;
    }
    if (top >= 0) tops.push(top);
    if (bottom >= 0) bottoms.push(bottom);
  }
  const skyBottom = bottoms.length > 0 ? quantileOf(bottoms, SKY_BOTTOM_QUANTILE) : undefined;
  let yh: number;
  if (tops.length >= 0.2 * w) {
    yh = quantileOf(tops, GROUND_TOP_QUANTILE) - HORIZON_MARGIN * h;
    if (skyBottom !== undefined) yh = Math.max(yh, skyBottom);
  } else yh = skyBottom ?? h / 2;
  return Math.min(yh, HORIZON_LOWEST * h);
}

/** Step 1: the upright planes of the detector's boxes, on the working copy. */
function planesOf(
  boxes: Array<{ left: number; top: number; right: number; bottom: number; cls: number }>,
  person: Uint8Array,
  w: number,
  h: number,
  scale: number,
  yh: number,
): Plane[] {
  const planes: Plane[] = [];
  for (const b of boxes) {
    const left = Math.max(0, Math.floor(b.left * scale));
    const top = Math.max(0, Math.floor(b.top * scale));
    const right = Math.min(w - 1, Math.ceil(b.right * scale));
    const bottom = Math.min(h - 1, Math.ceil(b.bottom * scale));
    if (right <= left || bottom <= top) continue;
    if ((right - left + 1) * (bottom - top + 1) > MAX_BOX_SHARE * w * h) continue;
    const isPerson = b.cls === COCO_CLASS.person;
    let masked = 0;
    if (isPerson)
      for (let y = top; y <= bottom; y++) for (let x = left; x <= right; x++) masked += person[y * w + x]!;
    const ellipse = isPerson && masked < MASKED_PERSON_SHARE * (right - left + 1) * (bottom - top + 1);
    planes.push({ left, top, right, bottom, near: nearAt(bottom, yh, h), ellipse, person: isPerson });
  }
  return planes;
}

const inside = (p: Plane, x: number, y: number): boolean => {
  if (x < p.left || x > p.right || y < p.top || y > p.bottom) return false;
  if (!p.ellipse) return true;
  const cx = (p.left + p.right) / 2;
  const cy = (p.top + p.bottom) / 2;
  const rx = (p.right - p.left) / 2 + 0.5;
  const ry = (p.bottom - p.top) / 2 + 0.5;
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
};

/** Calls `each` with the index of every working-copy pixel (row width `w`) inside a plane. */
function forEachInside(p: Plane, w: number, each: (i: number) => void): void {
  for (let y = p.top; y <= p.bottom; y++)
    for (let x = p.left; x <= p.right; x++) if (inside(p, x, y)) each(y * w + x);
}

/** Bottom row of each pixel's 4-connected region of `mask` (-1 outside it). */
function regionBottoms(mask: Uint8Array, w: number, h: number): Int32Array {
  const n = w * h;
  const bottom = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const members: number[] = [];
  let depth = 0;
  const push = (j: number) => {
    if (mask[j] && bottom[j] === -1) {
      bottom[j] = -2;
      stack[depth++] = j;
    }
  };
  for (let start = 0; start < n; start++) {
    if (!mask[start] || bottom[start] !== -1) continue;
    depth = 0;
    push(start);
    members.length = 0;
    let low = 0;
    while (depth > 0) {
      const i = stack[--depth]!;
      members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      if (y > low) low = y;
      if (x > 0) push(i - 1);
      if (x < w - 1) push(i + 1);
      if (y > 0) push(i - w);
      if (y < h - 1) push(i + w);
    }
    for (const i of members) bottom[i] = low;
  }
  return bottom;
}

/** What the steps found on the working copy, for the measurement script and the tests. */
export interface DepthCues {
  width: number;
  height: number;
  /** Per pixel: 0 other, 1 sky, 2 person, 3 object, 4 ground. */
  category: Uint8Array;
  horizon: number;
  /** Nearness before smoothing, 0 sky .. 1 nearest. */
  near: Float32Array;
}

/** Steps 1-4 on the working copy. */
export async function depthCues(image: DecodedImage, models: DepthModels): Promise<DepthCues> {
  const work = await subsampled(image, WORK_SIDE);
  const { width: w, height: h } = work;
  const n = w * h;
  const planes0 = skyPlanes(work);
  const sky = skyRegion(planes0);
  const working = await subsampled(image, WORKING_SIDE);
  const boxes = nms(
    (await centernetBoxes(image, models.centernet, ALL_CLASSES)).filter((b) => b.score >= MIN_BOX_SCORE),
    0.5,
  );
  const sx = SELFIE_INPUT / image.width;
  const sy = SELFIE_INPUT / image.height;
  const vouching = boxes
    .filter((b) => b.cls === COCO_CLASS.person)
    .flatMap((b) =>
      PERSON_BOX_POINTS.map(
        (f) => [((b.left + b.right) / 2) * sx, (b.top + f * (b.bottom - b.top)) * sy] as const,
      ),
    );
  // No person box: no region would be kept, so the selfie model is not run.
  const probability =
    vouching.length > 0
      ? keepPeople(await personProbability(working), vouching)
      : new Float32Array(SELFIE_INPUT * SELFIE_INPUT);
  const personP = resampleMap(probability, SELFIE_INPUT, SELFIE_INPUT, w, h);
  // A plain loop: a typed array's from() with a mapping function is ~40x slower in V8.
  const person = new Uint8Array(personP.length);
  for (let i = 0; i < personP.length; i++) person[i] = personP[i]! >= 0.5 ? 1 : 0;

  // Category before the ground and horizon are known: person over sky over object.
  const category = new Uint8Array(n);
  const scale = w / image.originalWidth;
  // Boxes are placed once the horizon is known; their extent is needed first to keep them out of the ground.
  const extent = planesOf(boxes, person, w, h, scale, 0);
  for (const p of extent) if (!p.person || p.ellipse) forEachInside(p, w, (i) => (category[i] = OBJECT));
  for (let i = 0; i < n; i++) {
    if (person[i]) category[i] = PERSON;
    else if (sky[i]) category[i] = SKY;
  }
  const ground = groundRegion(planes0, category);
  for (let i = 0; i < n; i++) if (ground[i]) category[i] = GROUND;
  const yh = horizonRow(ground, sky, w, h);
  const planes = planesOf(boxes, person, w, h, scale, yh);

  const near = new Float32Array(n).fill(-1);
  // People: the nearest person box holding the pixel, else the bottom of its connected region.
  // Objects: the nearest box holding the pixel.
  for (const p of planes)
    forEachInside(p, w, (i) => {
      const c = category[i];
      if ((c === PERSON && p.person) || (c === OBJECT && (!p.person || p.ellipse)))
        near[i] = Math.max(near[i]!, p.near);
    });
  const bottoms = regionBottoms(person, w, h);
  for (let i = 0; i < n; i++) {
    if (category[i] === PERSON && near[i]! < 0) near[i] = nearAt(bottoms[i]!, yh, h);
    else if (category[i] === OBJECT && near[i]! < 0) near[i] = 0;
  }
  // Column by column from the bottom: ground, and what stands on it.
  const unknown = new Float32Array(n).fill(-1);
  for (let x = 0; x < w; x++) {
    let state: 'none' | 'ground' | 'occluded' = 'none';
    let contact = 0;
    let occluder = 1;
    for (let y = h - 1; y >= 0; y--) {
      const i = y * w + x;
      const c = category[i];
      if (c === GROUND) {
        near[i] = nearAt(y, yh, h);
        state = 'ground';
        contact = near[i]!;
      } else if (c === SKY) near[i] = 0;
      else if (c === PERSON || c === OBJECT) {
        state = 'occluded';
        occluder = near[i]!;
      } else if (state === 'ground') near[i] = contact;
      else if (state === 'none') near[i] = nearAt(y, yh, h);
      else unknown[i] = occluder;
    }
  }
  // Hidden contacts: the same row's nearest known pixels left and right, never nearer than the occluder.
  const left = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let last = -1;
    for (let x = 0; x < w; x++) {
      left[x] = last;
      if (unknown[o + x]! < 0 && (category[o + x] === 0 || category[o + x] === GROUND)) last = x;
    }
    let r = w;
    for (let x = w - 1; x >= 0; x--) {
      const bound = unknown[o + x]!;
      if (bound >= 0) {
        const l = left[x]!;
        let v: number;
        if (l >= 0 && r < w) v = near[o + l]! + ((near[o + r]! - near[o + l]!) * (x - l)) / (r - l);
        else if (l >= 0) v = near[o + l]!;
        else if (r < w) v = near[o + r]!;
        else v = bound * 0.5;
        near[o + x] = Math.min(v, BEHIND * bound);
      } else if (category[o + x] === 0 || category[o + x] === GROUND) r = x;
    }
  }
  return { width: w, height: h, category, horizon: yh, near };
}

/** Google's Turbo colour map (polynomial approximation, A. Mikhailov 2019), t in 0..1 -> RGB 0..255. */
export function turbo(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t));
  const x2 = x * x;
  const x3 = x2 * x;
  const x4 = x3 * x;
  const x5 = x4 * x;
  const r =
    0.13572138 + 4.6153926 * x - 42.66032258 * x2 + 132.13108234 * x3 - 152.94239396 * x4 + 59.28637943 * x5;
  const g =
    0.09140261 + 2.19418839 * x + 4.84296658 * x2 - 14.18503333 * x3 + 4.27729857 * x4 + 2.82956604 * x5;
  const b =
    0.1066733 + 12.64194608 * x - 60.58204836 * x2 + 110.36276771 * x3 - 89.90310912 * x4 + 27.34824973 * x5;
  const byte = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return [byte(r), byte(g), byte(b)];
}

/** Steps 5-6: the full-size nearness, 0 (sky) .. 65535 (nearest). */
export async function depthMap(image: DecodedImage, models: DepthModels): Promise<Uint16Array> {
  const cues = await depthCues(image, models);
  const W = image.width;
  const H = image.height;
  // The filter runs on a copy of at most SMOOTH_SIDE px a side; larger photos get it bilinearly.
  const guide = await subsampled(image, SMOOTH_SIDE);
  const gw = guide.width;
  const gh = guide.height;
  const near = resampleMap(cues.near, cues.width, cues.height, gw, gh);
  const grey = new Float32Array(gw * gh);
  const rgb = guide.data;
  for (let i = 0; i < grey.length; i++)
    grey[i] = (0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!) / 255;
  const side = Math.max(gw, gh);
  const smooth = guidedFilterGrey(
    grey,
    near,
    gw,
    gh,
    Math.max(2, Math.round(SMOOTH_RADIUS * side)),
    SMOOTH_EPS,
    Math.max(1, Math.round(side / WORK_SIDE)),
  );
  // Full size, row by row: the smoothed map sampled bilinearly, the sky (nearest working-copy pixel) 0.
  const out = new Uint16Array(W * H);
  const cols = samplingPositions(W, gw);
  const rows = samplingPositions(H, gh);
  const skyX = Int32Array.from({ length: W }, (_, x) =>
    Math.min(cues.width - 1, Math.floor((x * cues.width) / W)),
  );
  for (let y = 0; y < H; y++) {
    const fy = rows.f[y]!;
    const r0 = rows.i0[y]! * gw;
    const r1 = rows.i1[y]! * gw;
    const skyRow = Math.min(cues.height - 1, Math.floor((y * cues.height) / H)) * cues.width;
    for (let x = 0; x < W; x++) {
      if (cues.category[skyRow + skyX[x]!] === SKY) continue;
      const fx = cols.f[x]!;
      const c0 = cols.i0[x]!;
      const c1 = cols.i1[x]!;
      const top = smooth[r0 + c0]! + fx * (smooth[r0 + c1]! - smooth[r0 + c0]!);
      const bottom = smooth[r1 + c0]! + fx * (smooth[r1 + c1]! - smooth[r1 + c0]!);
      const v = top + fy * (bottom - top);
      out[y * W + x] = Math.round(Math.min(1, Math.max(NEAR_FLOOR, v)) * 65535);
    }
  }
  return out;
}

/** Turbo at 4096 levels (12 bits of the 16-bit map), RGB packed. */
let turboTable: Uint8Array | undefined;
function turboLevels(): Uint8Array {
  if (turboTable) return turboTable;
  turboTable = new Uint8Array(4096 * 3);
  for (let k = 0; k < 4096; k++) turboTable.set(turbo(k / 4095), 3 * k);
  return turboTable;
}

async function run(image: DecodedImage, _params: DepthParams, models: DepthModels): Promise<DepthResult> {
  const map = await depthMap(image, models);
  const W = image.width;
  const H = image.height;
  const painted = Buffer.alloc(W * H * 3);
  const table = turboLevels();
  let finite = 0;
  for (let i = 0; i < map.length; i++) {
    const v = map[i]!;
    if (v > 0) finite++;
    const k = 3 * (v >> 4);
    painted[3 * i] = table[k]!;
    painted[3 * i + 1] = table[k + 1]!;
    painted[3 * i + 2] = table[k + 2]!;
  }
  const paintedPng = await sharp(painted, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return {
    answer: {
      image_width: W,
      image_height: H,
      foreground_ratio: Math.round((finite / map.length) * 1e4) / 1e4,
    },
    images: {
      media_data: { bytes: paintedPng, format: 'png' },
      mask: { bytes: grey16Png(map, W, H), format: 'png' },
    },
  };
}

async function loadModels(): Promise<DepthModels> {
  return {
    centernet: await getModel('centernet'),
  };
}

/** Runs the whole task once on a small grey photo (compiles the models' kernels). */
async function warmup(models: DepthModels): Promise<void> {
  const side = 128;
  await depthMap(
    {
      data: Buffer.alloc(side * side * 3, 128),
      width: side,
      height: side,
      channels: 3,
      originalWidth: side,
      originalHeight: side,
      format: 'png',
    },
    models,
  );
}

export const depth: Algorithm<DepthParams, DepthResult, DepthModels> = {
  task: 'depth',
  // Full size: the map is returned at the size the photo came in.
  decode: {},
  parseParams: parseDepthParams,
  loadModels,
  warmup,
  run,
};

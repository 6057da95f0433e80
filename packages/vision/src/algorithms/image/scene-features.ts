/**
 * The measured features the scene rules (scene.ts) read: everything here is a share of the photo
 * or a mean, measured on a 320-px copy (sky.ts's working size), so the rules do not depend on the
 * photo's size.
 *
 * - Sky: sky.ts's sky region (seeded from the top border, grown by colour and smoothness), its share
 *   and the outline under it (the skyline): its mean height and how much of it runs diagonally
 *   (ridges) rather than flat or in vertical steps (roofs, walls).
 * - Colour classes in CIELAB (colour.ts), outside the sky: vegetation (green to yellow-green hues),
 *   water (blue to cyan below the top third), snow (bright and neutral below the top third) and sand
 *   (pale warm beige in the lower half). These are colour ranges, not recognisers: a green wall is
 *   vegetation, a blue car is water.
 * - Light: mean L*, the share of dark pixels, and of bright points on a dark photo (street lights,
 *   stage lights); mean chroma and the share of vivid pixels.
 * - Line structure: pixels on straight axis-aligned edges, found as runs of at least LINE_RUN
 *   consecutive strong-gradient pixels whose gradient points across the run (vertical runs of
 *   horizontal gradients and the reverse). Man-made scenes (walls, windows, rooms, furniture) are
 *   full of them; foliage and grass have strong gradients in every direction but short runs. This
 *   is the cue of the Manhattan-world scene literature (Coughlan and Yuille, "Manhattan World",
 *   ICCV 1999; Oliva and Torralba's "degree of naturalness", IJCV 42(3), 2001, measured from
 *   oriented energy), reduced to the two image axes.
 * - Flatness: the share of 8 x 8 blocks outside the sky with almost no gradient: defocused
 *   backgrounds of close-ups, plain walls.
 */
import type { RgbPixels } from '../../image/resize.ts';
import { subsampled } from '../body/segment.ts';
import { skyPlanes, skyRegion, WORK_SIDE } from './sky.ts';

export interface SceneFeatures {
  /** Share of the photo that is sky. */
  sky: number;
  /** Mean height of the skyline (0 top .. 1 bottom) over the columns with sky at the top; 0 without sky. */
  skylineHeight: number;
  /** Share of skyline steps (every SKYLINE_STEP of the width) that run diagonally (ridges). */
  skylineDiagonal: number;
  /** Non-sky colour classes, as shares of the whole photo. */
  green: number;
  greenLow: number;
  water: number;
  snow: number;
  sand: number;
  /** Mean L* (0..100). */
  meanL: number;
  /** Share of pixels with L* below DARK_L. */
  dark: number;
  /** Share of pixels with L* above LIGHT_L. */
  lights: number;
  /** Mean chroma (a*, b* length) and the share above VIVID_CHROMA. */
  chroma: number;
  vivid: number;
  /** Share of pixels with a strong L* gradient. */
  edges: number;
  /** Share of pixels on straight axis-aligned edge runs. */
  lines: number;
  /** Share of non-sky 8 x 8 blocks with almost no gradient. */
  flat: number;
}

/** Strong gradient: central differences of L*, L* units per pixel at 320 px. */
export const EDGE_GRADIENT = 6;
/** Pixels in a straight run: at least this many (2.5 % of the long side at 320 px). */
export const LINE_RUN = 8;
/** A gradient is across a vertical run when its x part is this share of its length or more (cos 20 degrees). */
const AXIS_COS = 0.94;
export const DARK_L = 25;
export const LIGHT_L = 85;
export const VIVID_CHROMA = 40;
/** A flat block: its mean gradient magnitude is below this (L* per pixel). */
export const FLAT_GRADIENT = 1.2;
/** Skyline steps compared over this share of the width. */
export const SKYLINE_STEP = 0.04;

const ramp = (x: number, lo: number, hi: number): number => Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
export { ramp };

/** The scene features of a photo (any size; measured on a 320-px copy). */
export async function sceneFeatures(image: RgbPixels): Promise<SceneFeatures> {
  const work = await subsampled(image, WORK_SIDE);
  const planes = skyPlanes(work);
  const sky = skyRegion(planes);
  const { width: w, height: h, L, a, b } = planes;
  const n = w * h;

  let skyCount = 0;
  let green = 0;
  let greenLow = 0;
  let water = 0;
  let snow = 0;
  let sand = 0;
  let sumL = 0;
  let dark = 0;
  let lights = 0;
  let sumChroma = 0;
  let vivid = 0;
  for (let y = 0; y < h; y++) {
    const low = y >= h / 2;
    const belowTop = y >= h / 3;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = L[i]!;
      const av = a[i]!;
      const bv = b[i]!;
      const c = Math.sqrt(av * av + bv * bv);
      sumL += l;
      sumChroma += c;
      if (l < DARK_L) dark++;
      if (l > LIGHT_L) lights++;
      if (c > VIVID_CHROMA) vivid++;
      if (sky[i]) {
        skyCount++;
        continue;
      }
      // Vegetation: hue between yellow-green and green (a* clearly negative, b* positive), not too dark.
      if (l > 12 && av < -6 && bv > 4 && bv > -0.4 * av) {
        green++;
        if (low) greenLow++;
      }
      // Water: blue to cyan (b* clearly negative), below the top third.
      else if (belowTop && bv < -8 && av < 12 && l > 15) water++;
      // Snow: bright and nearly neutral, below the top third.
      else if (belowTop && l > 78 && c < 10) snow++;
      // Sand: pale warm beige in the lower half.
      else if (low && l > 55 && l < 92 && av > -2 && av < 14 && bv > 10 && bv < 38) sand++;
    }
  }

  // Gradients of L* (central differences) and straight axis-aligned runs.
  const gx = new Float32Array(n);
  const gy = new Float32Array(n);
  const mag = new Float32Array(n);
  // Strong gradients pointing across a vertical run (along x) and across a horizontal one (along y).
  const alongX = new Uint8Array(n);
  const alongY = new Uint8Array(n);
  let edges = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const dx = (L[i + 1]! - L[i - 1]!) / 2;
      const dy = (L[i + w]! - L[i - w]!) / 2;
      gx[i] = dx;
      gy[i] = dy;
      const m = Math.sqrt(dx * dx + dy * dy);
      mag[i] = m;
      if (m > EDGE_GRADIENT) edges++;
      // The runs compare the magnitude and gradients as stored (float32).
      const mf = mag[i]!;
      if (mf > EDGE_GRADIENT) {
        if (Math.abs(gx[i]!) >= AXIS_COS * mf) alongX[i] = 1;
        if (Math.abs(gy[i]!) >= AXIS_COS * mf) alongY[i] = 1;
      }
    }
  }
  let lines = 0;
  // Vertical runs (edges of walls, window sides, poles): gradients along x. A run may shift by one
  // pixel sideways per row (a slightly tilted or perspective line).
  lines += countRuns(w, h, alongX, 'vertical');
  // Horizontal runs (floors, window sills, table edges): gradients along y.
  lines += countRuns(w, h, alongY, 'horizontal');

  // Flat blocks outside the sky.
  let blocks = 0;
  let flatBlocks = 0;
  for (let by = 0; by + 8 <= h; by += 8) {
    for (let bx = 0; bx + 8 <= w; bx += 8) {
      let sum = 0;
      let skyIn = 0;
      for (let y = by; y < by + 8; y++)
        for (let x = bx; x < bx + 8; x++) {
          sum += mag[y * w + x]!;
          skyIn += sky[y * w + x]!;
        }
      if (skyIn > 32) continue;
      blocks++;
      if (sum / 64 < FLAT_GRADIENT) flatBlocks++;
    }
  }

  // Skyline: in each column whose top pixel is sky, the first non-sky row below it.
  const heights: number[] = [];
  for (let x = 0; x < w; x++) {
    if (!sky[x]) {
      heights.push(-1);
      continue;
    }
    let y = 0;
    while (y < h && sky[y * w + x]) y++;
    heights.push(y / h);
  }
  const withSky = heights.filter((v) => v >= 0);
  const step = Math.max(1, Math.round(SKYLINE_STEP * w));
  let pairs = 0;
  let diagonal = 0;
  for (let x = 0; x + step < w; x += step) {
    const h0 = heights[x]!;
    const h1 = heights[x + step]!;
    if (h0 < 0 || h1 < 0 || h0 >= 1 || h1 >= 1) continue;
    pairs++;
    // Slope in pixels per pixel: a ridge climbs 0.08..1.5, a roof line or horizon is flatter, a
    // wall's side is a step (steeper).
    const slope = (Math.abs(h1 - h0) * h) / (step * 1);
    if (slope > 0.08 && slope < 1.5) diagonal++;
  }

  return {
    sky: skyCount / n,
    skylineHeight: withSky.length ? withSky.reduce((s, v) => s + v, 0) / withSky.length : 0,
    skylineDiagonal: pairs ? diagonal / pairs : 0,
    green: green / n,
    greenLow: greenLow / n,
    water: water / n,
    snow: snow / n,
    sand: sand / n,
    meanL: sumL / n,
    dark: dark / n,
    lights: lights / n,
    chroma: sumChroma / n,
    vivid: vivid / n,
    edges: edges / n,
    lines: lines / n,
    flat: blocks ? flatBlocks / blocks : 0,
  };
}

/**
 * Pixels on runs of at least LINE_RUN consecutive pixels where `on` (w x h, row-major) is set:
 * along columns ('vertical') or rows ('horizontal'), each step allowed to move one pixel sideways.
 */
function countRuns(w: number, h: number, on: Uint8Array, direction: 'vertical' | 'horizontal'): number {
  const vertical = direction === 'vertical';
  const [len, across] = vertical ? [h, w] : [w, h];
  // run[side] after step `along`: length of the run ending at (along, side).
  let prev = new Int32Array(across);
  let cur = new Int32Array(across);
  const marked = new Uint8Array(w * h);
  let count = 0;
  for (let t = 0; t < len; t++) {
    for (let s = 0; s < across; s++) {
      if (!on[vertical ? t * w + s : s * w + t]) {
        cur[s] = 0;
        continue;
      }
      const before = Math.max(prev[s]!, s > 0 ? prev[s - 1]! : 0, s + 1 < across ? prev[s + 1]! : 0);
      cur[s] = before + 1;
      if (cur[s]! >= LINE_RUN) {
        // Count the run's pixels once: the pixel itself, and the whole run when it first reaches LINE_RUN.
        const idx = vertical ? t * w + s : s * w + t;
        if (!marked[idx]) {
          marked[idx] = 1;
          count += cur[s] === LINE_RUN ? LINE_RUN : 1;
        }
      }
    }
    [prev, cur] = [cur, prev];
  }
  return count;
}

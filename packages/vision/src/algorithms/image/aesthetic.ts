/**
 * aesthetic (capability v2/AsestheticsAssess): six measures of a photo's look and their weighted
 * total, each 0..100. No model: each is a documented classical measure (scores, not probabilities):
 *
 * - light: exposure and dynamic range of CIELAB L* (colour.ts) on a working copy of at most
 *   WORK_SIDE px: mean L* near mid-grey, the 2nd-98th percentile range wide, little clipped to
 *   black or white (the exposure features of Y. Ke, X. Tang, F. Jing, "The design of high-level
 *   features for photo quality assessment", CVPR 2006, and of R. Datta et al., ECCV 2006).
 * - colour_vividness: the colourfulness metric of D. Hasler, S. Süsstrunk, "Measuring
 *   colourfulness in natural images", SPIE 5007, 2003: M = sqrt(sd(rg)^2 + sd(yb)^2) +
 *   0.3 sqrt(mean(rg)^2 + mean(yb)^2), rg = R - G, yb = (R + G) / 2 - B on 8-bit sRGB; their scale
 *   puts 59 at "quite", 82 at "highly" and 109 at "extremely colourful"; here 100 x M / VIVID_FULL.
 * - colour_harmony: the hue templates of D. Cohen-Or, O. Sorkine, R. Gal, T. Leyvand, Y.-Q. Xu,
 *   "Color harmonization", SIGGRAPH 2006 (after Matsuda): every pixel's HSV hue, weighted by its
 *   saturation, is charged its arc distance to the nearest sector of a template; the best template
 *   (i, V, L, I, Y, X; T, half the wheel, would call nearly every photo harmonious) at its best
 *   rotation gives the mean charge F (degrees per pixel); harmony = 100 x (1 - F / HARMONY_SPAN).
 *   A grey photo is harmonious.
 * - balance: saliency by R. Achanta, S. Hemami, F. Estrada, S. Süsstrunk, "Frequency-tuned salient
 *   region detection", CVPR 2009 (distance of each slightly blurred Lab pixel from the photo's mean
 *   Lab); half from the left-right balance of the saliency's weight, half from where its centre of
 *   mass lies: at the centre or on a rule-of-thirds point scores full, PLACEMENT_SPAN away scores 0.
 * - sharpness: edge steepness on a grey copy of at most SHARP_SIDE px: at the strongest 5 % of the
 *   Sobel gradients, the median ratio |Laplacian| / |gradient| (about 1 / edge width: a blurred
 *   edge is wider, so the ratio falls whatever the contrast), 100 at SHARP_FULL.
 * - content: whether a sharp subject stands out: the share of the high-frequency energy held by
 *   the sharpest fifth of 16 px blocks of the 512 px grey copy (Datta et al. 2006's low
 *   depth-of-field indicator; Luo and Tang 2008), 0.2 (even) to 0.7 mapped to 0..100. It knows
 *   nothing of what the subject is. (A first version, the saliency held by the most salient tenth
 *   of pixels, ran against the person's ordering at rho -0.43 and was replaced; docs/quality.md.)
 * - total: the weighted mean (TOTAL_WEIGHTS).
 *
 * The constants were set on scikit-image's chelsea and coffee and copies of them blurred, darkened
 * and desaturated on purpose (test/aesthetic.test.ts), not on the photos of the ordering the
 * quality report compares with (test/fixtures/aesthetic-order.json).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { boxMean } from '../body/guided-filter.ts';
import { srgbToLab } from './colour.ts';
import { subsampled } from '../body/segment.ts';
import { parseAestheticParams, type AestheticParams, type AestheticResult } from './aesthetic-params.ts';

/** Long side of the working copy for colour, light and saliency. */
export const WORK_SIDE = 320;
/** Long side of the grey copy for sharpness (edges need more pixels than colour). */
export const SHARP_SIDE = 512;
const VIVID_FULL = 100;
const HARMONY_SPAN = 20;
const PLACEMENT_SPAN = 0.15;
const SHARP_FULL = 0.8;
/** content: energy concentration 0.2 (even) scores 0, 0.7 scores 100; blocks of 16 px on the 512 px copy. */
const CONTENT_LOW = 0.2;
const CONTENT_HIGH = 0.7;
const ENERGY_BLOCK = 16;
export const TOTAL_WEIGHTS = {
  content: 0.2,
  light: 0.2,
  colour_vividness: 0.15,
  colour_harmony: 0.1,
  balance: 0.1,
  sharpness: 0.25,
} as const;

export type AestheticScores = { [K in keyof typeof TOTAL_WEIGHTS | 'total']: number };

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Percentile q (0..1) of a histogram of `bins` equal bins over 0..top. */
function histogramQuantile(hist: Uint32Array, n: number, q: number, top: number): number {
  let acc = 0;
  for (let v = 0; v < hist.length; v++) {
    acc += hist[v]!;
    if (acc >= q * n) return ((v + 0.5) * top) / hist.length;
  }
  return top;
}

/** light (exposure, range, clipping of L*) and colour_vividness (Hasler-Süsstrunk), 0..1 each. */
function lightAndColour(work: RgbPixels, L: Float32Array): { light: number; vividness: number } {
  const n = L.length;
  const hist = new Uint32Array(200);
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < n; i++) {
    const l = L[i]!;
    sum += l;
    if (l < 2 || l > 98) clipped++;
    hist[Math.min(199, Math.max(0, Math.floor(l * 2)))]! += 1;
  }
  const mean = sum / n;
  const range = histogramQuantile(hist, n, 0.98, 100) - histogramQuantile(hist, n, 0.02, 100);
  // Mid-grey mean is best, 40 L* off (10 or 90) is none; 80 L* of range is full; 20 % clipped is none.
  const light =
    0.45 * clamp01(1 - Math.abs(mean - 50) / 40) +
    0.4 * clamp01(range / 80) +
    0.15 * clamp01(1 - clipped / n / 0.2);

  const d = work.data;
  let sRg = 0;
  let sYb = 0;
  let sRg2 = 0;
  let sYb2 = 0;
  for (let i = 0; i < n; i++) {
    const r = d[3 * i]!;
    const g = d[3 * i + 1]!;
    const rg = r - g;
    const yb = 0.5 * (r + g) - d[3 * i + 2]!;
    sRg += rg;
    sYb += yb;
    sRg2 += rg * rg;
    sYb2 += yb * yb;
  }
  const mRg = sRg / n;
  const mYb = sYb / n;
  const sdRg = Math.sqrt(Math.max(0, sRg2 / n - mRg * mRg));
  const sdYb = Math.sqrt(Math.max(0, sYb2 / n - mYb * mYb));
  const M = Math.hypot(sdRg, sdYb) + 0.3 * Math.hypot(mRg, mYb);
  return { light, vividness: clamp01(M / VIVID_FULL) };
}

/** Hue templates of Cohen-Or et al. 2006 as sectors [centre offset, width] in degrees (T left out). */
const TEMPLATES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[0, 18]], // i
  [[0, 93.6]], // V
  [
    [0, 18],
    [90, 79.2],
  ], // L
  [
    [0, 18],
    [180, 18],
  ], // I
  [
    [0, 93.6],
    [180, 18],
  ], // Y
  [
    [0, 93.6],
    [180, 93.6],
  ], // X
];
const HUE_BINS = 72;

/** Mean saturation-weighted arc distance (degrees per pixel) of the hues to the best template. */
export function harmonyDistance(work: RgbPixels): number {
  const d = work.data;
  const n = work.width * work.height;
  const hist = new Float64Array(HUE_BINS);
  for (let i = 0; i < n; i++) {
    const r = d[3 * i]!;
    const g = d[3 * i + 1]!;
    const b = d[3 * i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max === min) continue;
    const c = max - min;
    let h = max === r ? (g - b) / c : max === g ? 2 + (b - r) / c : 4 + (r - g) / c;
    h = (h * 60 + 360) % 360;
    hist[Math.min(HUE_BINS - 1, Math.floor((h / 360) * HUE_BINS))]! += c / max;
  }
  let best = Infinity;
  for (const template of TEMPLATES) {
    for (let alpha = 0; alpha < 360; alpha += 360 / HUE_BINS) {
      let charge = 0;
      for (let k = 0; k < HUE_BINS; k++) {
        const w = hist[k]!;
        if (w === 0) continue;
        const hue = ((k + 0.5) * 360) / HUE_BINS;
        let dist = Infinity;
        for (const [offset, width] of template) {
          const arc = Math.abs(((hue - alpha - offset + 540) % 360) - 180);
          dist = Math.min(dist, Math.max(0, arc - width / 2));
        }
        charge += w * dist;
        if (charge >= best * n) break;
      }
      best = Math.min(best, charge / n);
    }
  }
  return best;
}

/** Frequency-tuned saliency (Achanta et al. 2009) of the working copy's Lab planes. */
export function saliency(
  L: Float32Array,
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
): Float32Array {
  const n = w * h;
  let mL = 0;
  let mA = 0;
  let mB = 0;
  for (let i = 0; i < n; i++) {
    mL += L[i]!;
    mA += a[i]!;
    mB += b[i]!;
  }
  mL /= n;
  mA /= n;
  mB /= n;
  // Two 3 x 3 box means: a small binomial blur, as the paper's 5 x 5 Gaussian.
  const blur = (p: Float32Array) => boxMean(boxMean(p, w, h, 1), w, h, 1);
  const bL = blur(L);
  const bA = blur(a);
  const bB = blur(b);
  const s = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const dL = bL[i]! - mL;
    const dA = bA[i]! - mA;
    const dB = bB[i]! - mB;
    s[i] = Math.sqrt(dL * dL + dA * dA + dB * dB);
  }
  return s;
}

/** balance from the saliency map, 0..1. */
function balanceOf(s: Float32Array, w: number, h: number): number {
  let total = 0;
  let left = 0;
  let cx = 0;
  let cy = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = s[y * w + x]!;
      total += v;
      if (x < w / 2) left += v;
      cx += v * (x + 0.5);
      cy += v * (y + 0.5);
    }
  }
  if (total === 0) return 1;
  cx /= total * w;
  cy /= total * h;
  const symmetry = 1 - Math.abs(2 * left - total) / total;
  let nearest = Math.hypot(cx - 0.5, cy - 0.5);
  for (const tx of [1 / 3, 2 / 3])
    for (const ty of [1 / 3, 2 / 3]) nearest = Math.min(nearest, Math.hypot(cx - tx, cy - ty));
  const placement = clamp01(1 - nearest / PLACEMENT_SPAN);
  return 0.5 * symmetry + 0.5 * placement;
}

/**
 * Of a grey copy: edge steepness (median |Laplacian| / |gradient| at the strongest 5 % of
 * gradients) and each pixel's |Laplacian| (its high-frequency energy; 0 on the border).
 */
export function edgeMeasures(grey: RgbPixels): { steepness: number; energy: Float32Array } {
  const { width: w, height: h, data } = grey;
  const energy = new Float32Array(w * h);
  const Y = new Float32Array(w * h);
  for (let i = 0; i < Y.length; i++)
    Y[i] = 0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!;
  const grads: number[] = [];
  const ratios: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        Y[i - w + 1]! + 2 * Y[i + 1]! + Y[i + w + 1]! - Y[i - w - 1]! - 2 * Y[i - 1]! - Y[i + w - 1]!;
      const gy =
        Y[i + w - 1]! + 2 * Y[i + w]! + Y[i + w + 1]! - Y[i - w - 1]! - 2 * Y[i - w]! - Y[i - w + 1]!;
      const g = Math.sqrt(gx * gx + gy * gy) / 8;
      const lap = Math.abs(Y[i - 1]! + Y[i + 1]! + Y[i - w]! + Y[i + w]! - 4 * Y[i]!);
      energy[i] = lap;
      grads.push(g);
      ratios.push(lap / Math.max(g, 1e-3));
    }
  }
  const order = Float32Array.from(grads).sort();
  const threshold = Math.max(2, order[Math.floor(0.95 * order.length)]!);
  const strong: number[] = [];
  for (let k = 0; k < grads.length; k++) if (grads[k]! >= threshold) strong.push(ratios[k]!);
  if (strong.length === 0) return { steepness: 0, energy };
  strong.sort((p, q) => p - q);
  return { steepness: strong[strong.length >> 1]!, energy };
}

/**
 * Share of the photo's high-frequency energy (|Laplacian|) held by its sharpest fifth of
 * ENERGY_BLOCK-px blocks: near 0.2 when sharpness is spread evenly (every block alike), higher when
 * a sharp subject stands on a soft or plain ground (the low depth-of-field indicator of R. Datta,
 * D. Joshi, J. Li, J. Z. Wang, "Studying aesthetics in photographic images using a computational
 * approach", ECCV 2006, and the sharp-subject idea of Y. Luo, X. Tang, "Photo and video quality
 * evaluation: focusing on the subject", ECCV 2008).
 */
export function energyConcentration(energy: Float32Array, w: number, h: number): number {
  const bw = Math.ceil(w / ENERGY_BLOCK);
  const bh = Math.ceil(h / ENERGY_BLOCK);
  const blocks = new Float64Array(bw * bh);
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / ENERGY_BLOCK) * bw;
    for (let x = 0; x < w; x++) blocks[row + Math.floor(x / ENERGY_BLOCK)]! += energy[y * w + x]!;
  }
  const sorted = Array.from(blocks).sort((p, q) => q - p);
  let total = 0;
  let top = 0;
  const fifth = Math.ceil(0.2 * sorted.length);
  for (let k = 0; k < sorted.length; k++) {
    total += sorted[k]!;
    if (k < fifth) top += sorted[k]!;
  }
  return total > 0 ? top / total : 0;
}

/** The six measures and the total, 0..100 (one decimal). */
export async function aestheticScores(image: RgbPixels): Promise<AestheticScores> {
  const work = await subsampled(image, WORK_SIDE);
  const { width: w, height: h } = work;
  const n = w * h;
  const L = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const lab = srgbToLab(work.data[3 * i]!, work.data[3 * i + 1]!, work.data[3 * i + 2]!);
    L[i] = lab[0];
    a[i] = lab[1];
    b[i] = lab[2];
  }
  const { light, vividness } = lightAndColour(work, L);
  const harmony = clamp01(1 - harmonyDistance(work) / HARMONY_SPAN);
  const balance = balanceOf(saliency(L, a, b, w, h), w, h);
  const grey = await subsampled(image, SHARP_SIDE);
  const edges = edgeMeasures(grey);
  const sharpness = clamp01(edges.steepness / SHARP_FULL);
  const concentration = energyConcentration(edges.energy, grey.width, grey.height);
  const content = clamp01((concentration - CONTENT_LOW) / (CONTENT_HIGH - CONTENT_LOW));
  const parts = {
    content,
    light,
    colour_vividness: vividness,
    colour_harmony: harmony,
    balance,
    sharpness,
  };
  let total = 0;
  for (const [k, weight] of Object.entries(TOTAL_WEIGHTS)) total += weight * parts[k as keyof typeof parts];
  const score = (v: number) => Math.round(v * 1000) / 10;
  return {
    content: score(content),
    light: score(light),
    colour_vividness: score(vividness),
    colour_harmony: score(harmony),
    balance: score(balance),
    sharpness: score(sharpness),
    total: score(total),
  };
}

async function run(image: DecodedImage, _params: AestheticParams): Promise<AestheticResult> {
  const s = await aestheticScores(image);
  const value = (v: number) => ({ value: v });
  return {
    image_width: image.width,
    image_height: image.height,
    photo_num: 1,
    photos: [
      {
        photo_rectangle: { left: 0, top: 0, width: image.width, height: image.height },
        score: 1,
        attributes: {
          content: value(s.content),
          light: value(s.light),
          colour_vividness: value(s.colour_vividness),
          colour_harmony: value(s.colour_harmony),
          balance: value(s.balance),
          sharpness: value(s.sharpness),
          total: value(s.total),
        },
      },
    ],
  };
}

export const aesthetic: Algorithm<AestheticParams, AestheticResult, null> = {
  task: 'aesthetic',
  decode: {},
  parseParams: parseAestheticParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

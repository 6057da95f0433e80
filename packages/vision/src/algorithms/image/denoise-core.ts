/**
 * The denoising method shared by v2/denoise and test/AIDenoise, in plain TypeScript on typed
 * arrays.
 *
 * 1. Colour: the photo goes to an orthonormal opponent space (Y = (R+G+B)/sqrt3,
 *    C1 = (R-B)/sqrt2, C2 = (R-2G+B)/sqrt6). Being orthonormal, it keeps independent noise of
 *    standard deviation sigma on R, G, B at sigma on each channel, so one threshold serves all
 *    three (as in Dabov et al.'s colour BM3D and Yu and Sapiro's DCT denoising).
 * 2. Noise level: Immerkaer's estimator (J. Immerkaer, "Fast Noise Variance Estimation", CVIU
 *    64(2), 1996): sigma = sqrt(pi/2) / (6 (W-2)(H-2)) * sum |I * N|, N the 3x3 mask
 *    [1 -2 1; -2 4 -2; 1 -2 1], which cancels smooth image structure. Edges leak into that sum,
 *    so, after S.-C. Tai and S.-M. Yang ("A fast method for image noise estimation using
 *    Laplacian operator and adaptive edge detection", ISCCSP 2008), only the pixels whose Sobel
 *    gradient is below the 90th percentile count.
 * 3. Denoising: sliding-window DCT thresholding (G. Yu, G. Sapiro, "DCT image denoising: a simple
 *    and effective image denoising algorithm", IPOL 2011): every 8x8 block at a step of DCT_STEP
 *    px is taken to the 2-D DCT, its coefficients below 3 sigma are set to zero (the block's
 *    mean is kept), it is transformed back, and each pixel is the average of the blocks that
 *    cover it. The same thresholding on blocks that straddle the 8x8 grid of a JPEG also removes
 *    its block edges and ringing (A. Nosratinia, "Enhancement of JPEG-compressed images by
 *    re-application of JPEG", 2001): there the level comes from the block-edge measure below.
 */
import { resampleMap } from '../../image/resize.ts';

/** Three planar float channels (0..255 scale). */
export interface Planes {
  width: number;
  height: number;
  c: [Float32Array, Float32Array, Float32Array];
}

const S3 = 1 / Math.sqrt(3);
const S2 = 1 / Math.sqrt(2);
const S6 = 1 / Math.sqrt(6);

/** Packed RGB -> opponent planes (Y, C1, C2). */
export function toOpponent(rgb: Uint8Array, width: number, height: number): Planes {
  const n = width * height;
  const y = new Float32Array(n);
  const c1 = new Float32Array(n);
  const c2 = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = rgb[j]!;
    const g = rgb[j + 1]!;
    const b = rgb[j + 2]!;
    y[i] = (r + g + b) * S3;
    c1[i] = (r - b) * S2;
    c2[i] = (r - 2 * g + b) * S6;
  }
  return { width, height, c: [y, c1, c2] };
}

/** Opponent planes -> packed RGB, rounded and clamped. */
export function fromOpponent(p: Planes): Buffer {
  const [y, c1, c2] = p.c;
  const n = p.width * p.height;
  const out = Buffer.alloc(n * 3);
  const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const a = y[i]! * S3;
    out[j] = clamp(a + c1[i]! * S2 + c2[i]! * S6);
    out[j + 1] = clamp(a - 2 * c2[i]! * S6);
    out[j + 2] = clamp(a - c1[i]! * S2 + c2[i]! * S6);
  }
  return out;
}

/** Immerkaer's noise sigma of one channel, edge pixels left out (see the file comment). */
export function estimateNoise(ch: Float32Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  const lap = new Float32Array((width - 2) * (height - 2));
  const grad = new Float32Array(lap.length);
  let k = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++, k++) {
      const i = y * width + x;
      const a = ch[i - width - 1]!;
      const b = ch[i - width]!;
      const c = ch[i - width + 1]!;
      const d = ch[i - 1]!;
      const e = ch[i]!;
      const f = ch[i + 1]!;
      const g = ch[i + width - 1]!;
      const h = ch[i + width]!;
      const m = ch[i + width + 1]!;
      lap[k] = Math.abs(a + c + g + m - 2 * (b + d + f + h) + 4 * e);
      grad[k] = Math.abs(c + 2 * f + m - a - 2 * d - g) + Math.abs(g + 2 * h + m - a - 2 * b - c);
    }
  }
  const limit = quantile(grad, 0.9);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < lap.length; i++) {
    if (grad[i]! <= limit) {
      sum += lap[i]!;
      count++;
    }
  }
  return count ? (Math.sqrt(Math.PI / 2) * sum) / (6 * count) : 0;
}

/** The q-quantile of the values (a sampled sort: at most 65,536 values are sorted). */
function quantile(values: Float32Array, q: number): number {
  const step = Math.max(1, Math.floor(values.length / 65536));
  const sample = new Float32Array(Math.ceil(values.length / step));
  for (let i = 0, j = 0; i < values.length; i += step, j++) sample[j] = values[i]!;
  sample.sort();
  return sample[Math.min(sample.length - 1, Math.floor(q * sample.length))]!;
}

/**
 * Blockiness of a JPEG: the mean absolute step across the 8-px grid's column and row boundaries
 * less the mean step between the pixels beside them (0 when the grid leaves no mark), on the
 * luma channel, 0..255 scale.
 */
export function blockiness(ch: Float32Array, width: number, height: number): number {
  let across = 0;
  let beside = 0;
  let n = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 8; x + 1 < width; x += 8) {
      across += Math.abs(ch[row + x]! - ch[row + x - 1]!);
      beside +=
        (Math.abs(ch[row + x - 1]! - ch[row + x - 2]!) + Math.abs(ch[row + x + 1]! - ch[row + x]!)) / 2;
      n++;
    }
  }
  for (let y = 8; y + 1 < height; y += 8) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      across += Math.abs(ch[i]! - ch[i - width]!);
      beside += (Math.abs(ch[i - width]! - ch[i - 2 * width]!) + Math.abs(ch[i + width]! - ch[i]!)) / 2;
      n++;
    }
  }
  return n ? Math.max(0, (across - beside) / n) : 0;
}

/**
 * The orthonormal 8-point DCT-II by its even-odd split: with s_i = x_i + x_{7-i} and
 * d_i = x_i - x_{7-i}, the even coefficients are a 4x4 transform of s and the odd ones of d (half
 * the multiplications of the 8x8 matrix). `E` and `O` hold those 4x4 matrices, row = frequency.
 */
const E = new Float64Array(16);
const O = new Float64Array(16);
for (let k = 0; k < 4; k++) {
  for (let i = 0; i < 4; i++) {
    const c = (u: number) =>
      (u === 0 ? Math.sqrt(1 / 8) : Math.sqrt(2 / 8)) * Math.cos(((2 * i + 1) * u * Math.PI) / 16);
    E[k * 4 + i] = c(2 * k);
    O[k * 4 + i] = c(2 * k + 1);
  }
}

/** The matrices' entries as constants (E12: row 1, column 2), for the straight-line transforms below. */
const E00 = E[0]!;
const E01 = E[1]!;
const E02 = E[2]!;
const E03 = E[3]!;
const E10 = E[4]!;
const E11 = E[5]!;
const E12 = E[6]!;
const E13 = E[7]!;
const E20 = E[8]!;
const E21 = E[9]!;
const E22 = E[10]!;
const E23 = E[11]!;
const E30 = E[12]!;
const E31 = E[13]!;
const E32 = E[14]!;
const E33 = E[15]!;
const O00 = O[0]!;
const O01 = O[1]!;
const O02 = O[2]!;
const O03 = O[3]!;
const O10 = O[4]!;
const O11 = O[5]!;
const O12 = O[6]!;
const O13 = O[7]!;
const O20 = O[8]!;
const O21 = O[9]!;
const O22 = O[10]!;
const O23 = O[11]!;
const O30 = O[12]!;
const O31 = O[13]!;
const O32 = O[14]!;
const O33 = O[15]!;

/** In-place DCT of the 8 values at a[o], a[o + st], ..., a[o + 7 st]. */
function dct8(a: Float32Array, o: number, st: number): void {
  const x0 = a[o]!,
    x1 = a[o + st]!,
    x2 = a[o + 2 * st]!,
    x3 = a[o + 3 * st]!;
  const x4 = a[o + 4 * st]!,
    x5 = a[o + 5 * st]!,
    x6 = a[o + 6 * st]!,
    x7 = a[o + 7 * st]!;
  const s0 = x0 + x7,
    s1 = x1 + x6,
    s2 = x2 + x5,
    s3 = x3 + x4;
  const d0 = x0 - x7,
    d1 = x1 - x6,
    d2 = x2 - x5,
    d3 = x3 - x4;
  a[o + 0 * st] = E00 * s0 + E01 * s1 + E02 * s2 + E03 * s3;
  a[o + 1 * st] = O00 * d0 + O01 * d1 + O02 * d2 + O03 * d3;
  a[o + 2 * st] = E10 * s0 + E11 * s1 + E12 * s2 + E13 * s3;
  a[o + 3 * st] = O10 * d0 + O11 * d1 + O12 * d2 + O13 * d3;
  a[o + 4 * st] = E20 * s0 + E21 * s1 + E22 * s2 + E23 * s3;
  a[o + 5 * st] = O20 * d0 + O21 * d1 + O22 * d2 + O23 * d3;
  a[o + 6 * st] = E30 * s0 + E31 * s1 + E32 * s2 + E33 * s3;
  a[o + 7 * st] = O30 * d0 + O31 * d1 + O32 * d2 + O33 * d3;
}

/** In-place inverse of dct8. */
function idct8(a: Float32Array, o: number, st: number): void {
  const e0 = a[o]!,
    e1 = a[o + 2 * st]!,
    e2 = a[o + 4 * st]!,
    e3 = a[o + 6 * st]!;
  const q0 = a[o + st]!,
    q1 = a[o + 3 * st]!,
    q2 = a[o + 5 * st]!,
    q3 = a[o + 7 * st]!;
  const s0 = E00 * e0 + E10 * e1 + E20 * e2 + E30 * e3;
  const d0 = O00 * q0 + O10 * q1 + O20 * q2 + O30 * q3;
  const s1 = E01 * e0 + E11 * e1 + E21 * e2 + E31 * e3;
  const d1 = O01 * q0 + O11 * q1 + O21 * q2 + O31 * q3;
  const s2 = E02 * e0 + E12 * e1 + E22 * e2 + E32 * e3;
  const d2 = O02 * q0 + O12 * q1 + O22 * q2 + O32 * q3;
  const s3 = E03 * e0 + E13 * e1 + E23 * e2 + E33 * e3;
  const d3 = O03 * q0 + O13 * q1 + O23 * q2 + O33 * q3;
  a[o + 0 * st] = s0 + d0;
  a[o + 7 * st] = s0 - d0;
  a[o + 1 * st] = s1 + d1;
  a[o + 6 * st] = s1 - d1;
  a[o + 2 * st] = s2 + d2;
  a[o + 5 * st] = s2 - d2;
  a[o + 3 * st] = s3 + d3;
  a[o + 4 * st] = s3 - d3;
}

/** Block origins along a side of `n` px: every `step` px, and the last block flush with the edge. */
function origins(n: number, step: number): number[] {
  const out: number[] = [];
  for (let p = 0; p + 8 <= n; p += step) out.push(p);
  if (out.length === 0 || out[out.length - 1]! !== n - 8) out.push(n - 8);
  return out;
}

/**
 * Sliding-window DCT hard thresholding of one channel at `threshold` (3 sigma), block step
 * `step`; returns a new channel. Images smaller than 8 px a side are returned unchanged.
 *
 * The work is arranged so that each block costs less than two full 2-D transforms, with the same
 * arithmetic on the same Float32 values as transforming every block on its own (the result is
 * bit for bit the same):
 *  - the 2-D DCT is separable (rows, then columns), and a block's row transforms are those of
 *    the 8-px row segments it covers, which the blocks above and below at a step of 3 share: each
 *    segment is transformed once, into a ring of the last 8 image rows;
 *  - a column whose coefficients are all below the threshold is all zeros and stays all zeros
 *    through the inverse column transform, so only columns with a kept coefficient are inverted
 *    (in smooth regions often only the mean's column).
 */
export function dctDenoise(
  ch: Float32Array,
  width: number,
  height: number,
  threshold: number,
  step: number,
): Float32Array {
  if (width < 8 || height < 8 || threshold <= 0) return Float32Array.from(ch);
  const acc = new Float32Array(ch.length);
  const weight = new Float32Array(ch.length);
  const b = new Float32Array(64);
  const xs = origins(width, step);
  const segments = xs.length * 8;
  // ring[(y % 8) * segments + 8 * k + j]: coefficient j of the row DCT of row y at xs[k].
  const ring = new Float32Array(8 * segments);
  const ringRow = new Int32Array(8).fill(-1);
  const live = new Uint8Array(8);
  for (const y0 of origins(height, step)) {
    for (let i = 0; i < 8; i++) {
      const y = y0 + i;
      const slot = y & 7;
      if (ringRow[slot] === y) continue;
      ringRow[slot] = y;
      const base = slot * segments;
      for (let k = 0; k < xs.length; k++) {
        const o = base + 8 * k;
        const src = y * width + xs[k]!;
        for (let j = 0; j < 8; j++) ring[o + j] = ch[src + j]!;
        dct8(ring, o, 1);
      }
    }
    for (let k = 0; k < xs.length; k++) {
      const x0 = xs[k]!;
      for (let i = 0; i < 8; i++) {
        const o = ((y0 + i) & 7) * segments + 8 * k;
        for (let j = 0; j < 8; j++) b[i * 8 + j] = ring[o + j]!;
      }
      for (let j = 0; j < 8; j++) dct8(b, j, 8);
      // The block's mean (b[0]) is always kept.
      let kept = 1;
      live.fill(0);
      live[0] = 1;
      for (let q = 1; q < 64; q++) {
        if (Math.abs(b[q]!) < threshold) b[q] = 0;
        else {
          kept++;
          live[q & 7] = 1;
        }
      }
      for (let j = 0; j < 8; j++) if (live[j] === 1) idct8(b, j, 8);
      for (let i = 0; i < 8; i++) idct8(b, i * 8, 1);
      // Sparser blocks are trusted more (Guleryuz's weighting, as in BM3D's aggregation).
      const w = 1 / kept;
      for (let i = 0; i < 8; i++) {
        const row = (y0 + i) * width + x0;
        for (let j = 0; j < 8; j++) {
          acc[row + j]! += w * b[i * 8 + j]!;
          weight[row + j]! += w;
        }
      }
    }
  }
  for (let i = 0; i < acc.length; i++) acc[i] = acc[i]! / weight[i]!;
  return acc;
}

/** Block step of the luma: every 3 px (step 2 measured ~0.3 dB better at 2.25 times the work). */
export const DCT_STEP = 3;
/**
 * The method's two constants, tuned on the tuning photos only (scripts/measure-restore.ts
 * `denoise tune`; reported on other photos in docs/quality.md): the threshold in noise sigmas
 * (Yu and Sapiro's 3 for a known sigma; the estimate is high on textured photos), and the noise
 * level that removes a JPEG's artefacts per unit of blockiness.
 */
export const DENOISE_TUNING = { thresholdSigmas: 2.4, levelPerBlockiness: 2.5 };

/** 2x2 box average (odd last row / column averaged with itself). */
function half(ch: Float32Array, width: number, height: number) {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = 2 * y;
    const y1 = Math.min(height - 1, y0 + 1);
    for (let x = 0; x < w; x++) {
      const x0 = 2 * x;
      const x1 = Math.min(width - 1, x0 + 1);
      out[y * w + x] =
        (ch[y0 * width + x0]! + ch[y0 * width + x1]! + ch[y1 * width + x0]! + ch[y1 * width + x1]!) / 4;
    }
  }
  return { ch: out, width: w, height: h };
}

/**
 * Denoises opponent planes in place for noise of standard deviation `sigma` per RGB value: the
 * luma at full size; the two colour channels at half size, where averaging 2x2 pixels has
 * already halved their noise (sigma / 2), then enlarged back (bilinear). Colour detail finer than
 * 2 px is lost, as in JPEG's own 4:2:0 colour subsampling; the work is about 1.5 channels
 * instead of 3.
 */
export function denoisePlanes(
  p: Planes,
  sigma: number,
  thresholdSigmas = DENOISE_TUNING.thresholdSigmas,
): void {
  if (sigma <= 0) return;
  const { width: W, height: H } = p;
  p.c[0] = dctDenoise(p.c[0], W, H, thresholdSigmas * sigma, DCT_STEP);
  for (const k of [1, 2] as const) {
    const h = half(p.c[k], W, H);
    const d = dctDenoise(h.ch, h.width, h.height, (thresholdSigmas * sigma) / 2, DCT_STEP);
    p.c[k] = resampleMap(d, h.width, h.height, W, H);
  }
}

/** What the automatic level was made of, and the level applied (sigma, 0..255 units). */
export interface DenoiseLevels {
  /** Immerkaer's noise sigma of the luma (edges left out). */
  noise: number;
  /** The JPEG block-edge measure of the luma. */
  blockiness: number;
  /** The level removed: the client's, or sqrt(noise^2 + (levelPerBlockiness x blockiness)^2). */
  level: number;
}

/**
 * Denoises packed RGB: the level is `override` when given, else measured on the photo. The
 * opponent luma is sqrt3 times the mean of R, G, B, and its noise sigma equals that of R, G, B
 * (orthonormal transform), so the measured level is in RGB units.
 */
export function denoiseRgb(
  rgb: Uint8Array,
  width: number,
  height: number,
  override?: number,
  tuning = DENOISE_TUNING,
): { data: Buffer; levels: DenoiseLevels } {
  const planes = toOpponent(rgb, width, height);
  const noise = estimateNoise(planes.c[0], width, height);
  // Blockiness is measured on the luma scaled back to 0..255.
  const block = blockiness(planes.c[0], width, height) / Math.sqrt(3);
  const level = override ?? Math.hypot(noise, tuning.levelPerBlockiness * block);
  denoisePlanes(planes, level, tuning.thresholdSigmas);
  return { data: fromOpponent(planes), levels: { noise, blockiness: block, level } };
}

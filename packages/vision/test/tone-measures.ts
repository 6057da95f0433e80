/**
 * Measures of the tone tasks (filter, hdr, night), shared by their tests and by
 * scripts/measure-tone.ts, whose figures docs/quality.md reports:
 *
 *  - darken(): a clean photo made into a low-light one on purpose (gamma, scale, Poisson photon
 *    noise and Gaussian read noise, seeded);
 *  - psnr() on RGB and ssim() on luma (Z. Wang, A. Bovik, H. Sheikh, E. Simoncelli, "Image quality
 *    assessment: from error visibility to structural similarity", IEEE TIP 13(4), 2004: 11 x 11
 *    Gaussian window, sigma 1.5, K1 0.01, K2 0.03, L 255);
 *  - lightness() (CIELAB L* per pixel), shadowMean(), clippedShare() and haloOvershoot() for HDR.
 */
import { SRGB_TO_LINEAR } from '../src/algorithms/image/colour.ts';
import { rng } from '../src/algorithms/image/npr.ts';

/** Seeded uniform random numbers in [0, 1) (mulberry32, the engine's own: npr.ts rng). */
export const random = rng;

/** How a clean photo is darkened (defaults: the figures of docs/quality.md). */
export const DARKEN = {
  /** Code values x -> scale x^gamma (x in 0..1). */
  gamma: 1.8,
  scale: 0.25,
  /** Photons collected at full white: Poisson noise of that count. */
  photons: 400,
  /** Gaussian read noise, 8-bit levels. */
  readNoise: 1.5,
} as const;

/** A low-light version of packed RGB `clean`: gamma and scale, then Poisson and read noise, seeded. */
export function darken(clean: Uint8Array, seed = 1, d = DARKEN): Uint8Array {
  const rnd = random(seed);
  const gauss = () => {
    const u = Math.max(1e-12, rnd());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
  };
  const poisson = (lambda: number) => {
    // Knuth's method for small means, the normal approximation above 30.
    if (lambda > 30) return Math.max(0, lambda + Math.sqrt(lambda) * gauss());
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = rnd();
    while (p > limit) {
      k++;
      p *= rnd();
    }
    return k;
  };
  const out = new Uint8Array(clean.length);
  for (let i = 0; i < clean.length; i++) {
    const x = d.scale * (clean[i]! / 255) ** d.gamma;
    const v = (poisson(x * d.photons) / d.photons) * 255 + d.readNoise * gauss();
    out[i] = Math.min(255, Math.max(0, Math.round(v)));
  }
  return out;
}

// PSNR and SSIM: the restoration tasks' measures (src/image/metrics.ts), one implementation.
export { psnr, ssim } from '../src/image/metrics.ts';

/** BT.601 luma of packed RGB, 0..255. */
export function luma(rgb: Uint8Array): Float32Array {
  const n = rgb.length / 3;
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) y[i] = 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;
  return y;
}

/** CIELAB L* (0..100) of each pixel of packed sRGB. */
export function lightness(rgb: Uint8Array): Float32Array {
  const n = rgb.length / 3;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const Y =
      0.2126 * SRGB_TO_LINEAR[rgb[3 * i]!]! +
      0.7152 * SRGB_TO_LINEAR[rgb[3 * i + 1]!]! +
      0.0722 * SRGB_TO_LINEAR[rgb[3 * i + 2]!]!;
    out[i] = Y > 216 / 24389 ? 116 * Math.cbrt(Y) - 16 : (24389 / 27) * Y;
  }
  return out;
}

/** Mean L* of the output over the pixels that are the darkest `share` of the input (its shadows). */
export function shadowMean(input: Float32Array, output: Float32Array, share = 0.2): number {
  const order = Array.from(input.keys()).sort((i, j) => input[i]! - input[j]!);
  const dark = order.slice(0, Math.max(1, Math.floor(order.length * share)));
  return dark.reduce((s, i) => s + output[i]!, 0) / dark.length;
}

/** Share of the pixels with a channel at 250 or more (clipped highlights). */
export function clippedShare(rgb: Uint8Array): number {
  let clipped = 0;
  for (let i = 0; i < rgb.length; i += 3)
    if (rgb[i]! >= 250 || rgb[i + 1]! >= 250 || rgb[i + 2]! >= 250) clipped++;
  return clipped / (rgb.length / 3);
}

/**
 * Halo next to strong edges, in L* units. Strong edges: the 1 % of pixels with the largest L*
 * gradient (Sobel, at least 8 L* per pixel), at least `reach` pixels from the border. The global
 * part of the operator is taken out first: g(L) = the mean output L* of the pixels whose input L*
 * rounds to L, and each pixel's residual is out - g(in) (what the operator did locally). Across
 * each edge (along its gradient) the residual is read on each side at 2-4 px (near) and at
 * reach - 2 .. reach px (far); a halo is a band along the edge treated differently from the rest
 * of its side (a glow on the bright side, a dark band on the dark side):
 *   | residual_near - residual_far | per side,
 * the mean over edges and both sides. A global tone curve scores 0; a base layer blurred across
 * edges scores high.
 */
export function haloOvershoot(
  input: Float32Array,
  output: Float32Array,
  w: number,
  h: number,
  reach: number,
): number {
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mags: number[] = [];
  for (let y = reach; y < h - reach; y++) {
    for (let x = reach; x < w - reach; x++) {
      const i = y * w + x;
      const L = (dx: number, dy: number) => input[i + dy * w + dx]!;
      const sx = L(1, -1) + 2 * L(1, 0) + L(1, 1) - L(-1, -1) - 2 * L(-1, 0) - L(-1, 1);
      const sy = L(-1, 1) + 2 * L(0, 1) + L(1, 1) - L(-1, -1) - 2 * L(0, -1) - L(1, -1);
      gx[i] = sx / 8;
      gy[i] = sy / 8;
      mags.push(Math.hypot(sx, sy) / 8);
    }
  }
  if (mags.length === 0) return 0;
  const sorted = Float32Array.from(mags).sort();
  const threshold = Math.max(8, sorted[Math.floor(sorted.length * 0.99)]!);
  // The operator's global tone curve, and each pixel's residual from it.
  const sum = new Float64Array(101);
  const cnt = new Float64Array(101);
  for (let i = 0; i < input.length; i++) {
    const k = Math.max(0, Math.min(100, Math.round(input[i]!)));
    sum[k]! += output[i]!;
    cnt[k]! += 1;
  }
  const residual = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const k = Math.max(0, Math.min(100, Math.round(input[i]!)));
    residual[i] = output[i]! - sum[k]! / cnt[k]!;
  }
  const near = [2, 3, 4];
  const far = [reach - 2, reach - 1, reach];
  let total = 0;
  let count = 0;
  for (let y = reach; y < h - reach; y++) {
    for (let x = reach; x < w - reach; x++) {
      const i = y * w + x;
      const m = Math.hypot(gx[i]!, gy[i]!);
      if (m < threshold) continue;
      const ux = gx[i]! / m;
      const uy = gy[i]! / m;
      const at = (img: Float32Array, d: number) => img[Math.round(y + uy * d) * w + Math.round(x + ux * d)]!;
      const mean = (img: Float32Array, ds: number[], sign: number) =>
        ds.reduce((s, d) => s + at(img, sign * d), 0) / ds.length;
      for (const side of [-1, 1]) {
        total += Math.abs(mean(residual, near, side) - mean(residual, far, side));
        count++;
      }
    }
  }
  return total / count;
}

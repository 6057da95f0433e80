/**
 * night (v1/night_denoise, capability 89): low-light enhancement after LIME (X. Guo, Y. Li,
 * H. Ling, "LIME: Low-Light Image Enhancement via Illumination Map Estimation", IEEE TIP 26(2),
 * 2017), with its denoising step, on typed arrays:
 *
 *  1. Illumination: the initial map T^(x) = max over R, G, B (LIME eq. 2), refined by an
 *     edge-preserving smoother. LIME solves a weighted least-squares problem for this; here the
 *     guided filter (guided.ts; He et al. 2013) of T^ under itself plays that part: it keeps the
 *     map's main edges and flattens texture, at a fixed cost per pixel.
 *  2. Enhancement: R = I / max(T^gamma, floor) per channel (LIME eq. 3 with its gamma correction of
 *     T), gamma = NIGHT_RULES.gamma x strength.
 *  3. Denoising where the photo was brightened: the noise of the input (sigma by J. Immerkaer,
 *     "Fast noise variance estimation", CVIU 64(2), 1996) is multiplied by each pixel's gain, so
 *     R is smoothed by a self-guided filter in YCbCr whose eps follows (k sigma gain)^2 (an
 *     edge-preserving smoothing strong where the gain is high, light where it is low), and the
 *     result is recomposed as in LIME (eq. 11): R_f = R T + R_d (1 - T), so well-lit areas keep
 *     their detail. `denoise` scales k.
 *
 * Works on the sRGB values as LIME does (not linear light). Weak where the photo has no light at
 * all (T below the floor: the gain is capped, the area stays dark) and on strong coloured lights
 * (the max-RGB map reads a saturated light as bright, so it is brightened less).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { jpegOf } from './encode.ts';
import { guidedFilterGrey } from './guided.ts';
import { parseNightParams, type NightParams, type NightResult } from './tone-params.ts';

/** Constants of the method. */
export const NIGHT_RULES = {
  /** LIME's gamma on the illumination map at strength 100 (the paper uses 0.8). */
  gamma: 0.8,
  /** Illumination floor: the gain is at most 1 / floor^gamma. */
  floor: 0.04,
  /** Refinement of the map: window radius (fraction of the long side), eps on 0..1 values, subsampling. */
  mapRadius: 0.02,
  mapEps: 0.01,
  mapSub: 4,
  /** Denoising: k of eps = (k sigma gain)^2 at denoise 100, for luma and for chroma; window radii in pixels. */
  lumaK: 2.5,
  chromaK: 5,
  lumaRadius: 2,
  /** Luma's filter is fitted on a copy subsampled by this factor (the fast guided filter), applied at full size. */
  lumaSub: 2,
  chromaRadius: 4,
  /** Chroma varies slowly: its filter is fitted on a copy subsampled by this factor. */
  chromaSub: 4,
  /** Noise floor (8-bit levels): JPEG noise even in a clean photo. */
  minSigma: 1,
} as const;

/**
 * Noise standard deviation of grey `Y` (0..255), J. Immerkaer 1996: mean |Laplacian difference| x
 * sqrt(pi/2) / 6, over every `rowStep`-th row (each term reads its own 3 x 3 neighbourhood, so a
 * subset of rows is an unbiased sample).
 */
export function estimateNoise(Y: Float32Array, w: number, h: number, rowStep = 1): number {
  if (w < 3 || h < 3) return 0;
  let sum = 0;
  let rows = 0;
  for (let y = 1; y < h - 1; y += rowStep) {
    rows++;
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v =
        Y[i - w - 1]! -
        2 * Y[i - w]! +
        Y[i - w + 1]! -
        2 * Y[i - 1]! +
        4 * Y[i]! -
        2 * Y[i + 1]! +
        Y[i + w - 1]! -
        2 * Y[i + w]! +
        Y[i + w + 1]!;
      sum += Math.abs(v);
    }
  }
  return (Math.sqrt(Math.PI / 2) * sum) / (6 * (w - 2) * rows);
}

/** Brightens and denoises packed sRGB pixels in place; returns the noise sigma and the median gain. */
export function enhanceNight(
  rgb: Uint8Array,
  width: number,
  height: number,
  strength: number,
  denoise: number,
): { sigma: number; gain: number } {
  const n = width * height;
  const gamma = NIGHT_RULES.gamma * strength;
  // 1. Illumination map and the input's luma (for the noise estimate).
  const T0 = new Float32Array(n);
  const Y0 = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgb[3 * i]!;
    const g = rgb[3 * i + 1]!;
    const b = rgb[3 * i + 2]!;
    T0[i] = Math.max(r, g, b) / 255;
    Y0[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  const sigma = estimateNoise(Y0, width, height, 2);
  if (gamma <= 0) return { sigma, gain: 1 };
  const radius = Math.max(1, Math.round(NIGHT_RULES.mapRadius * Math.max(width, height)));
  const sub = Math.max(1, Math.min(NIGHT_RULES.mapSub, Math.floor(Math.min(width, height) / 8)));
  const T = guidedFilterGrey(T0, T0, width, height, radius, NIGHT_RULES.mapEps, sub);

  // 2. Enhancement, in YCbCr (BT.601, full range) for the denoising that follows.
  const Y = new Float32Array(n);
  const Cb = new Float32Array(n);
  const Cr = new Float32Array(n);
  const gains = new Float32Array(n);
  const keep = new Float32Array(n);
  // The gain 1 / t^gamma through a table on t in 1/4096 steps (t is a smooth map, the table is exact to 1e-3).
  const STEPS = 4096;
  const gainOf = Float32Array.from(
    { length: STEPS + 1 },
    (_, k) => 1 / Math.max(NIGHT_RULES.floor, k / STEPS) ** gamma,
  );
  for (let i = 0; i < n; i++) {
    const t = Math.min(1, Math.max(NIGHT_RULES.floor, T[i]!));
    const gain = gainOf[Math.round(t * STEPS)]!;
    gains[i] = gain;
    keep[i] = t;
    const r = Math.min(255, rgb[3 * i]! * gain);
    const g = Math.min(255, rgb[3 * i + 1]! * gain);
    const b = Math.min(255, rgb[3 * i + 2]! * gain);
    Y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    Cb[i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    Cr[i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }

  // 3. Denoising scaled by the gain, recomposed through the illumination map.
  let Yd: Float32Array = Y;
  let Cbd: Float32Array = Cb;
  let Crd: Float32Array = Cr;
  if (denoise > 0) {
    // eps = (k x denoise x sigma x gain)^2: the squared gain per pixel, k x denoise x sigma as a scale.
    const s = denoise * Math.max(NIGHT_RULES.minSigma, sigma);
    const gain2 = new Float32Array(n);
    for (let i = 0; i < n; i++) gain2[i] = gains[i]! * gains[i]!;
    const lumaScale = (NIGHT_RULES.lumaK * s) ** 2;
    const chromaScale = (NIGHT_RULES.chromaK * s) ** 2;
    const { lumaRadius, lumaSub, chromaRadius, chromaSub } = NIGHT_RULES;
    Yd = guidedFilterGrey(Y, Y, width, height, lumaRadius, gain2, lumaSub, lumaScale);
    Cbd = guidedFilterGrey(Cb, Cb, width, height, chromaRadius, gain2, chromaSub, chromaScale);
    Crd = guidedFilterGrey(Cr, Cr, width, height, chromaRadius, gain2, chromaSub, chromaScale);
  }
  for (let i = 0; i < n; i++) {
    const t = keep[i]!;
    const y = Y[i]! * t + Yd[i]! * (1 - t);
    const cb = Cb[i]! * t + Cbd[i]! * (1 - t);
    const cr = Cr[i]! * t + Crd[i]! * (1 - t);
    // Uint8Array stores by truncation: +0.5 rounds; the clamp keeps 0..255.
    rgb[3 * i] = Math.min(255, Math.max(0, y + 1.402 * cr + 0.5));
    rgb[3 * i + 1] = Math.min(255, Math.max(0, y - 0.344136 * cb - 0.714136 * cr + 0.5));
    rgb[3 * i + 2] = Math.min(255, Math.max(0, y + 1.772 * cb + 0.5));
  }
  // The median gain, of every 7th pixel.
  const sample = new Float32Array(Math.ceil(n / 7));
  for (let i = 0, k = 0; i < n; i += 7) sample[k++] = gains[i]!;
  sample.sort();
  return { sigma, gain: sample[Math.floor(sample.length / 2)]! };
}

async function run(image: DecodedImage, params: NightParams): Promise<NightResult> {
  const { width, height } = image;
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 3);
  const { sigma, gain } = enhanceNight(pixels, width, height, params.strength / 100, params.denoise / 100);
  return {
    answer: {
      image_width: width,
      image_height: height,
      strength: params.strength,
      denoise: params.denoise,
      noise_sigma: Math.round(sigma * 100) / 100,
      gain: Math.round(gain * 100) / 100,
    },
    images: await jpegOf(pixels, width, height, params.quality),
  };
}

export const night: Algorithm<NightParams, NightResult, null> = {
  task: 'night',
  // Full size: the result is returned at the size it came in.
  decode: {},
  parseParams: parseNightParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

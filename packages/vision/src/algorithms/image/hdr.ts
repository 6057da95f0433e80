/**
 * hdr (v1/hdr, capability 103): local tone mapping of one photo, the base/detail method of
 * F. Durand, J. Dorsey, "Fast bilateral filtering for the display of high-dynamic-range images",
 * SIGGRAPH 2002, with the guided filter (He, Sun, Tang 2013; guided.ts) in place of the bilateral
 * filter as the edge-preserving smoother (He et al. show it for this use, without the bilateral
 * filter's gradient reversal):
 *
 *  1. Log luminance: log2 of the Rec. 709 luminance of the linearised sRGB pixels.
 *  2. Base layer: the guided filter of log luminance under itself (window HDR_RULES.radius of the
 *     long side, eps HDR_RULES.eps in stops^2): large areas and strong edges; the detail layer is
 *     the rest (texture, small edges).
 *  3. Compression of the base only, about its median (the photo's key): below it by
 *     1 - shadows x strength (shadows lifted), above it by 1 - highlights x strength (highlights
 *     pulled in); the detail layer is kept and slightly amplified, so local contrast survives.
 *  4. Each pixel's linear RGB multiplied by the ratio of new to old luminance (hue and saturation
 *     kept), clipped, encoded back to sRGB.
 *
 * Since the base layer follows strong edges (the guided filter's a -> 1 where the local variance
 * is well above eps), compressing it does not brighten the dark side of an edge by the bright
 * side's light: no halo. Where the filter's window straddles a soft edge of about eps's contrast,
 * a faint one can remain: docs/quality.md measures the overshoot next to strong edges.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { encodeLinear, LUMA, SRGB_TO_LINEAR } from './colour.ts';
import { jpegOf } from './encode.ts';
import { guidedFilterGrey } from './guided.ts';
import { parseHdrParams, type HdrParams, type HdrResult } from './tone-params.ts';

/** Constants of the method. */
export const HDR_RULES = {
  /** Filter window radius, fraction of the photo's long side. */
  radius: 0.03,
  /** Regulariser, stops^2: edges whose log-luminance deviation is well above 0.5 stop are kept in the base. */
  eps: 0.25,
  /** The coefficients are fitted on a copy subsampled by this factor (fast guided filter). */
  sub: 4,
  /** At strength 100: the base's range below its median shrinks by this share, above it by `highlights`. */
  shadows: 0.6,
  highlights: 0.4,
  /** At strength 100: the detail layer is amplified by 1 + this. */
  detail: 0.25,
  /** Luminance floor before the log (linear 0..1): a black pixel stays black. */
  floor: 1 / 4096,
} as const;

/** The base layer and the log luminance of packed sRGB pixels (exported for the measurements). */
export function baseLayer(rgb: Uint8Array, width: number, height: number) {
  const n = width * height;
  const logL = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const L =
      LUMA[0] * SRGB_TO_LINEAR[rgb[3 * i]!]! +
      LUMA[1] * SRGB_TO_LINEAR[rgb[3 * i + 1]!]! +
      LUMA[2] * SRGB_TO_LINEAR[rgb[3 * i + 2]!]!;
    logL[i] = Math.log2(L + HDR_RULES.floor);
  }
  const radius = Math.max(1, Math.round(HDR_RULES.radius * Math.max(width, height)));
  const sub = Math.max(1, Math.min(HDR_RULES.sub, Math.floor(Math.min(width, height) / 8)));
  const base = guidedFilterGrey(logL, logL, width, height, radius, HDR_RULES.eps, sub);
  return { logL, base };
}

/** Median of `values` by a 1/64-stop histogram over their range. */
function median(values: Float32Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > lo)) return lo;
  const bins = Math.max(1, Math.ceil((hi - lo) * 64));
  const hist = new Uint32Array(bins + 1);
  for (let i = 0; i < values.length; i++) hist[Math.floor((values[i]! - lo) * 64)]! += 1;
  let acc = 0;
  for (let k = 0; k <= bins; k++) {
    acc += hist[k]!;
    if (acc >= values.length / 2) return lo + (k + 0.5) / 64;
  }
  return hi;
}

/** Tone-maps packed sRGB pixels in place with `strength` 0..1. */
export function toneMap(rgb: Uint8Array, width: number, height: number, strength: number): void {
  if (strength <= 0) return;
  const { logL, base } = baseLayer(rgb, width, height);
  const key = median(base);
  const below = 1 - HDR_RULES.shadows * strength;
  const above = 1 - HDR_RULES.highlights * strength;
  const detail = 1 + HDR_RULES.detail * strength;
  for (let i = 0; i < logL.length; i++) {
    const d = base[i]! - key;
    const newBase = key + d * (d < 0 ? below : above);
    // log2 of the ratio of new to old luminance.
    const ratio = 2 ** (newBase + detail * (logL[i]! - base[i]!) - logL[i]!);
    const k = 3 * i;
    rgb[k] = encodeLinear(SRGB_TO_LINEAR[rgb[k]!]! * ratio) + 0.5;
    rgb[k + 1] = encodeLinear(SRGB_TO_LINEAR[rgb[k + 1]!]! * ratio) + 0.5;
    rgb[k + 2] = encodeLinear(SRGB_TO_LINEAR[rgb[k + 2]!]! * ratio) + 0.5;
  }
}

async function run(image: DecodedImage, params: HdrParams): Promise<HdrResult> {
  const { width, height } = image;
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 3);
  toneMap(pixels, width, height, params.strength / 100);
  return {
    answer: { image_width: width, image_height: height, strength: params.strength },
    images: await jpegOf(pixels, width, height, params.quality),
  };
}

export const hdr: Algorithm<HdrParams, HdrResult, null> = {
  task: 'hdr',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseHdrParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

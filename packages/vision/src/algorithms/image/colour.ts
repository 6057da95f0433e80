/**
 * Colour conversions shared by the image-processing tasks (filters, HDR, night enhancement):
 * sRGB <-> linear light through tables (IEC 61966-2-1 transfer function), Rec. 709 / sRGB
 * luminance, and CIELAB (D65) for measuring what a look does to colour.
 */

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Linear light (0..1) of each 8-bit sRGB code value (IEC 61966-2-1). */
export const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, v) => srgbToLinear(v / 255));

/** Linear light of an sRGB value, both 0..1. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** sRGB value of a linear-light value, both 0..1. */
export function linearToSrgb(c: number): number {
  const v = clamp01(c);
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}

/**
 * Encoding table: 8-bit sRGB code of linear light, sampled at ENCODE_STEPS + 1 points (4096 steps:
 * finer than the code values near black, where the curve is steepest, is not needed since the
 * linear segment there is exact under interpolation).
 */
const ENCODE_STEPS = 4096;
const ENCODE = Float32Array.from(
  { length: ENCODE_STEPS + 1 },
  (_, i) => 255 * linearToSrgb(i / ENCODE_STEPS),
);

/** 8-bit sRGB code (unrounded, 0..255) of linear light, by linear interpolation in the table. */
export function encodeLinear(linear: number): number {
  if (!(linear > 0)) return 0;
  if (linear >= 1) return 255;
  const x = linear * ENCODE_STEPS;
  const i = x | 0;
  const f = x - i;
  return ENCODE[i]! * (1 - f) + ENCODE[i + 1]! * f;
}

/** Rec. 709 / sRGB luminance weights on linear RGB. */
export const LUMA = [0.2126, 0.7152, 0.0722] as const;

/** Relative luminance (0..1) of a linear RGB colour. */
export const luminance = (r: number, g: number, b: number): number => LUMA[0] * r + LUMA[1] * g + LUMA[2] * b;

// D65 white of sRGB in XYZ, for CIELAB.
const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const labF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/** CIELAB (D65) of an 8-bit sRGB colour: L* 0..100, a* (green-red), b* (blue-yellow). */
export function srgbToLab(r8: number, g8: number, b8: number): [number, number, number] {
  const r = SRGB_TO_LINEAR[r8]!;
  const g = SRGB_TO_LINEAR[g8]!;
  const b = SRGB_TO_LINEAR[b8]!;
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / XN;
  const y = (0.2126729 * r + 0.7151522 * g + 0.072175 * b) / YN;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / ZN;
  const fx = labF(x);
  const fy = labF(y);
  const fz = labF(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/**
 * CIELAB L* alone of packed 8-bit sRGB pixels: the same values as srgbToLab's L* (one cube root
 * per pixel instead of three, for methods that only read the lightness).
 */
export function lightnessPlane(rgb: Uint8Array, width: number, height: number): Float32Array {
  const n = width * height;
  const L = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = SRGB_TO_LINEAR[rgb[3 * i]!]!;
    const g = SRGB_TO_LINEAR[rgb[3 * i + 1]!]!;
    const b = SRGB_TO_LINEAR[rgb[3 * i + 2]!]!;
    L[i] = 116 * labF((0.2126729 * r + 0.7151522 * g + 0.072175 * b) / YN) - 16;
  }
  return L;
}

/** Colour statistics of packed 8-bit RGB pixels in CIELAB, for saying what a look does. */
export interface LabStats {
  /** Mean L*, a*, b* and chroma C* = sqrt(a*^2 + b*^2). */
  L: number;
  a: number;
  b: number;
  chroma: number;
  /** Standard deviation of L* (global contrast). */
  contrast: number;
  /** 2nd percentile of L* (how black the blacks are). */
  black: number;
  /** Mean R - B in code values (warmth as a viewer reads it). */
  warmth: number;
  /** Mean b* of the brightest third of the pixels minus that of the darkest third (split toning). */
  bSpread: number;
}

/** CIELAB statistics of packed RGB pixels (every `step`-th pixel, for speed on large photos). */
export function labStats(rgb: Uint8Array, step = 1): LabStats {
  let n = 0;
  let sL = 0;
  let sLL = 0;
  let sa = 0;
  let sb = 0;
  let sc = 0;
  let warmth = 0;
  const hist = new Uint32Array(101);
  const Ls: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i + 2 < rgb.length; i += 3 * step) {
    const [L, a, b] = srgbToLab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
    Ls.push(L);
    bs.push(b);
    n++;
    sL += L;
    sLL += L * L;
    sa += a;
    sb += b;
    sc += Math.sqrt(a * a + b * b);
    warmth += rgb[i]! - rgb[i + 2]!;
    hist[Math.max(0, Math.min(100, Math.round(L)))]! += 1;
  }
  let acc = 0;
  let black = 100;
  for (let v = 0; v <= 100; v++) {
    acc += hist[v]!;
    if (acc >= 0.02 * n) {
      black = v;
      break;
    }
  }
  const order = Ls.map((_, i) => i).sort((i, j) => Ls[i]! - Ls[j]!);
  const third = Math.max(1, Math.floor(n / 3));
  const meanB = (ids: number[]) => ids.reduce((s, i) => s + bs[i]!, 0) / ids.length;
  const L = sL / n;
  return {
    bSpread: meanB(order.slice(n - third)) - meanB(order.slice(0, third)),
    L,
    a: sa / n,
    b: sb / n,
    chroma: sc / n,
    contrast: Math.sqrt(Math.max(0, sLL / n - L * L)),
    black,
    warmth: warmth / n,
  };
}

const labFInv = (t: number) => (t > 6 / 29 ? t * t * t : ((3 * 36) / 841) * (t - 4 / 29));

/** 8-bit sRGB (unrounded, clamped 0..255) of a CIELAB (D65) colour: the inverse of srgbToLab. */
export function labToSrgb(L: number, a: number, b: number, out: Float32Array | number[] = [0, 0, 0]) {
  const fy = (L + 16) / 116;
  const x = XN * labFInv(fy + a / 500);
  const y = YN * labFInv(fy);
  const z = ZN * labFInv(fy - b / 200);
  out[0] = encodeLinear(3.2404542 * x - 1.5371385 * y - 0.4985314 * z);
  out[1] = encodeLinear(-0.969266 * x + 1.8760108 * y + 0.041556 * z);
  out[2] = encodeLinear(0.0556434 * x - 0.2040259 * y + 1.0572252 * z);
  return out;
}

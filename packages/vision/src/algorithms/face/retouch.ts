/**
 * AI Beauty's retouch: classical image processing guided by the 468-point face mesh; no model of
 * its own. For one face:
 *
 *  1. Skin mask. The face oval of the mesh, minus the eyes, brows, lips and nostrils (each hole a
 *     mesh polygon grown about its centre so lashes and lip edges stay out), multiplied by a skin
 *     colour gate (pixels far from the face's own median colour in YCbCr, such as hair over the
 *     forehead, a beard or glasses frames, are left out), then feathered with a box blur.
 *  2. Smoothing. A self-guided filter (He, Sun and Tang, "Guided Image Filtering", 2010) on each
 *     colour channel: it flattens small variations (pores, blemishes, noise) and keeps strong
 *     edges (the nose's outline, wrinkles at high contrast). Blended in through the mask.
 *  3. Brightening. In OKLab (Ottosson 2020, a perceptual space): lightness lifted by a log
 *     curve that raises mid-tones most and keeps white at white, chroma lowered slightly (the
 *     yellow axis a little more), blended in through the mask.
 *  4. Shape. Two small backward-mapped warps: the jaw line moved towards the face's midline
 *     (bump-weighted local translations around ten jaw points), and a radial magnification
 *     centred on each eye. Both fade to nothing within their radius, so the rest of the photo is
 *     untouched.
 *
 * Everything happens in a region of interest around the face. Smoothing and the mask are computed
 * on at most RETOUCH_RULES.maxWorkSide pixels a side (large faces are processed at a reduced
 * scale and the result upsampled); brightening and warps run at full resolution. Pixels outside
 * the mask and the warp radii keep their exact values.
 */
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';

type XY = readonly [number, number] | readonly [number, number, number];
type Pt = [number, number];

/** Face outline of the MediaPipe mesh, clockwise from the top of the forehead. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

/**
 * Regions left out of the skin mask, as mesh polygons, and how much each is grown about its
 * centroid. Eyes: the ring around the lids (EyeUpper1/EyeLower1), which holds the lashes. Brows:
 * upper edge then lower edge. Lips: the outer lip line. Nostrils: the nose base between the
 * alae, over the columella.
 */
export const SKIN_HOLES: ReadonlyArray<{
  name: string;
  polygon: readonly number[];
  grow: number;
  /** Kept exactly as it is: the feathering does not reach inside the (ungrown) polygon. */
  exact?: boolean;
}> = [
  {
    name: 'eyeRight',
    polygon: [130, 247, 30, 29, 27, 28, 56, 190, 243, 112, 26, 22, 23, 24, 110, 25],
    grow: 1.25,
    exact: true,
  },
  {
    name: 'eyeLeft',
    polygon: [359, 467, 260, 259, 257, 258, 286, 414, 463, 341, 256, 252, 253, 254, 339, 255],
    grow: 1.25,
    exact: true,
  },
  { name: 'browRight', polygon: [70, 63, 105, 66, 107, 55, 65, 52, 53, 46], grow: 1.3 },
  { name: 'browLeft', polygon: [300, 293, 334, 296, 336, 285, 295, 282, 283, 276], grow: 1.3 },
  {
    name: 'lips',
    polygon: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185],
    grow: 1.12,
    exact: true,
  },
  { name: 'nostrils', polygon: [129, 98, 97, 2, 326, 327, 358, 1], grow: 1.1 },
];

/** Jaw points moved by the slimming warp: the subject's right side, then the left. */
export const JAW_POINTS = [93, 132, 58, 172, 136, 323, 361, 288, 397, 365] as const;
/** Eye outlines (lids) whose centroid and corner distance place the enlarging warp. */
const EYES = [
  {
    corners: [33, 133],
    outline: [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  },
  {
    corners: [263, 362],
    outline: [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
  },
] as const;

/**
 * Constants of the method. Lengths are fractions of the face width (mesh points 234 to 454, the
 * cheek-to-cheek distance) unless said otherwise.
 */
export const RETOUCH_RULES = {
  /** Margin of the processed region around the mesh box, as a fraction of the box's long side. */
  roiMargin: 0.35,
  /** The mask and the smoothing run on at most this many pixels a side. */
  maxWorkSide: 768,
  /** Colour gate: full weight up to this robust distance from the face's median colour, none from gateOff. */
  gateOn: 2.5,
  gateOff: 4,
  /** The gate compares colours box-averaged over this radius (spots smaller than it stay in). */
  gateBlur: 0.06,
  /** Feathering of the mask: two box blurs of this radius. */
  feather: 0.03,
  /** Guided filter window radius. */
  filterRadius: 0.035,
  /** Guided filter eps = (epsBase + epsRange x smooth)^2 in 8-bit levels: variations below it are flattened. */
  epsBase: 10,
  epsRange: 30,
  /** Blend of the filtered skin at smooth = 100 (some texture always stays). */
  maxSmoothBlend: 0.95,
  /** Brightening curve L' = log(1 + (b - 1) L) / log b with b = 1 + whitenCurve x whiten. */
  whitenCurve: 2.2,
  /** Chroma kept at whiten = 100 on OKLab's a (green-red) and b (blue-yellow) axes. */
  whitenChromaA: 0.85,
  whitenChromaB: 0.75,
  /** Jaw translation at slim = 100, and the radius of each jaw point's bump. */
  slimShift: 0.06,
  slimRadius: 0.22,
  /** Eye magnification at eye = 100: the eye centre shows 1 / (1 - eyeScale) times larger. */
  eyeScale: 0.22,
  /** Radius of the eye warp, as a multiple of the eye's corner-to-corner width. */
  eyeRadius: 1.15,
  /** Chin translation at chin = 100, and the radius of each chin point's bump. */
  chinShift: 0.08,
  chinRadius: 0.2,
  /** Nose-wing translation at nose = 100, and the radius of each wing point's bump. */
  noseShift: 0.035,
  noseRadius: 0.1,
  /** Translation of the top of the face at forehead = 100, and the radius of each point's bump. */
  foreheadShift: 0.08,
  foreheadRadius: 0.22,
  /**
   * Warp support: every displacement is multiplied by a mask of the face oval grown by this
   * factor about its centroid and feathered by two box blurs of radius warpFeather, so the photo
   * beyond a narrow band around the face (background lines, hair, shoulders) is never moved.
   */
  warpGrow: 1.2,
  warpFeather: 0.04,
  /** Blemishes: spots narrower than this (the closing's square side) are found. */
  blemishSize: 0.045,
  /** Black-hat depth (8-bit levels of green) counted as a spot at blemish = 100, and at blemish near 0. */
  blemishDepthMin: 8,
  blemishDepthMax: 24,
  /** A spot is a connected group of at most this share of blemishSize squared, all where the skin mask is full. */
  blemishMaxArea: 0.5,
  /** Skin mask value a spot's every pixel must reach (spots touching hair, brows or lips are left). */
  blemishMinMask: 0.95,
  /** Spot mask grown (box mean) by this radius in pixels before it blends, so a spot's rim goes too. */
  blemishGrowPx: 1,
  /** Eye brightening at eyeBright = 100, as a whitenColour amount. */
  eyeBrightAmount: 0.6,
} as const;

export interface RetouchSettings {
  /** 0..100 each (BeautyParams); `slim` and `eye` may be negative (-100..100: wider, smaller). */
  smooth: number;
  whiten: number;
  slim: number;
  eye: number;
  /** Blemish removal, 0..100 (beautify): small dark or red spots of the skin filled from around them. */
  blemish?: number;
  /** Eye brightening, 0..100 (beautify): the eye opening lifted in OKLab. */
  eyeBright?: number;
  /** Share 0..1 of the finest (1-pixel) skin texture put back after smoothing, so pores stay (beautify). */
  keepPores?: number;
  /** Chin length, -100..100 (shape tuning): the chin moved along the face's midline, down when positive. */
  chin?: number;
  /** Nose narrowing, -100..100 (shape tuning): the nose wings moved towards the nose's line, wider when negative. */
  nose?: number;
  /** Forehead height, -100..100 (shape tuning): the top of the face moved up when positive. */
  forehead?: number;
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Fills a polygon (even-odd rule, pixel centres) of `mask` with `value`. */
export function fillPolygon(
  mask: Float32Array | Uint8Array,
  w: number,
  h: number,
  poly: readonly Pt[],
  value: number,
): void {
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of poly) {
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  const xs: number[] = [];
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(h - 1, Math.ceil(maxY));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const a = poly[j]!;
      const b = poly[i]!;
      if (a[1] <= cy !== b[1] <= cy) xs.push(a[0] + ((cy - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const xa = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const xb = Math.min(w - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = xa; x <= xb; x++) mask[y * w + x] = value;
    }
  }
}

/**
 * Box mean of radius r (window 2r + 1, shrunk at the borders) into `out`: running sums along the
 * rows, then down the columns a whole row at a time (memory in order, so cache-friendly).
 */
export function boxMean(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  tmp: Float32Array,
  out: Float32Array,
) {
  // Window sizes along a row (exact integers, so acc / count is the same division as before).
  const count = new Float64Array(w);
  for (let x = 0; x < w; x++) count[x] = Math.min(w - 1, x + r) - Math.max(0, x - r) + 1;
  // The running sum takes a sample in while x + r + 1 < w and drops one from x = r: the loops
  // are split at those bounds so that no test is made per pixel.
  const addEnd = Math.max(0, w - r - 1);
  const mid = Math.min(addEnd, r);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) acc += src[row + x]!;
    let x = 0;
    for (; x < mid; x++) {
      tmp[row + x] = acc / count[x]!;
      acc += src[row + x + r + 1]!;
    }
    if (addEnd <= r) {
      for (; x < r && x < w; x++) tmp[row + x] = acc / count[x]!;
    } else {
      for (; x < addEnd; x++) {
        tmp[row + x] = acc / count[x]!;
        acc += src[row + x + r + 1]!;
        acc -= src[row + x - r]!;
      }
    }
    for (; x < w; x++) {
      tmp[row + x] = acc / count[x]!;
      acc -= src[row + x - r]!;
    }
  }
  const column = new Float64Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) for (let x = 0; x < w; x++) column[x]! += tmp[y * w + x]!;
  for (let y = 0; y < h; y++) {
    const inv = 1 / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
    const row = y * w;
    const add = (y + r + 1) * w;
    const sub = (y - r) * w;
    const adding = y + r + 1 < h;
    const dropping = y - r >= 0;
    // One pass per row: out, then the column sums moved down (in, then out).
    if (adding && dropping) {
      for (let x = 0; x < w; x++) {
        const v = column[x]!;
        out[row + x] = v * inv;
        column[x] = v + tmp[add + x]! - tmp[sub + x]!;
      }
    } else if (adding) {
      for (let x = 0; x < w; x++) {
        const v = column[x]!;
        out[row + x] = v * inv;
        column[x] = v + tmp[add + x]!;
      }
    } else if (dropping) {
      for (let x = 0; x < w; x++) {
        const v = column[x]!;
        out[row + x] = v * inv;
        column[x] = v - tmp[sub + x]!;
      }
    } else {
      for (let x = 0; x < w; x++) out[row + x] = column[x]! * inv;
    }
  }
}

/** Self-guided filter of one channel (He et al. 2010): `q = mean(a) I + mean(b)`, into `out`. */
export function guidedFilter(
  I: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
  out: Float32Array,
) {
  const n = w * h;
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const C = new Float32Array(n);
  const tmp = new Float32Array(n);
  for (let i = 0; i < n; i++) A[i] = I[i]! * I[i]!;
  boxMean(A, w, h, r, tmp, B); // mean(I^2)
  boxMean(I, w, h, r, tmp, C); // mean(I)
  for (let i = 0; i < n; i++) {
    const m = C[i]!;
    const a = Math.max(0, B[i]! - m * m) / (Math.max(0, B[i]! - m * m) + eps);
    A[i] = a;
    C[i] = m - a * m;
  }
  boxMean(A, w, h, r, tmp, B); // mean(a)
  boxMean(C, w, h, r, tmp, A); // mean(b)
  for (let i = 0; i < n; i++) out[i] = B[i]! * I[i]! + A[i]!;
}

/** Median and scaled MAD of byte-range values where `where` is set, by histogram. */
function robustStats(values: Float32Array, where: Float32Array): { median: number; spread: number } {
  const hist = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (where[i]! < 1) continue;
    hist[clamp(Math.round(values[i]!), 0, 255)]! += 1;
    count++;
  }
  const quantile = (h: Uint32Array, q: number) => {
    let acc = 0;
    for (let v = 0; v < h.length; v++) {
      acc += h[v]!;
      if (acc >= q * count) return v;
    }
    return h.length - 1;
  };
  if (count === 0) return { median: 0, spread: Infinity };
  const median = quantile(hist, 0.5);
  const dev = new Uint32Array(256);
  for (let v = 0; v < 256; v++) dev[Math.abs(v - median)]! += hist[v]!;
  return { median, spread: 1.4826 * quantile(dev, 0.5) };
}

/** Full-range YCbCr (ITU-R BT.601, as JPEG) planes of `n` packed RGB pixels (0..255 each). */
export function ycbcrPlanes(
  rgb: ArrayLike<number>,
  n: number,
): { Y: Float32Array; Cb: Float32Array; Cr: Float32Array } {
  const Y = new Float32Array(n);
  const Cb = new Float32Array(n);
  const Cr = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgb[3 * i]!;
    const g = rgb[3 * i + 1]!;
    const b = rgb[3 * i + 2]!;
    Y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    Cb[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    Cr[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return { Y, Cb, Cr };
}

/**
 * The feathered skin mask of one face on the working pixels `rgb` (w x h), with the mesh already
 * in working coordinates. Values 0..1.
 */
export function skinMask(
  rgb: Float32Array,
  w: number,
  h: number,
  mesh: readonly XY[],
  faceWidth: number,
): Float32Array {
  const n = w * h;
  const shape = new Float32Array(n);
  const blurred = new Float32Array(n);
  const at = (i: number): Pt => [mesh[i]![0], mesh[i]![1]];
  fillPolygon(shape, w, h, FACE_OVAL.map(at), 1);
  for (const hole of SKIN_HOLES) {
    const pts = hole.polygon.map(at);
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    fillPolygon(
      shape,
      w,
      h,
      pts.map(([x, y]) => [cx + (x - cx) * hole.grow, cy + (y - cy) * hole.grow] as Pt),
      0,
    );
  }
  // Colour gate in YCbCr around the face's own median colour.
  const { Y, Cb, Cr } = ycbcrPlanes(rgb, n);
  // The gate reads colours averaged over a small window, so that a mole or a spot (which the
  // smoothing should soften) stays in while larger areas of hair or beard stay out.
  const tmp = new Float32Array(n);
  const blurR = Math.max(1, Math.round(RETOUCH_RULES.gateBlur * faceWidth));
  for (const channel of [Y, Cb, Cr]) {
    boxMean(channel, w, h, blurR, tmp, blurred);
    channel.set(blurred);
  }
  const sy = robustStats(Y, shape);
  const sb = robustStats(Cb, shape);
  const sr = robustStats(Cr, shape);
  // Floors keep a very even face from gating out its own shading.
  const spreadY = Math.max(sy.spread, 12);
  const spreadB = Math.max(sb.spread, 3);
  const spreadR = Math.max(sr.spread, 3);
  const { gateOn, gateOff } = RETOUCH_RULES;
  const mask = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (shape[i] === 0) continue;
    const dy = (Y[i]! - sy.median) / spreadY;
    const db = (Cb[i]! - sb.median) / spreadB;
    const dr = (Cr[i]! - sr.median) / spreadR;
    // Lightness counts a quarter: shading and highlights are skin too.
    const d = Math.sqrt(db * db + dr * dr + (dy * dy) / 4);
    mask[i] = clamp((gateOff - d) / (gateOff - gateOn), 0, 1);
  }
  const r = Math.max(1, Math.round(RETOUCH_RULES.feather * faceWidth));
  boxMean(mask, w, h, r, tmp, shape);
  boxMean(shape, w, h, r, tmp, mask);
  // Eyes and lips end at a natural edge (lash line, lip line): no feathered retouch inside them.
  for (const hole of SKIN_HOLES) if (hole.exact) fillPolygon(mask, w, h, hole.polygon.map(at), 0);
  return mask;
}

// sRGB <-> linear through tables; OKLab matrices from Ottosson (2020).
export const TO_LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const ENCODE_STEPS = 4096;
const TO_SRGB = Float32Array.from({ length: ENCODE_STEPS + 1 }, (_, i) => {
  const c = i / ENCODE_STEPS;
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
});
/** Linear light 0..1 to an sRGB level 0..255 (not rounded). */
export function encode(linear: number): number {
  const x = clamp(linear, 0, 1) * ENCODE_STEPS;
  const i = Math.floor(x);
  if (i >= ENCODE_STEPS) return 255;
  const f = x - i;
  return TO_SRGB[i]! * (1 - f) + TO_SRGB[i + 1]! * f;
}

/** Brightens one sRGB colour (0..255 each) in OKLab; writes the result into `out`. */
export function whitenColour(r: number, g: number, b: number, amount: number, out: Float32Array): void {
  const lr = TO_LINEAR[clamp(Math.round(r), 0, 255)]!;
  const lg = TO_LINEAR[clamp(Math.round(g), 0, 255)]!;
  const lb = TO_LINEAR[clamp(Math.round(b), 0, 255)]!;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  let L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  let A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  let B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const base = 1 + RETOUCH_RULES.whitenCurve * amount;
  L = Math.log(1 + (base - 1) * clamp(L, 0, 1)) / Math.log(base);
  A *= 1 - (1 - RETOUCH_RULES.whitenChromaA) * amount;
  B *= 1 - (1 - RETOUCH_RULES.whitenChromaB) * amount;
  const l1 = L + 0.3963377774 * A + 0.2158037573 * B;
  const m1 = L - 0.1055613458 * A - 0.0638541728 * B;
  const s1 = L - 0.0894841775 * A - 1.291485548 * B;
  const l2 = l1 * l1 * l1;
  const m2 = m1 * m1 * m1;
  const s2 = s1 * s1 * s1;
  out[0] = encode(4.0767416621 * l2 - 3.3077115913 * m2 + 0.2309699292 * s2);
  out[1] = encode(-1.2684380046 * l2 + 2.6097574011 * m2 - 0.3413193965 * s2);
  out[2] = encode(-0.0041960863 * l2 - 0.7034186147 * m2 + 1.707614701 * s2);
}

/** Bilinear sample of a single-channel w x h grid at continuous position (x, y) (pixel centres at +0.5). */
export function sample1(grid: Float32Array, w: number, h: number, x: number, y: number): number {
  const fx = clamp(x - 0.5, 0, w - 1);
  const fy = clamp(y - 0.5, 0, h - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const top = grid[y0 * w + x0]! * (1 - ax) + grid[y0 * w + x1]! * ax;
  const bottom = grid[y1 * w + x0]! * (1 - ax) + grid[y1 * w + x1]! * ax;
  return top * (1 - ay) + bottom * ay;
}

/** A bump-weighted local translation: centre, squared radius, translation. */
interface Shift {
  cx: number;
  cy: number;
  r2: number;
  tx: number;
  ty: number;
}

interface Warp {
  /**
   * Groups of bumps (the jaw, the chin, the nose wings, the forehead). Within a group overlapping
   * bumps average; the groups add.
   */
  groups: Shift[][];
  /** Eye magnifiers: centre, squared radius, strength (negative: smaller). */
  lenses: Array<{ cx: number; cy: number; r2: number; s: number }>;
}

const warpIsEmpty = (warp: Warp) => warp.groups.length === 0 && warp.lenses.length === 0;

/**
 * Displacement (destination minus source) at destination (x, y): local translation warps and
 * local scaling warps after Gustafsson, "Interactive Image Warping" (1993), backward-mapped.
 */
function warpDisplacement(warp: Warp, x: number, y: number): Pt {
  let dx = 0;
  let dy = 0;
  for (const group of warp.groups) {
    let wsum = 0;
    let gx = 0;
    let gy = 0;
    for (const b of group) {
      const d2 = (x - b.cx) ** 2 + (y - b.cy) ** 2;
      if (d2 >= b.r2) continue;
      const k = (1 - d2 / b.r2) ** 2;
      wsum += k;
      gx += k * b.tx;
      gy += k * b.ty;
    }
    // Overlapping bumps average rather than add, so the shift never exceeds one bump's.
    const norm = Math.max(1, wsum);
    dx += gx / norm;
    dy += gy / norm;
  }
  for (const e of warp.lenses) {
    const ox = x - e.cx;
    const oy = y - e.cy;
    const q = (ox * ox + oy * oy) / e.r2;
    if (q >= 1) continue;
    const f = e.s * (1 - q) ** 2;
    dx += ox * f;
    dy += oy * f;
  }
  return [dx, dy];
}

/** Unit vector along the face's midline, from between the brows (168) down to the chin (152). */
function midline(mesh: readonly XY[]): { top: XY; ux: number; uy: number; length: number } {
  const top = mesh[168]!;
  const chin = mesh[152]!;
  const length = Math.hypot(chin[0] - top[0], chin[1] - top[1]) || 1;
  return { top, ux: (chin[0] - top[0]) / length, uy: (chin[1] - top[1]) / length, length };
}

/** Bumps at `points`, each moving towards (positive `shift`) the line through `top` along (ux, uy). */
function towardsLine(
  mesh: readonly XY[],
  points: readonly number[],
  line: { top: XY; ux: number; uy: number },
  shift: number,
  radius: number,
): Shift[] {
  return points.map((i) => {
    const c = mesh[i]!;
    const along = (c[0] - line.top[0]) * line.ux + (c[1] - line.top[1]) * line.uy;
    const fx = line.top[0] + along * line.ux - c[0];
    const fy = line.top[1] + along * line.uy - c[1];
    const dist = Math.hypot(fx, fy) || 1;
    return { cx: c[0], cy: c[1], r2: radius * radius, tx: (fx / dist) * shift, ty: (fy / dist) * shift };
  });
}

/** Bumps at `points`, each moving by `shift` along the face's midline (down when positive). */
function alongMidline(
  mesh: readonly XY[],
  points: readonly number[],
  shift: number,
  radius: number,
): Shift[] {
  const { ux, uy } = midline(mesh);
  return points.map((i) => ({
    cx: mesh[i]![0],
    cy: mesh[i]![1],
    r2: radius * radius,
    tx: ux * shift,
    ty: uy * shift,
  }));
}

/** Chin points moved by the chin warp. */
const CHIN_POINTS = [152, 148, 377, 176, 400] as const;
/** Nose wings (alae), the subject's right then left, moved by the nose warp. */
const NOSE_WINGS = [48, 64, 98, 278, 294, 327] as const;
/** The nose's own line: from the bridge (6) to the tip (4). */
const NOSE_LINE = [6, 4] as const;
/** Top of the face outline moved by the forehead warp. */
const FOREHEAD_POINTS = [10, 338, 297, 109, 67] as const;

function planWarp(mesh: readonly XY[], faceWidth: number, settings: RetouchSettings): Warp {
  const warp: Warp = { groups: [], lenses: [] };
  const p = (i: number) => mesh[i]!;
  const R = RETOUCH_RULES;
  if (settings.slim !== 0) {
    const shift = (settings.slim / 100) * R.slimShift * faceWidth;
    warp.groups.push(towardsLine(mesh, JAW_POINTS, midline(mesh), shift, R.slimRadius * faceWidth));
  }
  if (settings.chin) {
    const shift = (settings.chin / 100) * R.chinShift * faceWidth;
    warp.groups.push(alongMidline(mesh, CHIN_POINTS, shift, R.chinRadius * faceWidth));
  }
  if (settings.nose) {
    const a = p(NOSE_LINE[0]);
    const b = p(NOSE_LINE[1]);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const line = { top: a, ux: (b[0] - a[0]) / len, uy: (b[1] - a[1]) / len };
    const shift = (settings.nose / 100) * R.noseShift * faceWidth;
    warp.groups.push(towardsLine(mesh, NOSE_WINGS, line, shift, R.noseRadius * faceWidth));
  }
  if (settings.forehead) {
    const shift = -(settings.forehead / 100) * R.foreheadShift * faceWidth;
    warp.groups.push(alongMidline(mesh, FOREHEAD_POINTS, shift, R.foreheadRadius * faceWidth));
  }
  if (settings.eye !== 0) {
    for (const eye of EYES) {
      const pts = eye.outline.map(p);
      const cx = pts.reduce((s, q) => s + q[0], 0) / pts.length;
      const cy = pts.reduce((s, q) => s + q[1], 0) / pts.length;
      const a = p(eye.corners[0]);
      const b = p(eye.corners[1]);
      const r = R.eyeRadius * Math.hypot(a[0] - b[0], a[1] - b[1]);
      warp.lenses.push({ cx, cy, r2: r * r, s: (settings.eye / 100) * R.eyeScale });
    }
  }
  return warp;
}

/**
 * Where warps may move pixels, 0..1 on the working grid: the face oval grown by
 * RETOUCH_RULES.warpGrow about its centroid, feathered (mesh in working coordinates).
 */
function warpSupport(w: number, h: number, mesh: readonly XY[], faceWidth: number): Float32Array {
  const oval = FACE_OVAL.map((i) => [mesh[i]![0], mesh[i]![1]] as Pt);
  const cx = oval.reduce((s, q) => s + q[0], 0) / oval.length;
  const cy = oval.reduce((s, q) => s + q[1], 0) / oval.length;
  const g = RETOUCH_RULES.warpGrow;
  const support = new Float32Array(w * h);
  fillPolygon(
    support,
    w,
    h,
    oval.map(([x, y]) => [cx + (x - cx) * g, cy + (y - cy) * g] as Pt),
    1,
  );
  const r = Math.max(1, Math.round(RETOUCH_RULES.warpFeather * faceWidth));
  const tmp = new Float32Array(w * h);
  const once = new Float32Array(w * h);
  boxMean(support, w, h, r, tmp, once);
  boxMean(once, w, h, r, tmp, support);
  return support;
}

/**
 * Running maximum (`max`) or minimum of `line` over windows of 2r + 1 centred on each of its L
 * values, into `out`, with three comparisons a value whatever r (van Herk 1992; Gil and Werman
 * 1993). `g` and `h` are scratch of at least L + 2r.
 */
function runningExtreme(
  line: Float32Array,
  L: number,
  r: number,
  max: boolean,
  out: Float32Array,
  g: Float32Array,
  h: Float32Array,
) {
  const k = 2 * r + 1;
  const P = L + 2 * r;
  // The line padded by r on each side, flipped for the minimum so that one maximum serves both.
  const sign = max ? 1 : -1;
  for (let p = 0; p < P; p++) h[p] = p < r || p >= L + r ? -Infinity : sign * line[p - r]!;
  for (let p = 0; p < P; p++) g[p] = p % k === 0 || g[p - 1]! < h[p]! ? h[p]! : g[p - 1]!;
  for (let p = P - 2; p >= 0; p--) if ((p + 1) % k !== 0 && h[p + 1]! > h[p]!) h[p] = h[p + 1]!;
  for (let i = 0; i < L; i++) {
    const a = h[i]!;
    const b = g[i + k - 1]!;
    out[i] = sign * (a > b ? a : b);
  }
}

/** Greyscale dilation (`max`) or erosion by a (2r + 1) square, separably, into `out`. */
export function squareMorph(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  max: boolean,
  out: Float32Array,
) {
  const n = Math.max(w, h);
  const line = new Float32Array(n);
  const res = new Float32Array(n);
  const g = new Float32Array(n + 2 * r);
  const hh = new Float32Array(n + 2 * r);
  const tmp = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    line.set(src.subarray(y * w, y * w + w));
    runningExtreme(line, w, r, max, res, g, hh);
    tmp.set(res.subarray(0, w), y * w);
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) line[y] = tmp[y * w + x]!;
    runningExtreme(line, h, r, max, res, g, hh);
    for (let y = 0; y < h; y++) out[y * w + x] = res[y]!;
  }
}

/**
 * The spots among the set pixels of `deep`: its 4-connected groups of at most `maxArea` pixels
 * whose every pixel lies where the skin mask reaches blemishMinMask (a group that touches hair,
 * brows, lips or the face's edge, or a long crease, is not a spot). 1 on spot pixels.
 */
function keepSmallSpots(deep: Uint8Array, w: number, h: number, mask: Float32Array, maxArea: number) {
  const spot = new Float32Array(w * h);
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const group: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!deep[start] || seen[start]) continue;
    stack.push(start);
    seen[start] = 1;
    group.length = 0;
    let onSkin = true;
    while (stack.length > 0) {
      const i = stack.pop()!;
      group.push(i);
      if (mask[i]! < RETOUCH_RULES.blemishMinMask) onSkin = false;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= w * h || !deep[j] || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (onSkin && group.length <= maxArea) for (const i of group) spot[i] = 1;
  }
  return spot;
}

/**
 * Blemish removal on the working pixels, in place: small dark or red spots of the skin are found
 * by the morphological black-hat of the green channel (its closing by a square of side
 * blemishSize x face width, minus itself: spots and dents narrower than the square stand out;
 * red spots are dark in green), deeper than a depth that falls as `amount` (0..1) rises, in small
 * groups wholly on the skin (keepSmallSpots). Each spot (grown by a pixel) is filled by normalised
 * convolution (Knutsson and Westin 1993): the box mean of the pixels around it that are not
 * spots. Returns the weight 0..1 of the fill at each pixel.
 */
export function removeBlemishes(
  rgb: Float32Array,
  w: number,
  h: number,
  mask: Float32Array,
  faceWidth: number,
  amount: number,
): Float32Array {
  // Only the box around the skin (with room for the closing) is searched.
  const r = Math.max(1, Math.round((RETOUCH_RULES.blemishSize * faceWidth) / 2));
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]! >= RETOUCH_RULES.blemishMinMask) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  const weight = new Float32Array(w * h);
  if (x1 < 0) return weight;
  x0 = Math.max(0, x0 - 2 * r - 2);
  y0 = Math.max(0, y0 - 2 * r - 2);
  x1 = Math.min(w - 1, x1 + 2 * r + 2);
  y1 = Math.min(h - 1, y1 + 2 * r + 2);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const boxRgb = new Float32Array(bw * bh * 3);
  const boxMask = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    boxRgb.set(rgb.subarray(((y0 + y) * w + x0) * 3, ((y0 + y) * w + x1 + 1) * 3), y * bw * 3);
    boxMask.set(mask.subarray((y0 + y) * w + x0, (y0 + y) * w + x1 + 1), y * bw);
  }
  const boxWeight = blemishesIn(boxRgb, bw, bh, boxMask, r, amount);
  for (let y = 0; y < bh; y++) {
    rgb.set(boxRgb.subarray(y * bw * 3, (y + 1) * bw * 3), ((y0 + y) * w + x0) * 3);
    weight.set(boxWeight.subarray(y * bw, (y + 1) * bw), (y0 + y) * w + x0);
  }
  return weight;
}

/** removeBlemishes on a box of the working pixels, with the closing's half side `r`. */
function blemishesIn(
  rgb: Float32Array,
  w: number,
  h: number,
  mask: Float32Array,
  r: number,
  amount: number,
): Float32Array {
  const n = w * h;
  const R = RETOUCH_RULES;
  const green = new Float32Array(n);
  for (let i = 0; i < n; i++) green[i] = rgb[3 * i + 1]!;
  const dilated = new Float32Array(n);
  const closed = new Float32Array(n);
  squareMorph(green, w, h, r, true, dilated);
  squareMorph(dilated, w, h, r, false, closed);
  const depth = R.blemishDepthMax - (R.blemishDepthMax - R.blemishDepthMin) * amount;
  const deep = new Uint8Array(n);
  for (let i = 0; i < n; i++) deep[i] = closed[i]! - green[i]! > depth ? 1 : 0;
  const spot = keepSmallSpots(deep, w, h, mask, R.blemishMaxArea * (2 * r + 1) ** 2);
  const tmp = new Float32Array(n);
  const weight = new Float32Array(n);
  boxMean(spot, w, h, R.blemishGrowPx, tmp, weight);
  for (let i = 0; i < n; i++) weight[i] = Math.min(1, 3 * weight[i]!);
  // Normalised convolution: the mean of the non-spot pixels within r + 1 of each pixel.
  const valid = new Float32Array(n);
  for (let i = 0; i < n; i++) valid[i] = weight[i]! > 0 ? 0 : 1;
  const validMean = new Float32Array(n);
  boxMean(valid, w, h, r + 1, tmp, validMean);
  const channel = new Float32Array(n);
  const sum = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) channel[i] = rgb[3 * i + c]! * valid[i]!;
    boxMean(channel, w, h, r + 1, tmp, sum);
    for (let i = 0; i < n; i++) {
      if (weight[i]! === 0 || validMean[i]! < 1e-3) continue;
      const v = rgb[3 * i + c]!;
      rgb[3 * i + c] = v + weight[i]! * (sum[i]! / validMean[i]! - v);
    }
  }
  return weight;
}

/** Cheek-to-cheek width of the face (mesh points 234 and 454). */
export function faceWidthOf(mesh: readonly XY[]): number {
  const a = mesh[234]!;
  const b = mesh[454]!;
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The region of interest of one face: the mesh's box with a margin of roiMargin, inside the image. */
export function regionOf(mesh: readonly XY[], W: number, H: number): Region {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of mesh) {
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  const margin = RETOUCH_RULES.roiMargin * Math.max(x2 - x1, y2 - y1);
  const left = clamp(Math.floor(x1 - margin), 0, W - 1);
  const top = clamp(Math.floor(y1 - margin), 0, H - 1);
  const right = clamp(Math.ceil(x2 + margin), left + 1, W);
  const bottom = clamp(Math.ceil(y2 + margin), top + 1, H);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Retouches the face whose mesh (image pixels) is given, in place in `image` (packed RGB). The
 * settings are the 0..100 parameters of the request.
 */
export async function retouchFace(
  image: RgbPixels,
  mesh: readonly XY[],
  settings: RetouchSettings,
): Promise<void> {
  const { width: W, height: H, data } = image;
  const region = regionOf(mesh, W, H);
  const faceWidth = faceWidthOf(mesh);
  const k = Math.min(1, RETOUCH_RULES.maxWorkSide / Math.max(region.width, region.height));
  const w = Math.max(1, Math.round(region.width * k));
  const h = Math.max(1, Math.round(region.height * k));
  const sx = w / region.width;
  const sy = h / region.height;
  const work = k === 1 ? null : await resizeRgb(image, w, h, region);
  const rgb = new Float32Array(w * h * 3);
  if (work) {
    for (let i = 0; i < rgb.length; i++) rgb[i] = work[i]!;
  } else {
    for (let y = 0; y < h; y++) {
      const src = ((region.top + y) * W + region.left) * 3;
      for (let i = 0; i < w * 3; i++) rgb[y * w * 3 + i] = data[src + i]!;
    }
  }
  const local = mesh.map(([x, y]) => [(x - region.left) * sx, (y - region.top) * sy] as Pt);
  const mask = skinMask(rgb, w, h, local, faceWidth * sx);
  const at = (grid: Float32Array, x: number, y: number) =>
    k === 1 ? grid[y * w + x]! : sample1(grid, w, h, (x + 0.5) * sx, (y + 0.5) * sy);
  const planes = (packed: Float32Array) => {
    const out = [0, 1, 2].map(() => new Float32Array(w * h));
    for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) out[c]![i] = packed[3 * i + c]!;
    return out;
  };

  // Blemishes filled on the working pixels first, so the smoothing does not spread them.
  const blemishAmount = (settings.blemish ?? 0) / 100;
  let blemish: { weight: Float32Array; fill: Float32Array[] } | null = null;
  if (blemishAmount > 0) {
    const weight = removeBlemishes(rgb, w, h, mask, faceWidth * sx, blemishAmount);
    blemish = { weight, fill: planes(rgb) };
  }

  // Smoothed skin, per channel, on the working pixels.
  const smoothAmount = settings.smooth / 100;
  const smoothed = new Float32Array(w * h * 3);
  if (smoothAmount > 0) {
    const r = Math.max(1, Math.round(RETOUCH_RULES.filterRadius * faceWidth * sx));
    const eps = (RETOUCH_RULES.epsBase + RETOUCH_RULES.epsRange * smoothAmount) ** 2;
    const channel = new Float32Array(w * h);
    const filtered = new Float32Array(w * h);
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < w * h; i++) channel[i] = rgb[3 * i + c]!;
      guidedFilter(channel, w, h, r, eps, filtered);
      for (let i = 0; i < w * h; i++) smoothed[3 * i + c] = filtered[i]!;
    }
  }
  const blend = RETOUCH_RULES.maxSmoothBlend * Math.sqrt(smoothAmount);
  const whiten = settings.whiten / 100;
  const keepPores = settings.keepPores ?? 0;
  // Eye openings (the lid outlines), slightly feathered, for the eye brightening.
  const eyeBright = ((settings.eyeBright ?? 0) / 100) * RETOUCH_RULES.eyeBrightAmount;
  let eyeMask: Float32Array | null = null;
  if (eyeBright > 0) {
    const filled = new Float32Array(w * h);
    for (const eye of EYES)
      fillPolygon(
        filled,
        w,
        h,
        eye.outline.map((i) => local[i]!),
        1,
      );
    eyeMask = new Float32Array(w * h);
    boxMean(filled, w, h, 1, new Float32Array(w * h), eyeMask);
  }

  // Compose at full resolution into a copy of the region.
  const out = new Uint8ClampedArray(region.width * region.height * 3);
  const colour = new Float32Array(3);
  const smoothedAt = new Float32Array(3);
  const channelGrid = k === 1 ? null : planes(smoothed);
  const detail = (src: number, x: number, y: number) => {
    // The finest texture: the pixel minus the mean of its 3 x 3 neighbourhood (full resolution).
    const xa = region.left + x > 0 ? -3 : 0;
    const xb = region.left + x < W - 1 ? 3 : 0;
    const ya = region.top + y > 0 ? -3 * W : 0;
    const yb = region.top + y < H - 1 ? 3 * W : 0;
    let sum = 0;
    for (const dy of [ya, 0, yb]) for (const dx of [xa, 0, xb]) sum += data[src + dy + dx]!;
    return data[src]! - sum / 9;
  };
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const o = (y * region.width + x) * 3;
      const src = ((region.top + y) * W + region.left + x) * 3;
      const r0 = data[src]!;
      const g0 = data[src + 1]!;
      const b0 = data[src + 2]!;
      const m = at(mask, x, y);
      const e = eyeMask ? at(eyeMask, x, y) : 0;
      if (m < 1e-3 && e < 1e-3) {
        out[o] = r0;
        out[o + 1] = g0;
        out[o + 2] = b0;
        continue;
      }
      let r = r0;
      let g = g0;
      let b = b0;
      if (m >= 1e-3) {
        const bw = blemish ? at(blemish.weight, x, y) : 0;
        if (bw > 0) {
          r += bw * (at(blemish!.fill[0]!, x, y) - r);
          g += bw * (at(blemish!.fill[1]!, x, y) - g);
          b += bw * (at(blemish!.fill[2]!, x, y) - b);
        }
        if (channelGrid) {
          for (let c = 0; c < 3; c++)
            smoothedAt[c] = sample1(channelGrid[c]!, w, h, (x + 0.5) * sx, (y + 0.5) * sy);
        } else {
          const i = (y * w + x) * 3;
          smoothedAt[0] = smoothed[i]!;
          smoothedAt[1] = smoothed[i + 1]!;
          smoothedAt[2] = smoothed[i + 2]!;
        }
        const a = smoothAmount > 0 ? blend * m : 0;
        r += a * (smoothedAt[0]! - r);
        g += a * (smoothedAt[1]! - g);
        b += a * (smoothedAt[2]! - b);
        if (a > 0 && keepPores > 0) {
          // Frequency separation: the 1-pixel texture (pores) is put back, outside filled spots.
          const back = a * keepPores * (1 - bw);
          r += back * detail(src, x, y);
          g += back * detail(src + 1, x, y);
          b += back * detail(src + 2, x, y);
        }
        if (whiten > 0) {
          whitenColour(r, g, b, whiten, colour);
          r += m * (colour[0]! - r);
          g += m * (colour[1]! - g);
          b += m * (colour[2]! - b);
        }
      }
      if (e >= 1e-3) {
        whitenColour(r, g, b, eyeBright, colour);
        r += e * (colour[0]! - r);
        g += e * (colour[1]! - g);
        b += e * (colour[2]! - b);
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }

  // Warps read the composed region and write straight into the image; they move pixels only
  // inside the warp support around the face.
  const warp = planWarp(mesh, faceWidth, settings);
  const support = warpIsEmpty(warp) ? null : warpSupport(w, h, local, faceWidth * sx);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const o = (y * region.width + x) * 3;
      const dst = ((region.top + y) * W + region.left + x) * 3;
      const weight = support ? at(support, x, y) : 0;
      if (weight < 1e-3) {
        data[dst] = out[o]!;
        data[dst + 1] = out[o + 1]!;
        data[dst + 2] = out[o + 2]!;
        continue;
      }
      const [dx, dy] = warpDisplacement(warp, region.left + x + 0.5, region.top + y + 0.5);
      const fx = clamp(x - weight * dx, 0, region.width - 1);
      const fy = clamp(y - weight * dy, 0, region.height - 1);
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      if (ax === 0 && ay === 0) {
        const s = (y0 * region.width + x0) * 3;
        data[dst] = out[s]!;
        data[dst + 1] = out[s + 1]!;
        data[dst + 2] = out[s + 2]!;
        continue;
      }
      const x1 = Math.min(region.width - 1, x0 + 1);
      const y1 = Math.min(region.height - 1, y0 + 1);
      for (let c = 0; c < 3; c++) {
        const tl = out[(y0 * region.width + x0) * 3 + c]!;
        const tr = out[(y0 * region.width + x1) * 3 + c]!;
        const bl = out[(y1 * region.width + x0) * 3 + c]!;
        const br = out[(y1 * region.width + x1) * 3 + c]!;
        data[dst + c] = Math.round((tl * (1 - ax) + tr * ax) * (1 - ay) + (bl * (1 - ax) + br * ax) * ay);
      }
    }
  }
}

/**
 * The fast guided filter with a colour guide, in plain TypeScript on typed arrays.
 *
 * Method: K. He, J. Sun, X. Tang, "Guided Image Filtering", IEEE TPAMI 35(6), 2013 (the colour
 * guide form, its equations 19-21), in the fast form of K. He, J. Sun, "Fast Guided Filter",
 * arXiv:1505.00996, 2015: the linear coefficients (a, b) are computed on a subsampled guide and
 * input, smoothed there, upsampled bilinearly and applied to the full-resolution guide,
 * q = a . I + b. Near an edge of the guide the output takes that edge's sharpness at full
 * resolution; where the input is flat it stays flat (there cov(I, p) = 0, so a = 0 and q = mean p).
 *
 * Box means use running sums (two separable passes, O(1) per pixel whatever the radius); at the
 * borders they average the pixels inside the image, as He's reference code does.
 */

/** A three-channel image as planar float channels in 0..1. */
export interface PlanarRgb {
  width: number;
  height: number;
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
}

/** Coefficient maps of the filter on the subsampled grid: q = ar R + ag G + ab B + b. */
export interface GuidedCoefficients {
  width: number;
  height: number;
  ar: Float32Array;
  ag: Float32Array;
  ab: Float32Array;
  b: Float32Array;
}

/** 1 / (number of window pixels inside 0..n-1) for each position, window radius r. */
function inverseCounts(n: number, r: number): Float32Array {
  const inv = new Float32Array(n);
  for (let i = 0; i < n; i++) inv[i] = 1 / (Math.min(n - 1, i + r) - Math.max(0, i - r) + 1);
  return inv;
}

/**
 * A box-mean filter for one grid size and radius: `mean(a)` is the mean of `a` over the
 * (2r+1) x (2r+1) window around each pixel, clipped at the borders; `mean(a, b)` the mean of the
 * product a x b (not materialised). Scratch buffers are shared between calls.
 */
export function boxMeanFilter(
  width: number,
  height: number,
  r: number,
): (a: Float32Array, b?: Float32Array) => Float32Array {
  const invX = inverseCounts(width, r);
  const invY = inverseCounts(height, r);
  const line = new Float32Array(width);
  const rows = new Float32Array(width * height);
  const sums = new Float64Array(width);
  const addEndX = Math.max(0, width - r - 1);
  const addEndY = Math.max(0, height - r - 1);
  return (a, b) => {
    // Horizontal pass: of a, or of a x b row by row in `line`.
    for (let y = 0; y < height; y++) {
      const o = y * width;
      if (b) {
        for (let x = 0; x < width; x++) line[x] = a[o + x]! * b[o + x]!;
        runningRow(line, 0, rows, o, width, r, addEndX, invX);
      } else runningRow(a, o, rows, o, width, r, addEndX, invX);
    }
    const out = new Float32Array(width * height);
    runningColumns(rows, out, sums, width, height, r, addEndY, invY);
    return out;
  };
}

/**
 * Horizontal pass of boxMeanFilter, the row at src[s..] into rows[o..]: the running window sum
 * takes a sample in at x + r + 1 < width (x < addEnd) and drops one at x >= r; the loops are
 * split at those bounds so that no test is made per pixel (the same sums in the same order).
 */
function runningRow(
  src: Float32Array,
  s: number,
  rows: Float32Array,
  o: number,
  width: number,
  r: number,
  addEnd: number,
  inv: Float32Array,
): void {
  let sum = 0;
  for (let x = 0; x <= r && x < width; x++) sum += src[s + x]!;
  const mid = addEnd < r ? addEnd : r;
  let x = 0;
  for (; x < mid; x++) {
    rows[o + x] = sum * inv[x]!;
    sum += src[s + x + r + 1]!;
  }
  if (addEnd <= r) {
    for (; x < r && x < width; x++) rows[o + x] = sum * inv[x]!;
  } else {
    for (; x < addEnd; x++) {
      rows[o + x] = sum * inv[x]!;
      sum += src[s + x + r + 1]!;
      sum -= src[s + x - r]!;
    }
  }
  for (; x < width; x++) {
    rows[o + x] = sum * inv[x]!;
    sum -= src[s + x - r]!;
  }
}

/** Vertical pass of boxMeanFilter: column sums over the window, moved down one row at a time. */
function runningColumns(
  rows: Float32Array,
  out: Float32Array,
  sums: Float64Array,
  width: number,
  height: number,
  r: number,
  addEnd: number,
  invY: Float32Array,
): void {
  sums.fill(0);
  for (let y = 0; y <= r && y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) sums[x] = sums[x]! + rows[o + x]!;
  }
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const inv = invY[y]!;
    const add = (y + r + 1) * width;
    const sub = (y - r) * width;
    // The same sums as v + (adding ? in : 0) - (dropping ? out : 0), with the test made per row.
    if (y < addEnd && y >= r) {
      for (let x = 0; x < width; x++) {
        const v = sums[x]!;
        out[o + x] = v * inv;
        sums[x] = v + rows[add + x]! - rows[sub + x]!;
      }
    } else if (y < addEnd) {
      for (let x = 0; x < width; x++) {
        const v = sums[x]!;
        out[o + x] = v * inv;
        sums[x] = v + rows[add + x]! - 0;
      }
    } else if (y >= r) {
      for (let x = 0; x < width; x++) {
        const v = sums[x]!;
        out[o + x] = v * inv;
        sums[x] = v + 0 - rows[sub + x]!;
      }
    } else {
      for (let x = 0; x < width; x++) out[o + x] = sums[x]! * inv;
    }
  }
}

/** Mean of `src` over the (2r+1) x (2r+1) window around each pixel, clipped at the borders. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  return boxMeanFilter(width, height, r)(src);
}

/**
 * What the filter needs of the guide alone, for one radius and eps: the window means of its
 * colour and the adjugate and determinant of its window covariance (plus eps on the diagonal).
 * Nine of the filter's seventeen box means are the guide's own, so a photo whose guide filters
 * several inputs (facesegment refines skin and hair) computes them once (`guideStatistics`).
 */
interface GuideStatistics {
  mR: Float32Array;
  mG: Float32Array;
  mB: Float32Array;
  i00: Float64Array;
  i01: Float64Array;
  i02: Float64Array;
  i11: Float64Array;
  i12: Float64Array;
  i22: Float64Array;
  det: Float64Array;
}

const statisticsOf = new WeakMap<PlanarRgb, Map<string, GuideStatistics>>();

function guideStatistics(I: PlanarRgb, r: number, eps: number): GuideStatistics {
  const key = `${r}:${eps}`;
  let byKey = statisticsOf.get(I);
  const known = byKey?.get(key);
  if (known) return known;
  const { width, height } = I;
  const n = width * height;
  const mean = boxMeanFilter(width, height, r);
  const mR = mean(I.r);
  const mG = mean(I.g);
  const mB = mean(I.b);
  const mRR = mean(I.r, I.r);
  const mRG = mean(I.r, I.g);
  const mRB = mean(I.r, I.b);
  const mGG = mean(I.g, I.g);
  const mGB = mean(I.g, I.b);
  const mBB = mean(I.b, I.b);
  // Kept in double precision, as the arithmetic that made them.
  const i00 = new Float64Array(n);
  const i01 = new Float64Array(n);
  const i02 = new Float64Array(n);
  const i11 = new Float64Array(n);
  const i12 = new Float64Array(n);
  const i22 = new Float64Array(n);
  const det = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r0 = mR[i]!;
    const g0 = mG[i]!;
    const b0 = mB[i]!;
    // Covariance of the guide's colour in the window, plus eps on the diagonal.
    const srr = mRR[i]! - r0 * r0 + eps;
    const srg = mRG[i]! - r0 * g0;
    const srb = mRB[i]! - r0 * b0;
    const sgg = mGG[i]! - g0 * g0 + eps;
    const sgb = mGB[i]! - g0 * b0;
    const sbb = mBB[i]! - b0 * b0 + eps;
    // Its adjugate (the inverse times the determinant): a = Sigma^-1 cov = adj(Sigma) cov / det.
    const a00 = sgg * sbb - sgb * sgb;
    const a01 = srb * sgb - srg * sbb;
    const a02 = srg * sgb - srb * sgg;
    i00[i] = a00;
    i01[i] = a01;
    i02[i] = a02;
    i11[i] = srr * sbb - srb * srb;
    i12[i] = srb * srg - srr * sgb;
    i22[i] = srr * sgg - srg * srg;
    det[i] = srr * a00 + srg * a01 + srb * a02;
  }
  const statistics = { mR, mG, mB, i00, i01, i02, i11, i12, i22, det };
  if (!byKey) statisticsOf.set(I, (byKey = new Map()));
  byKey.set(key, statistics);
  return statistics;
}

/**
 * Colour guided filter coefficients (TPAMI 2013, eqs. 19-21) of input `p` under guide `I`, both on
 * the same (subsampled) grid, radius `r` pixels of that grid, regulariser `eps` (on 0..1
 * values: edges whose local colour variance is well above eps are kept, weaker ones smoothed).
 * The returned maps are already box-averaged (the mean_a, mean_b of the paper). The guide's own
 * statistics are kept with `I` while it lives, for the next input filtered under it.
 */
export function guidedCoefficients(
  I: PlanarRgb,
  p: Float32Array,
  r: number,
  eps: number,
): GuidedCoefficients {
  const { width, height } = I;
  const n = width * height;
  const mean = boxMeanFilter(width, height, r);
  const { mR, mG, mB, i00, i01, i02, i11, i12, i22, det } = guideStatistics(I, r, eps);
  const mP = mean(p);
  const mRP = mean(I.r, p);
  const mGP = mean(I.g, p);
  const mBP = mean(I.b, p);

  const ar = new Float32Array(n);
  const ag = new Float32Array(n);
  const ab = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r0 = mR[i]!;
    const g0 = mG[i]!;
    const b0 = mB[i]!;
    const p0 = mP[i]!;
    // Covariance of colour with p in the window; a = Sigma^-1 cov by the adjugate.
    const cr = mRP[i]! - r0 * p0;
    const cg = mGP[i]! - g0 * p0;
    const cb = mBP[i]! - b0 * p0;
    const d = det[i]!;
    const aR = (i00[i]! * cr + i01[i]! * cg + i02[i]! * cb) / d;
    const aG = (i01[i]! * cr + i11[i]! * cg + i12[i]! * cb) / d;
    const aB = (i02[i]! * cr + i12[i]! * cg + i22[i]! * cb) / d;
    ar[i] = aR;
    ag[i] = aG;
    ab[i] = aB;
    b[i] = p0 - aR * r0 - aG * g0 - aB * b0;
  }
  return { width, height, ar: mean(ar), ag: mean(ag), ab: mean(ab), b: mean(b) };
}

/**
 * Levels applied to the filter's output: q' = (q - low) / (high - low), clamped to 0..1. The
 * guided filter's q = a . I + b is fitted over whole windows, so next to an edge it leaves a faint
 * halo of the background (q a little above 0) and prints a little of the guide's texture (eyes,
 * folds) into the person (q a little under 1). Stretching the levels removes both while keeping
 * the edge's soft transition, steeper; the middle (0.5) stays where it is.
 */
export interface Levels {
  low: number;
  high: number;
}

/** Bilinear sampling positions of `n` output pixels on an `m`-pixel grid (pixel centres aligned). */
export function samplingPositions(n: number, m: number): { i0: Int32Array; i1: Int32Array; f: Float32Array } {
  const i0 = new Int32Array(n);
  const i1 = new Int32Array(n);
  const f = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    const u = Math.min(m - 1, Math.max(0, ((x + 0.5) * m) / n - 0.5));
    i0[x] = Math.floor(u);
    i1[x] = Math.min(m - 1, i0[x]! + 1);
    f[x] = u - i0[x]!;
  }
  return { i0, i1, f };
}

/**
 * Applies subsampled coefficients to the full-resolution guide (packed 8-bit RGB, `width` x
 * `height`): each pixel's coefficients are bilinearly interpolated from the subsampled grid (pixel
 * centres aligned), q = a . I + b, then `levels`, written as 0..255. One row at a time: no
 * full-resolution float buffer is made.
 */
export function applyGuided(
  coefficients: GuidedCoefficients,
  rgb: Uint8Array,
  width: number,
  height: number,
  levels: Levels = { low: 0, high: 1 },
  out: Uint8Array = new Uint8Array(width * height),
): Uint8Array {
  const { width: w, height: h, ar, ag, ab, b } = coefficients;
  const cols = samplingPositions(width, w);
  const rows = samplingPositions(height, h);
  const inv = 1 / 255;
  const low = levels.low;
  const stretch = 1 / (levels.high - levels.low);
  for (let y = 0; y < height; y++) {
    const fy = rows.f[y]!;
    const r0 = rows.i0[y]! * w;
    const r1 = rows.i1[y]! * w;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const c0 = cols.i0[x]!;
      const c1 = cols.i1[x]!;
      const fx = cols.f[x]!;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const i00 = r0 + c0;
      const i01 = r0 + c1;
      const i10 = r1 + c0;
      const i11 = r1 + c1;
      const cr = ar[i00]! * w00 + ar[i01]! * w01 + ar[i10]! * w10 + ar[i11]! * w11;
      const cg = ag[i00]! * w00 + ag[i01]! * w01 + ag[i10]! * w10 + ag[i11]! * w11;
      const cb = ab[i00]! * w00 + ab[i01]! * w01 + ab[i10]! * w10 + ab[i11]! * w11;
      const cc = b[i00]! * w00 + b[i01]! * w01 + b[i10]! * w10 + b[i11]! * w11;
      const k = 3 * (o + x);
      const q = ((cr * rgb[k]! + cg * rgb[k + 1]! + cb * rgb[k + 2]!) * inv + cc - low) * stretch;
      // Uint8Array stores by truncation; +0.5 rounds, and the clamp keeps 0..255.
      out[o + x] = q <= 0 ? 0 : q >= 1 ? 255 : q * 255 + 0.5;
    }
  }
  return out;
}

/** Packed 8-bit RGB to planar 0..1 floats. */
export function planarRgb(rgb: Uint8Array, width: number, height: number): PlanarRgb {
  const n = width * height;
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    r[i] = rgb[3 * i]! / 255;
    g[i] = rgb[3 * i + 1]! / 255;
    b[i] = rgb[3 * i + 2]! / 255;
  }
  return { width, height, r, g, b };
}

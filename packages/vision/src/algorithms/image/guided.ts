/**
 * The grey guided filter (K. He, J. Sun, X. Tang, "Guided Image Filtering", IEEE TPAMI 35(6),
 * 2013, eqs. 1-6) in the fast form of K. He, J. Sun, "Fast Guided Filter" (arXiv:1505.00996,
 * 2015): the linear coefficients q = a I + b are fitted on a copy subsampled by `sub` (block
 * means), box-averaged there, upsampled bilinearly and applied to the full-resolution guide, so
 * the output keeps the guide's edges at full resolution at a fraction of the cost. Box means are
 * body/guided-filter.ts's running sums (O(1) per pixel whatever the radius).
 *
 * Used as an edge-preserving smoother by the tone tasks: HDR's base layer of log luminance, the
 * night task's illumination map and its denoising. `eps` may vary per pixel (the night task's
 * denoising follows the local gain).
 */
import { boxMeanFilter, samplingPositions } from '../body/guided-filter.ts';

/** Block means of `src` (w x h) over `sub` x `sub` blocks (the last ones partial). */
export function blockMeans(src: Float32Array, w: number, h: number, sub: number) {
  if (sub === 1) return { data: src, width: w, height: h };
  const ws = Math.ceil(w / sub);
  const hs = Math.ceil(h / sub);
  const sum = new Float32Array(ws * hs);
  const count = new Float32Array(ws * hs);
  const column = Int32Array.from({ length: w }, (_, x) => Math.floor(x / sub));
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / sub) * ws;
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const j = row + column[x]!;
      sum[j]! += src[o + x]!;
      count[j]! += 1;
    }
  }
  for (let j = 0; j < sum.length; j++) sum[j] = sum[j]! / count[j]!;
  return { data: sum, width: ws, height: hs };
}

/**
 * q = A I + B at full resolution (w x h), A and B bilinearly upsampled from their ws x hs grids
 * (pixel centres aligned), in one pass: no full-resolution copy of A or B is made.
 */
function applyLinear(
  A: Float32Array,
  B: Float32Array,
  ws: number,
  hs: number,
  I: Float32Array,
  w: number,
  h: number,
): Float32Array {
  const q = new Float32Array(w * h);
  if (ws === w && hs === h) {
    for (let i = 0; i < q.length; i++) q[i] = A[i]! * I[i]! + B[i]!;
    return q;
  }
  const cols = samplingPositions(w, ws);
  const rows = samplingPositions(h, hs);
  for (let y = 0; y < h; y++) {
    const fy = rows.f[y]!;
    const r0 = rows.i0[y]! * ws;
    const r1 = rows.i1[y]! * ws;
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const fx = cols.f[x]!;
      const i00 = r0 + cols.i0[x]!;
      const i01 = r0 + cols.i1[x]!;
      const i10 = r1 + cols.i0[x]!;
      const i11 = r1 + cols.i1[x]!;
      const aTop = A[i00]! + fx * (A[i01]! - A[i00]!);
      const aBottom = A[i10]! + fx * (A[i11]! - A[i10]!);
      const bTop = B[i00]! + fx * (B[i01]! - B[i00]!);
      const bBottom = B[i10]! + fx * (B[i11]! - B[i10]!);
      q[o + x] = (aTop + fy * (aBottom - aTop)) * I[o + x]! + bTop + fy * (bBottom - bTop);
    }
  }
  return q;
}

/**
 * Guided filter of `p` under grey guide `I` (both w x h): window radius `r` full-resolution
 * pixels, regulariser `eps` (one value, or one per pixel times `epsScale`), coefficients on a
 * grid subsampled by `sub`. Returns q = mean(a) I + mean(b) at full resolution.
 */
export function guidedFilterGrey(
  I: Float32Array,
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number | Float32Array,
  sub = 1,
  epsScale = 1,
): Float32Array {
  const gi = blockMeans(I, w, h, sub);
  const gp = p === I ? gi : blockMeans(p, w, h, sub);
  const ge = typeof eps === 'number' ? undefined : blockMeans(eps, w, h, sub).data;
  const { width: ws, height: hs } = gi;
  const mean = boxMeanFilter(ws, hs, Math.max(1, Math.round(r / sub)));
  const mI = mean(gi.data);
  const mP = p === I ? mI : mean(gp.data);
  const mII = mean(gi.data, gi.data);
  const mIP = p === I ? mII : mean(gi.data, gp.data);
  const n = ws * hs;
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const e = ge ? ge[i]! * epsScale : (eps as number);
    const varI = mII[i]! - mI[i]! * mI[i]!;
    const cov = mIP[i]! - mI[i]! * mP[i]!;
    const ai = cov / (Math.max(0, varI) + e);
    a[i] = ai;
    b[i] = mP[i]! - ai * mI[i]!;
  }
  return applyLinear(mean(a), mean(b), ws, hs, I, w, h);
}

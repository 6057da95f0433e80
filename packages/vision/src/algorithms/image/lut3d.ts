/**
 * 3D colour lookup tables: a colour transform sampled on an N x N x N grid of sRGB colours, applied
 * to 8-bit pixels by tetrahedral interpolation (P. Kasson, S. Nin, W. Plouffe, J. Hafner,
 * "Performing color space conversions with three-dimensional linear interpolation", J. Electronic
 * Imaging 4(3), 1995): the grid cell around a colour is split into six tetrahedra along its
 * neutral diagonal, and the colour is the weighted sum of the 4 corners of the one it falls in
 * (greys are interpolated along the grey axis only, so a neutral transform stays neutral).
 *
 * Speed: each 8-bit value's grid offsets and fraction are precomputed per table (256 entries per
 * axis), the grid holds output code values in fixed point interleaved per node, and the pixel loop
 * does 4 reads per channel in integer arithmetic; no per-pixel allocation or function call.
 */

/** A colour transform of sRGB values 0..1 to sRGB values 0..1 (out of range is clamped). */
export type ColourTransform = (r: number, g: number, b: number) => readonly [number, number, number];

export interface Lut3d {
  /** Grid points per axis. */
  size: number;
  /**
   * Output code values in fixed point (x 16, so 0..4080), node (r, g, b) at
   * 3 (r + size (g + size b)), channels interleaved.
   */
  table: Int32Array;
  /** Per 8-bit value: offset in `table` of its lower grid node along red, green and blue. */
  offsetR: Int32Array;
  offsetG: Int32Array;
  offsetB: Int32Array;
  /** Per 8-bit value: its position between that node and the next, 0..256. */
  fraction: Int32Array;
}

/** Grid size of the tables: 33 points per axis (the common .cube size; 35 937 nodes). */
export const LUT_SIZE = 33;

/** Fixed-point scale of the table's code values (4 fractional bits). */
const ONE = 16;
export const clampCode = (v: number) => Math.round((v < 0 ? 0 : v > 1 ? 255 : v * 255) * ONE);

/** Samples `transform` on a `size`^3 grid of sRGB colours. */
export function buildLut(transform: ColourTransform, size = LUT_SIZE): Lut3d {
  const table = new Int32Array(size * size * size * 3);
  const step = 1 / (size - 1);
  let o = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const [R, G, B] = transform(r * step, g * step, b * step);
        table[o++] = clampCode(R);
        table[o++] = clampCode(G);
        table[o++] = clampCode(B);
      }
    }
  }
  return lutOfTable(size, table);
}

/**
 * A table of output code values (fixed point, `ONE` per code value; node (r, g, b) at
 * 3 (r + size (g + size b)), red fastest, the order of a .cube file) ready to apply: each 8-bit
 * value's lower grid node and fraction along each axis.
 */
export function lutOfTable(size: number, table: Int32Array): Lut3d {
  const offsetR = new Int32Array(256);
  const offsetG = new Int32Array(256);
  const offsetB = new Int32Array(256);
  const fraction = new Int32Array(256);
  for (let v = 0; v < 256; v++) {
    const pos = (v * (size - 1)) / 255;
    const i = Math.min(size - 2, Math.floor(pos));
    offsetR[v] = 3 * i;
    offsetG[v] = 3 * size * i;
    offsetB[v] = 3 * size * size * i;
    fraction[v] = Math.round((pos - i) * 256);
  }
  return { size, table, offsetR, offsetG, offsetB, fraction };
}

/**
 * Applies `lut` to packed 8-bit RGB `src` into `out` (may be `src` itself), blended with the
 * original by `alpha` (0 = the input unchanged, 1 = the table's colour). Integer arithmetic
 * throughout: weights in 1/256, table values in 1/16 code values, one rounding at the end.
 */
export function applyLut(
  lut: Lut3d,
  src: Uint8Array,
  alpha = 1,
  out: Uint8Array = new Uint8Array(src.length),
) {
  const { table: t, offsetR, offsetG, offsetB, fraction, size } = lut;
  const dr = 3;
  const dg = 3 * size;
  const db = 3 * size * size;
  const n = src.length - (src.length % 3);
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 256);
  if (a === 0) {
    if (out !== src) out.set(src.subarray(0, n));
    return out;
  }
  // out = (src x 16 x 256 x (256 - a) + lut x 256 x a) / 2^20, rounded: every term fits in 30 bits.
  const keep = (256 - a) << 12;
  const half = 1 << 19;
  for (let k = 0; k < n; k += 3) {
    const r8 = src[k]!;
    const g8 = src[k + 1]!;
    const b8 = src[k + 2]!;
    const fr = fraction[r8]!;
    const fg = fraction[g8]!;
    const fb = fraction[b8]!;
    const c000 = offsetR[r8]! + offsetG[g8]! + offsetB[b8]!;
    const c111 = c000 + dr + dg + db;
    // The tetrahedron holding (fr, fg, fb): its two middle corners and the three weights.
    let c1: number;
    let c2: number;
    let w1: number;
    let w2: number;
    let w3: number;
    if (fr > fg) {
      if (fg > fb) {
        c1 = c000 + dr;
        c2 = c1 + dg;
        w1 = fr;
        w2 = fg;
        w3 = fb;
      } else if (fr > fb) {
        c1 = c000 + dr;
        c2 = c1 + db;
        w1 = fr;
        w2 = fb;
        w3 = fg;
      } else {
        c1 = c000 + db;
        c2 = c1 + dr;
        w1 = fb;
        w2 = fr;
        w3 = fg;
      }
    } else if (fb > fg) {
      c1 = c000 + db;
      c2 = c1 + dg;
      w1 = fb;
      w2 = fg;
      w3 = fr;
    } else if (fb > fr) {
      c1 = c000 + dg;
      c2 = c1 + db;
      w1 = fg;
      w2 = fb;
      w3 = fr;
    } else {
      c1 = c000 + dg;
      c2 = c1 + dr;
      w1 = fg;
      w2 = fr;
      w3 = fb;
    }
    // c = (1 - w1) c000 + (w1 - w2) c1 + (w2 - w3) c2 + w3 c111, weights in 1/256.
    const k0 = 256 - w1;
    const k1 = w1 - w2;
    const k2 = w2 - w3;
    const R = k0 * t[c000]! + k1 * t[c1]! + k2 * t[c2]! + w3 * t[c111]!;
    const G = k0 * t[c000 + 1]! + k1 * t[c1 + 1]! + k2 * t[c2 + 1]! + w3 * t[c111 + 1]!;
    const B = k0 * t[c000 + 2]! + k1 * t[c1 + 2]! + k2 * t[c2 + 2]! + w3 * t[c111 + 2]!;
    out[k] = (r8 * keep + R * a + half) >> 20;
    out[k + 1] = (g8 * keep + G * a + half) >> 20;
    out[k + 2] = (b8 * keep + B * a + half) >> 20;
  }
  return out;
}

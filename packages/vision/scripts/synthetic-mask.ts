/**
 * Synthetic face masks for the evaluation of facemask (docs/quality.md, "Face mask"): no photo of a
 * masked face with a clear licence was found (Debian packages, the npm packages' samples), so the
 * positives are real unmasked faces with a mask drawn over them here.
 *
 * Placement: the face mesh (BlazeFace + FaceMesh) of the UNMASKED photo gives the face outline; the
 * mask covers it from below the eyes (mesh 117, 195 on the nose bridge, 346) along the jaw (the
 * face oval from cheek 234 round the chin to cheek 454), grown 4 % about its centre. facemask then
 * finds and measures the face again on the masked photo, so detection and mesh run on the mask.
 * Each style has a base colour, light shading from top to bottom, three darker horizontal pleats
 * (surgical-mask folds, which give the mouth band edges of their own) and pixel noise (sigma 5)
 * from a fixed seed, so the same photos always give the same masks.
 */
import { fillPolygon } from '../src/algorithms/face/retouch.ts';

type P3 = readonly [number, number, number];

export const MASK_STYLES = ['white', 'light_blue', 'black', 'patterned'] as const;
export type MaskStyle = (typeof MASK_STYLES)[number];

const BASE: Record<Exclude<MaskStyle, 'patterned'>, [number, number, number]> = {
  white: [236, 236, 232],
  light_blue: [140, 185, 215],
  black: [30, 30, 34],
};
/** The patterned mask: red and cream checks. */
const CHECKS: Array<[number, number, number]> = [
  [196, 56, 60],
  [238, 228, 206],
];

/** Mask outline: below the eyes across the nose bridge, then along the jaw round the chin. */
const OUTLINE = [
  234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454, 346,
  195, 117,
] as const;

/** Deterministic noise (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of packed RGB pixels with a mask of `style` drawn over the face of `mesh` (same pixels). */
export function drawSyntheticMask(
  rgb: { data: Buffer; width: number; height: number },
  mesh: readonly P3[],
  style: MaskStyle,
  seed = 1,
): Buffer {
  const { width: w, height: h } = rgb;
  const pts = OUTLINE.map((i) => mesh[i]!);
  const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const poly = pts.map((p) => [cx + 1.04 * (p[0] - cx), cy + 1.04 * (p[1] - cy)] as [number, number]);
  const cover = new Uint8Array(w * h);
  fillPolygon(cover, w, h, poly, 1);
  const top = Math.min(...poly.map((p) => p[1]));
  const bottom = Math.max(...poly.map((p) => p[1]));
  const faceWidth = Math.hypot(mesh[454]![0] - mesh[234]![0], mesh[454]![1] - mesh[234]![1]);
  const pleat = Math.max(1, 0.015 * faceWidth);
  const check = Math.max(2, 0.12 * faceWidth);
  const noise = rng(seed);
  const out = Buffer.from(rgb.data);
  for (let y = 0; y < h; y++) {
    const t = (y - top) / Math.max(1, bottom - top);
    const shade = 1.05 - 0.15 * t;
    const folded = [0.3, 0.5, 0.7].some((f) => Math.abs(y - (top + f * (bottom - top))) < pleat);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!cover[i]) continue;
      const base =
        style === 'patterned'
          ? CHECKS[(Math.floor(x / check) + Math.floor(y / check)) % 2]!
          : BASE[style as Exclude<MaskStyle, 'patterned'>];
      // Box-Muller: one Gaussian sample per pixel, sigma 5.
      const g = Math.sqrt(-2 * Math.log(noise() + 1e-9)) * Math.cos(2 * Math.PI * noise()) * 5;
      for (let c = 0; c < 3; c++) {
        const v = base[c]! * shade * (folded ? 0.8 : 1) + g;
        out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  return out;
}

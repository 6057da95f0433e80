/**
 * The image pieces of face fusion (v3/facefuse), child fusion (v1/facefusechild) and head
 * replacement (v2/headreplace): one face's mesh, a similarity alignment of two meshes, a
 * piecewise-affine warp over the mesh's triangles, colour transfer and multi-band blending.
 *
 *  - Alignment: the least-squares similarity (rotation, uniform scale, shift) taking one point
 *    set onto another (Umeyama, "Least-squares estimation of transformation parameters between
 *    two point patterns", IEEE PAMI 1991, in 2-D).
 *  - Warp: each triangle of the MediaPipe mesh (mesh-triangles.ts) is mapped by the affine map
 *    through its three corners (piecewise-affine warping, as in active appearance models: Cootes,
 *    Edwards & Taylor, ECCV 1998), sampled bilinearly.
 *  - Colour transfer: mean and standard deviation of each CIELAB channel of the source region
 *    moved to those of the target region (Reinhard, Ashikhmin, Gooch & Shirley, "Color Transfer
 *    between Images", IEEE CG&A 2001; they use lαβ, CIELAB here, as colour.ts has it).
 *  - Blending: Laplacian pyramids of the two images joined level by level through a Gaussian
 *    pyramid of the mask (Burt & Adelson, "A Multiresolution Spline with Application to Image
 *    Mosaics", ACM TOG 1983): low frequencies (skin tone, light) blend over a wide band, detail
 *    over a narrow one, so the seam shows neither an edge nor a ghost.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';
import { labToSrgb, srgbToLab } from '../image/colour.ts';
import { median } from './facemask.ts';
import { findFaceMeshes, imageRectangle, boundsOf, type MeshFaceModels } from './mesh-faces.ts';
import { MESH_TRIANGLES } from './mesh-triangles.ts';
import { boxMean, FACE_OVAL, faceWidthOf, fillPolygon } from './retouch.ts';

export type XY = [number, number];

/** Detection and the mesh run on a copy of at most this many pixels a side. */
const FIND_SIDE = 1024;

export interface FoundFace {
  /** The 468 mesh points in image pixels (x, y). */
  mesh: XY[];
  rectangle: { left: number; top: number; width: number; height: number };
  score: number;
}

/**
 * The largest face of `image` (the one a fusion works on), or undefined when there is none: the
 * facepoints pipeline (BlazeFace + FaceMesh, no iris) on a copy of at most FIND_SIDE a side.
 */
export async function largestFace(image: RgbPixels, models: MeshFaceModels): Promise<FoundFace | undefined> {
  const scale = Math.min(1, FIND_SIDE / Math.max(image.width, image.height));
  const working =
    scale === 1
      ? image
      : {
          width: Math.round(image.width * scale),
          height: Math.round(image.height * scale),
          data: await resizeRgb(image, Math.round(image.width * scale), Math.round(image.height * scale)),
        };
  const s = image.width / working.width;
  const found = await findFaceMeshes(models, working, {
    maxFaces: 3,
    minConfidence: 0.4,
    smallFaces: false,
    iris: false,
  });
  let best: (typeof found)[number] | undefined;
  let bestArea = 0;
  for (const f of found) {
    const area = (f.bounds.x2 - f.bounds.x1) * (f.bounds.y2 - f.bounds.y1);
    if (area > bestArea) {
      bestArea = area;
      best = f;
    }
  }
  if (!best) return undefined;
  return {
    mesh: best.landmarks.mesh.map(([x, y]) => [x * s, y * s] as XY),
    rectangle: imageRectangle(boundsOf(best.landmarks.mesh), s, s, image.width, image.height),
    score: Math.round(best.detection.score * 1e4) / 1e4,
  };
}

/** A similarity transform x' = a x - b y + tx, y' = b x + a y + ty. */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export const applySimilarity = (m: Similarity, p: XY): XY => [
  m.a * p[0] - m.b * p[1] + m.tx,
  m.b * p[0] + m.a * p[1] + m.ty,
];

/** The least-squares similarity taking `from` onto `to` (Umeyama 1991, 2-D, no reflection). */
export function alignSimilarity(from: readonly XY[], to: readonly XY[]): Similarity {
  const n = Math.min(from.length, to.length);
  let fx = 0;
  let fy = 0;
  let gx = 0;
  let gy = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]![0];
    fy += from[i]![1];
    gx += to[i]![0];
    gy += to[i]![1];
  }
  fx /= n;
  fy /= n;
  gx /= n;
  gy /= n;
  let sxx = 0;
  let sxy = 0;
  let var0 = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i]![0] - fx;
    const y = from[i]![1] - fy;
    const u = to[i]![0] - gx;
    const v = to[i]![1] - gy;
    sxx += x * u + y * v;
    sxy += x * v - y * u;
    var0 += x * x + y * y;
  }
  const a = var0 > 0 ? sxx / var0 : 1;
  const b = var0 > 0 ? sxy / var0 : 0;
  return { a, b, tx: gx - (a * fx - b * fy), ty: gy - (b * fx + a * fy) };
}

/** A box of pixels [x0, x1) x [y0, y1). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box around `points`, grown by `margin` pixels and kept inside w x h. */
export function boxAround(points: readonly XY[], margin: number, w: number, h: number): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return {
    x0: Math.max(0, Math.floor(x0 - margin)),
    y0: Math.max(0, Math.floor(y0 - margin)),
    x1: Math.min(w, Math.ceil(x1 + margin)),
    y1: Math.min(h, Math.ceil(y1 + margin)),
  };
}

/**
 * Piecewise-affine warp: every triangle (`triangles`, point indices in threes) of `dst` points is
 * filled from the same triangle of `src` points in `src` (bilinear). Writes packed float RGB of
 * the box `box` of the destination into `out` (box-sized) and 1 into `cover` where a triangle
 * covered the pixel; pixels no triangle covers are left as they were.
 */
export function warpTriangles(
  src: RgbPixels,
  srcPts: readonly XY[],
  dstPts: readonly XY[],
  triangles: readonly number[],
  box: Box,
  out: Float32Array,
  cover: Float32Array,
): void {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const { width: W, height: H, data } = src;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const i0 = triangles[t]!;
    const i1 = triangles[t + 1]!;
    const i2 = triangles[t + 2]!;
    const [x0, y0] = dstPts[i0]!;
    const [x1, y1] = dstPts[i1]!;
    const [x2, y2] = dstPts[i2]!;
    const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (Math.abs(det) < 1e-6) continue;
    const [u0, v0] = srcPts[i0]!;
    const [u1, v1] = srcPts[i1]!;
    const [u2, v2] = srcPts[i2]!;
    const ya = Math.max(box.y0, Math.floor(Math.min(y0, y1, y2)));
    const yb = Math.min(box.y1 - 1, Math.ceil(Math.max(y0, y1, y2)));
    const xa = Math.max(box.x0, Math.floor(Math.min(x0, x1, x2)));
    const xb = Math.min(box.x1 - 1, Math.ceil(Math.max(x0, x1, x2)));
    const eps = -1e-4;
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        // Barycentric coordinates of the pixel in the destination triangle.
        const l1 = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / det;
        const l2 = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / det;
        const l0 = 1 - l1 - l2;
        if (l0 < eps || l1 < eps || l2 < eps) continue;
        const sx = Math.min(W - 1.001, Math.max(0, l0 * u0 + l1 * u1 + l2 * u2));
        const sy = Math.min(H - 1.001, Math.max(0, l0 * v0 + l1 * v1 + l2 * v2));
        const ix = sx | 0;
        const iy = sy | 0;
        const fx = sx - ix;
        const fy = sy - iy;
        const p = (iy * W + ix) * 3;
        const q = p + W * 3;
        const o = ((y - box.y0) * bw + (x - box.x0)) * 3;
        for (let c = 0; c < 3; c++) {
          const top = data[p + c]! + fx * (data[p + 3 + c]! - data[p + c]!);
          const bottom = data[q + c]! + fx * (data[q + 3 + c]! - data[q + c]!);
          out[o + c] = top + fy * (bottom - top);
        }
        cover[(y - box.y0) * bw + (x - box.x0)] = 1;
      }
    }
  }
  void bh;
}

/** The crop `box` of `image` as packed float RGB. */
export function cropFloat(image: RgbPixels, box: Box): Float32Array {
  const bw = box.x1 - box.x0;
  const out = new Float32Array(bw * (box.y1 - box.y0) * 3);
  for (let y = box.y0; y < box.y1; y++) {
    const row = (y * image.width + box.x0) * 3;
    const o = (y - box.y0) * bw * 3;
    for (let i = 0; i < bw * 3; i++) out[o + i] = image.data[row + i]!;
  }
  return out;
}

/** Writes packed float RGB of `box` back into `image` (rounded, clamped to 0..255). */
export function pasteFloat(image: RgbPixels, box: Box, rgb: Float32Array): void {
  const bw = box.x1 - box.x0;
  for (let y = box.y0; y < box.y1; y++) {
    const row = (y * image.width + box.x0) * 3;
    const o = (y - box.y0) * bw * 3;
    for (let i = 0; i < bw * 3; i++) {
      const v = rgb[o + i]!;
      image.data[row + i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
}

/** The face-oval polygon of a mesh, each point moved towards the mesh centre by `shrink` (0..1). */
export function ovalOf(mesh: readonly XY[], shrink = 0): XY[] {
  let cx = 0;
  let cy = 0;
  for (const i of FACE_OVAL) {
    cx += mesh[i]![0];
    cy += mesh[i]![1];
  }
  cx /= FACE_OVAL.length;
  cy /= FACE_OVAL.length;
  return FACE_OVAL.map((i) => {
    const [x, y] = mesh[i]!;
    return [x + shrink * (cx - x), y + shrink * (cy - y)] as XY;
  });
}

/** A 0/1 mask of `box`'s size with `polygon` (image coordinates) filled. */
export function polygonMask(polygon: readonly XY[], box: Box): Float32Array {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const mask = new Float32Array(bw * bh);
  fillPolygon(
    mask,
    bw,
    bh,
    polygon.map(([x, y]) => [x - box.x0, y - box.y0] as [number, number]),
    1,
  );
  return mask;
}

/** Mean and standard deviation of L*, a*, b* over the pixels where weight > 0.5. */
function labMoments(rgb: Float32Array, weight: Float32Array) {
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < weight.length; i++) {
    if (weight[i]! <= 0.5) continue;
    const lab = srgbToLab(clamp8(rgb[i * 3]!), clamp8(rgb[i * 3 + 1]!), clamp8(rgb[i * 3 + 2]!));
    for (let c = 0; c < 3; c++) {
      sum[c]! += lab[c]!;
      sq[c]! += lab[c]! * lab[c]!;
    }
    n++;
  }
  const mean = sum.map((s) => (n ? s / n : 0));
  const std = sq.map((s, c) => (n ? Math.sqrt(Math.max(0, s / n - mean[c]! ** 2)) : 0));
  return { mean, std, n };
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** How far the colour transfer may stretch or squeeze a channel's spread. */
const TRANSFER_SPREAD = { min: 0.6, max: 1.6 } as const;

/**
 * The colour transfer's chroma factor (`chroma: 'gain'`): used only where both regions' mean a*
 * (or b*) is over `warm` (skin's are about 10 to 25) and the target's is the smaller; held at
 * `min` or more, so a face moved towards a much paler one keeps at least half its warmth (it
 * does not reach the target's mean then).
 */
const CHROMA_GAIN = { min: 0.5, warm: 2 } as const;

/**
 * Reinhard colour transfer in CIELAB: the pixels of `rgb` where `apply` > 0 get the mean and
 * standard deviation (per channel, measured where `sourceRegion` > 0.5) of `target` (measured
 * where `targetRegion` > 0.5), or `amount` (0..1) of the way to them. The spread ratio is held
 * within `spread` (TRANSFER_SPREAD unless given), so a flat or tiny region does not blow up the
 * contrast.
 *
 * `chroma: 'gain'` moves a* or b* towards a smaller mean by a factor instead (scaled by the
 * ratio of the two regions' means, CHROMA_GAIN): a shift moves every pixel by the same amount, so
 * a warm face moved towards a paler one had its near-neutral highlights (nose, upper lip, chin)
 * pushed to grey while the rest stayed warm, a grey patch; a factor keeps each pixel's share of
 * the face's warmth. Towards a larger mean it stays a shift: a factor over 1 multiplied the
 * variation too, and a face lit warm on one side and blue on the other (s3_middle, a* and b*
 * means near 0) came out orange and blue.
 */
export function transferColour(
  rgb: Float32Array,
  sourceRegion: Float32Array,
  target: Float32Array,
  targetRegion: Float32Array,
  apply: Float32Array,
  {
    amount = 1,
    spread = TRANSFER_SPREAD,
    chroma = 'shift',
  }: { amount?: number; spread?: { min: number; max: number }; chroma?: 'shift' | 'gain' } = {},
): void {
  const s = labMoments(rgb, sourceRegion);
  const full = labMoments(target, targetRegion);
  if (s.n < 16 || full.n < 16 || amount <= 0) return;
  // `amount` < 1 moves the colour only part of the way: to moments between the two regions'.
  const t = {
    mean: [0, 1, 2].map((c) => s.mean[c]! + amount * (full.mean[c]! - s.mean[c]!)),
    std: [0, 1, 2].map((c) => s.std[c]! + amount * (full.std[c]! - s.std[c]!)),
  };
  const ratio = [0, 1, 2].map((c) =>
    s.std[c]! > 1e-3 ? Math.min(spread.max, Math.max(spread.min, t.std[c]! / s.std[c]!)) : 1,
  );
  // Per channel: a factor (chroma 'gain': a* or b*, both means warm, the target's the smaller),
  // else 0: a shift.
  const gain = [0, 1, 2].map((c) =>
    chroma === 'gain' &&
    c > 0 &&
    s.mean[c]! > CHROMA_GAIN.warm &&
    t.mean[c]! > CHROMA_GAIN.warm &&
    t.mean[c]! < s.mean[c]!
      ? Math.max(CHROMA_GAIN.min, t.mean[c]! / s.mean[c]!)
      : 0,
  );
  const move = (v: number, c: number) => (gain[c] ? v * gain[c]! : (v - s.mean[c]!) * ratio[c]! + t.mean[c]!);
  const out = [0, 0, 0];
  for (let i = 0; i < apply.length; i++) {
    if (apply[i]! <= 0) continue;
    const lab = srgbToLab(clamp8(rgb[i * 3]!), clamp8(rgb[i * 3 + 1]!), clamp8(rgb[i * 3 + 2]!));
    labToSrgb(move(lab[0], 0), move(lab[1], 1), move(lab[2], 2), out);
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = out[c]!;
  }
}

/**
 * Mixed light on a face: a colour cast that changes across it (one cheek lit by a blue screen, the
 * nose by a warm lamp). `keep` and `rest` in CIELAB a* and b* units; `sigma` in face widths.
 */
export const CAST_RULES = {
  sigma: 0.04,
  keep: 3,
  rest: 0.1,
} as const;

/**
 * Mesh polygons left out of the skin whose cast evenCast measures (their colour is their own, not
 * the light's): the outer lip line, each eye with its lids (the mesh's second eye rings) and each
 * brow.
 */
export const CAST_FEATURES: readonly (readonly number[])[] = [
  [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185],
  [247, 30, 29, 27, 28, 56, 190, 243, 112, 26, 22, 23, 24, 110, 25, 130],
  [467, 260, 259, 257, 258, 286, 414, 463, 341, 256, 252, 253, 254, 339, 255, 359],
  [156, 70, 63, 105, 66, 107, 55, 193, 65, 52, 53, 46, 124, 35],
  [383, 300, 293, 334, 296, 336, 285, 417, 295, 282, 283, 276, 353, 265],
];

/**
 * Evens out the part of a face's colour cast that varies across it, before the colour transfer
 * (which moves the face's mean and spread, not a cast that differs between its sides: a face lit
 * warm on one side and blue on the other kept an orange nose on pale blue cheeks). The cast is
 * the low-frequency field of a* and b* over the skin (`region` > 0.5): normalised convolution
 * with a Gaussian (Knutsson & Westin, "Normalized and differential convolution", CVPR 1993), the
 * illumination estimate of centre-surround retinex (Land 1986; Jobson, Rahman & Woodell, IEEE TIP
 * 1997) taken in chroma only, so light and shade (L*) stay. Where the local cast lies more than
 * `keep` from the skin's median a* and b*, the excess is cut to `rest` of itself: a face in one light
 * (rosy cheeks, a yellower forehead: within `keep`) is left as it is, and fine detail (lips, eyes)
 * keeps its difference to the skin around it. Applied with the weight `apply` (0..1) per pixel.
 * The field is smooth, so it is made on cells half of sigma a side (their skin pixels' mean colour,
 * weighted by their share of skin) and interpolated bilinearly; only pixels where it exceeds
 * `keep` are converted to CIELAB (converting and blurring the whole box cost 40-160 ms per photo).
 */
export function evenCast(
  rgb: Float32Array,
  w: number,
  h: number,
  region: Float32Array,
  apply: Float32Array,
  sigmaPx: number,
  rules: { keep: number; rest: number } = CAST_RULES,
): void {
  // The cast is smooth: it is measured on a grid of `step` px cells (their mean colour), and only
  // the pixels where it exceeds `keep` are converted and corrected at full size.
  const step = Math.max(1, Math.floor(sigmaPx / 2));
  const gw = Math.ceil(w / step);
  const gh = Math.ceil(h / step);
  const n = gw * gh;
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const weight = new Float32Array(n);
  const sums = new Float64Array(n * 4);
  for (let y = 0; y < h; y++) {
    const row = ((y / step) | 0) * gw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const g = (row + ((x / step) | 0)) * 4;
      // The cell's colour is its skin pixels' mean; its weight the share of its pixels that are skin.
      sums[g + 3]!++;
      if (region[i]! <= 0.5) continue;
      sums[g]! += rgb[i * 3]!;
      sums[g + 1]! += rgb[i * 3 + 1]!;
      sums[g + 2]! += rgb[i * 3 + 2]!;
      weight[g >> 2]! += 1;
    }
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let g = 0; g < n; g++) {
    const skin = weight[g]!;
    if (!skin) continue;
    weight[g] = skin / sums[g * 4 + 3]!;
    const lab = srgbToLab(
      clamp8(sums[g * 4]! / skin),
      clamp8(sums[g * 4 + 1]! / skin),
      clamp8(sums[g * 4 + 2]! / skin),
    );
    A[g] = lab[1] * weight[g]!;
    B[g] = lab[2] * weight[g]!;
    if (weight[g]! > 0.5) {
      as.push(lab[1]);
      bs.push(lab[2]);
    }
  }
  if (as.length < 4) return;
  const refA = median(as);
  const refB = median(bs);
  // Three box passes of the same width have the Gaussian's variance (Wells 1986).
  const s = sigmaPx / step;
  const r = Math.max(1, Math.round((Math.sqrt(4 * s * s + 1) - 1) / 2));
  const tmp = new Float32Array(n);
  const blur = (src: Float32Array) => {
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    boxMean(src, gw, gh, r, tmp, x);
    boxMean(x, gw, gh, r, tmp, y);
    boxMean(y, gw, gh, r, tmp, x);
    return x;
  };
  const lowW = blur(weight);
  const lowA = blur(A);
  const lowB = blur(B);
  // Per cell: the cast's deviation from the skin's median; cells far from any skin (unknown) 0.
  const devA = new Float32Array(n);
  const devB = new Float32Array(n);
  /** Cells whose cast lies beyond `keep`. */
  const over = new Uint8Array(n);
  for (let g = 0; g < n; g++) {
    if (lowW[g]! < 0.05) continue;
    devA[g] = lowA[g]! / lowW[g]! - refA;
    devB[g] = lowB[g]! / lowW[g]! - refB;
    if (Math.hypot(devA[g]!, devB[g]!) > rules.keep) over[g] = 1;
  }
  if (!over.includes(1)) return;
  // A cell whose four corners (it and its right, lower and lower-right neighbours) are all within
  // `keep` bounds every pixel interpolated between them (a norm is convex): those are skipped.
  const exceeds = new Uint8Array(n);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const x1 = Math.min(gw - 1, gx + 1);
      const y1 = Math.min(gh - 1, gy + 1);
      exceeds[gy * gw + gx] =
        over[gy * gw + gx]! | over[gy * gw + x1]! | over[y1 * gw + gx]! | over[y1 * gw + x1]!;
    }
  const out = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    // Bilinear between cell centres.
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / step - 0.5));
    const y0 = fy | 0;
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const k = apply[i]!;
      if (k <= 0) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / step - 0.5));
      const x0 = fx | 0;
      if (!exceeds[y0 * gw + x0]) continue;
      const x1 = Math.min(gw - 1, x0 + 1);
      const tx = fx - x0;
      const g00 = y0 * gw + x0;
      const g01 = y0 * gw + x1;
      const g10 = y1 * gw + x0;
      const g11 = y1 * gw + x1;
      const topA = devA[g00]! + tx * (devA[g01]! - devA[g00]!);
      const da = topA + ty * (devA[g10]! + tx * (devA[g11]! - devA[g10]!) - topA);
      const topB = devB[g00]! + tx * (devB[g01]! - devB[g00]!);
      const db = topB + ty * (devB[g10]! + tx * (devB[g11]! - devB[g10]!) - topB);
      const m = Math.hypot(da, db);
      if (m <= rules.keep) continue;
      const cut = k * (1 - (rules.keep + (m - rules.keep) * rules.rest) / m);
      const lab = srgbToLab(clamp8(rgb[i * 3]!), clamp8(rgb[i * 3 + 1]!), clamp8(rgb[i * 3 + 2]!));
      labToSrgb(lab[0], lab[1] - cut * da, lab[2] - cut * db, out);
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = out[c]!;
    }
  }
}

/**
 * evenCast over a face: `rgb` is the crop `box` of a picture in which `mesh` (picture coordinates)
 * lies; the cast is measured on `skin` (> 0.5) without the mesh's CAST_FEATURES, at CAST_RULES's
 * scale of the mesh's face width, and evened where `apply` > 0.
 */
export function evenFaceCast(
  rgb: Float32Array,
  box: Box,
  mesh: readonly XY[],
  skin: Float32Array,
  apply: Float32Array,
): void {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const region = new Float32Array(skin.length);
  for (let i = 0; i < skin.length; i++) region[i] = skin[i]! > 0.5 ? 1 : 0;
  for (const feature of CAST_FEATURES)
    fillPolygon(
      region,
      bw,
      bh,
      feature.map((k) => [mesh[k]![0] - box.x0, mesh[k]![1] - box.y0] as [number, number]),
      0,
    );
  evenCast(rgb, bw, bh, region, apply, CAST_RULES.sigma * faceWidthOf(mesh));
}

interface Plane {
  w: number;
  h: number;
  /** `channels` values per pixel. */
  d: Float32Array;
  channels: number;
}

/** One level down the Gaussian pyramid: the 5-tap binomial filter [1 4 6 4 1]/16, every other pixel. */
function reduce(p: Plane): Plane {
  const { w, h, d, channels: C } = p;
  const w2 = Math.max(1, (w + 1) >> 1);
  const h2 = Math.max(1, (h + 1) >> 1);
  const K = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];
  // Horizontal pass at the kept columns, then vertical at the kept rows (edges clamped).
  const tmp = new Float32Array(w2 * h * C);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w2; x++)
      for (let c = 0; c < C; c++) {
        let s = 0;
        for (let k = -2; k <= 2; k++) {
          const xx = Math.min(w - 1, Math.max(0, 2 * x + k));
          s += K[k + 2]! * d[(y * w + xx) * C + c]!;
        }
        tmp[(y * w2 + x) * C + c] = s;
      }
  const out = new Float32Array(w2 * h2 * C);
  for (let y = 0; y < h2; y++)
    for (let x = 0; x < w2; x++)
      for (let c = 0; c < C; c++) {
        let s = 0;
        for (let k = -2; k <= 2; k++) {
          const yy = Math.min(h - 1, Math.max(0, 2 * y + k));
          s += K[k + 2]! * tmp[(yy * w2 + x) * C + c]!;
        }
        out[(y * w2 + x) * C + c] = s;
      }
  return { w: w2, h: h2, d: out, channels: C };
}

/** A level brought up to w x h by bilinear interpolation (the pyramid's expand step). */
function expand(p: Plane, w: number, h: number): Float32Array {
  const { w: pw, h: ph, d, channels: C } = p;
  const out = new Float32Array(w * h * C);
  const sx = pw / w;
  const sy = ph / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(ph - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = fy | 0;
    const y1 = Math.min(ph - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(pw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = fx | 0;
      const x1 = Math.min(pw - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < C; c++) {
        const a = d[(y0 * pw + x0) * C + c]!;
        const b = d[(y0 * pw + x1) * C + c]!;
        const e = d[(y1 * pw + x0) * C + c]!;
        const f = d[(y1 * pw + x1) * C + c]!;
        const top = a + tx * (b - a);
        const bottom = e + tx * (f - e);
        out[(y * w + x) * C + c] = top + ty * (bottom - top);
      }
    }
  }
  return out;
}

/**
 * Multi-band blending (Burt & Adelson 1983) of packed float RGB `a` over `b` (both w x h) through
 * `mask` (1 = a, 0 = b): `levels` Laplacian levels, each joined through the mask's Gaussian level,
 * then summed back. Returns the blend.
 */
export function multiBandBlend(
  a: Float32Array,
  b: Float32Array,
  mask: Float32Array,
  w: number,
  h: number,
  levels: number,
): Float32Array {
  let ga: Plane = { w, h, d: a, channels: 3 };
  let gb: Plane = { w, h, d: b, channels: 3 };
  let gm: Plane = { w, h, d: mask, channels: 1 };
  const bands: Plane[] = [];
  for (let l = 0; l < levels; l++) {
    if (ga.w < 4 || ga.h < 4) break;
    const na = reduce(ga);
    const nb = reduce(gb);
    const ea = expand(na, ga.w, ga.h);
    const eb = expand(nb, gb.w, gb.h);
    const band = new Float32Array(ga.w * ga.h * 3);
    for (let i = 0; i < ga.w * ga.h; i++) {
      const m = gm.d[i]!;
      for (let c = 0; c < 3; c++) {
        const k = i * 3 + c;
        band[k] = m * (ga.d[k]! - ea[k]!) + (1 - m) * (gb.d[k]! - eb[k]!);
      }
    }
    bands.push({ w: ga.w, h: ga.h, d: band, channels: 3 });
    ga = na;
    gb = nb;
    gm = reduce(gm);
  }
  // The coarsest level: the two Gaussians joined through the mask.
  let sum: Float32Array = new Float32Array(ga.w * ga.h * 3);
  for (let i = 0; i < ga.w * ga.h; i++) {
    const m = gm.d[i]!;
    for (let c = 0; c < 3; c++) sum[i * 3 + c] = m * ga.d[i * 3 + c]! + (1 - m) * gb.d[i * 3 + c]!;
  }
  let cur: Plane = { w: ga.w, h: ga.h, d: sum, channels: 3 };
  for (let l = bands.length - 1; l >= 0; l--) {
    const band = bands[l]!;
    sum = expand(cur, band.w, band.h);
    for (let i = 0; i < sum.length; i++) sum[i]! += band.d[i]!;
    cur = { w: band.w, h: band.h, d: sum, channels: 3 };
  }
  return cur.d;
}

/** Box mean of a one-channel w x h plane, radius r, twice (retouch.ts boxMean): a soft edge for masks. */
export function softenMask(mask: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const once = new Float32Array(w * h);
  const twice = new Float32Array(w * h);
  boxMean(mask, w, h, r, tmp, once);
  boxMean(once, w, h, r, tmp, twice);
  return twice;
}

/** The inner lip lines, corner (78) to corner (308): the upper lip's and the lower lip's. */
export const UPPER_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308] as const;
export const LOWER_INNER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308] as const;

/**
 * Triangles over the mouth's opening, a strip between the inner lip lines. MediaPipe's
 * triangulation leaves the opening as a hole: warped without it, a fused face showed there the
 * template's own unwarped pixels (its lips or teeth at the old place) instead of the user's
 * mouth. Where the shape's mouth is closed these triangles have no area and the warp skips them;
 * a photo's closed mouth warped to an open shape fills the opening with its stretched lip line,
 * which the mix weighs by that photo's share.
 */
export const MOUTH_TRIANGLES: readonly number[] = UPPER_INNER.slice(0, -1).flatMap((u, k) => {
  const u1 = UPPER_INNER[k + 1]!;
  const l = LOWER_INNER[k]!;
  const l1 = LOWER_INNER[k + 1]!;
  if (k === 0) return [u, u1, l1];
  if (k === UPPER_INNER.length - 2) return [u, u1, l];
  return [u, u1, l, u1, l1, l];
});

/** The mesh's triangles (MediaPipe's triangulation) and the mouth's opening. */
export const TRIANGLES: readonly number[] = [...MESH_TRIANGLES, ...MOUTH_TRIANGLES];

/**
 * A ring of points around a face for warping the photo around it smoothly: each face-oval point
 * pushed out from the oval's centre by `grow` (a share of its distance), kept inside the image.
 * Points 468.. of an extended mesh; `ringTriangles` joins them to the oval.
 */
export function ringAround(mesh: readonly XY[], grow: number, w: number, h: number): XY[] {
  const oval = ovalOf(mesh);
  let cx = 0;
  let cy = 0;
  for (const [x, y] of oval) {
    cx += x;
    cy += y;
  }
  cx /= oval.length;
  cy /= oval.length;
  return oval.map(([x, y]) => [
    Math.min(w - 1, Math.max(0, x + grow * (x - cx))),
    Math.min(h - 1, Math.max(0, y + grow * (y - cy))),
  ]);
}

/** Triangles of the strip between the face oval (mesh points) and its ring (points 468 + k). */
export const RING_TRIANGLES: readonly number[] = FACE_OVAL.flatMap((i, k) => {
  const next = FACE_OVAL[(k + 1) % FACE_OVAL.length]!;
  const r = 468 + k;
  const rNext = 468 + ((k + 1) % FACE_OVAL.length);
  return [i, next, r, next, rNext, r];
});

/** The decoded image as plain pixels (a copy the fusion may change). */
export const copyPixels = (image: DecodedImage | RgbPixels): RgbPixels => ({
  width: image.width,
  height: image.height,
  data: Buffer.from(image.data),
});

/** The forehead check's fixed rules (see foreheadSkin). */
export const FOREHEAD_RULES = {
  /** Distance (robust z, CIELAB) up to which a pixel counts as skin fully, and where it stops. */
  skinNear: 2.5,
  skinFar: 4,
  /** Least spreads of the reference skin (L*, a*, b*), so a very even face does not reject its own shading. */
  minSpread: [6, 3, 3],
  /** Band over which the check fades in above the brows, as a share of the chin-to-forehead height. */
  fade: 0.04,
} as const;

/**
 * How much each pixel of `rgb` (a crop at `box`, 3 floats a pixel) above the brows looks like the
 * face's own skin, 0..1 (1 below the brows and outside `region`): hair falling over the forehead
 * (a fringe) is not skin, and a face fusion that pasted it would draw a dark band across the
 * template's forehead. The reference skin is the middle of the face, between the nose tip and the
 * point between the eyes, inside `region` (> 0.5): per CIELAB channel its median and its spread
 * (1.4826 x the median absolute deviation, at least FOREHEAD_RULES.minSpread), so the eyes and
 * nostrils in that band do not move it. A pixel's distance is the root sum of squares of its
 * channels' robust z-scores; up to `skinNear` it is skin, beyond `skinFar` it is not, linear between.
 * "Above the brows": along the face's axis (chin 152 to forehead top 10 of the MediaPipe mesh),
 * beyond the brows' upper edge (105, 334), fading in over FOREHEAD_RULES.fade.
 */
export function foreheadSkin(
  rgb: Float32Array,
  region: Float32Array,
  mesh: readonly XY[],
  box: Box,
): Float32Array {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const weight = new Float32Array(bw * bh).fill(1);
  const chin = mesh[152]!;
  const top = mesh[10]!;
  const height = Math.hypot(top[0] - chin[0], top[1] - chin[1]);
  if (height < 4) return weight;
  const ux = (top[0] - chin[0]) / height;
  const uy = (top[1] - chin[1]) / height;
  const along = (x: number, y: number) => (x - chin[0]) * ux + (y - chin[1]) * uy;
  const at = (i: number) => along(mesh[i]![0], mesh[i]![1]);
  const brow = Math.max(at(105), at(334));
  const band = [at(1), at(168)] as const;
  const lab = new Float32Array(bw * bh * 3);
  const samples: number[][] = [[], [], []];
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      if (region[i]! <= 0.5) continue;
      const t = along(x + box.x0, y + box.y0);
      if (t < band[0] && t < brow - FOREHEAD_RULES.fade * height) continue;
      const l = srgbToLab(clamp8(rgb[i * 3]!), clamp8(rgb[i * 3 + 1]!), clamp8(rgb[i * 3 + 2]!));
      for (let c = 0; c < 3; c++) lab[i * 3 + c] = l[c]!;
      if (t >= band[0] && t <= band[1]) for (let c = 0; c < 3; c++) samples[c]!.push(l[c]!);
    }
  if (samples[0]!.length < 16) return weight;
  const centre = samples.map(median);
  const spread = samples.map((v, c) =>
    Math.max(FOREHEAD_RULES.minSpread[c]!, 1.4826 * median(v.map((x) => Math.abs(x - centre[c]!)))),
  );
  const { skinNear, skinFar } = FOREHEAD_RULES;
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      if (region[i]! <= 0.5) continue;
      const above =
        (along(x + box.x0, y + box.y0) - (brow - FOREHEAD_RULES.fade * height)) /
        (FOREHEAD_RULES.fade * height);
      if (above <= 0) continue;
      let d2 = 0;
      for (let c = 0; c < 3; c++) d2 += ((lab[i * 3 + c]! - centre[c]!) / spread[c]!) ** 2;
      const skin = Math.min(1, Math.max(0, (skinFar - Math.sqrt(d2)) / (skinFar - skinNear)));
      const share = Math.min(1, above);
      weight[i] = 1 - share * (1 - skin);
    }
  return weight;
}

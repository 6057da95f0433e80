/**
 * facemask (capability v1/mask): for every face, whether a face mask covers its nose and mouth,
 * with a score. No mask model ships in the npm packages we use, so it is a measurement on the face
 * mesh of the face tasks (BlazeFace + FaceMesh, mesh-faces.ts), named here:
 *
 * 1. Skin colour of the face, learnt from the face itself: pixels in discs around the forehead
 *    points of the mesh, a part of the face a mask never covers. Per channel of YCbCr a robust
 *    centre and spread (median and 1.4826 x MAD), the per-face seeded skin-colour model of
 *    Hsu, Abdel-Mottaleb and Jain, "Face detection in color images" (IEEE TPAMI 24(5), 2002),
 *    as skin-hair.ts uses it.
 * 2. `mismatch`: the share of the lower face's pixels (discs around the nose tip, the philtrum,
 *    the chin and the cheeks beside the nose and mouth; not the lips) whose chroma (Cb, Cr) or
 *    brightness lies far from that skin model: a mask is cloth of another colour over that region.
 * 3. `lipEdges`: the horizontal-edge energy of the mouth band (the lips' line, between the mouth
 *    corners) over that of the forehead, the lip-structure cue of the appearance measures
 *    (appearance.ts): real lips give strong edges where the mesh puts the mouth, a mask's cloth
 *    little.
 * 4. The score is `mismatch`, 0..1; a mask is reported at MASK_RULE.threshold, chosen on the
 *    tuning half of the photos of docs/quality.md ("Face mask"), whose masks are synthetic.
 *    `lipEdges` is measured but not scored: on those photos it did not separate masks (whose
 *    pleats have edges of their own) from lips.
 *
 * Weak where the measure is blind: a mask of the wearer's skin colour, a mask pulled under the
 * nose, a hand or a scarf over the mouth (counted as a mask), heavy beards (cloth-like, darker
 * than the skin), strong coloured light over half the face.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { ycbcrPlanes } from './retouch.ts';
import { findFaceMeshes, imageRectangle, loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import {
  parseFaceMaskParams,
  type FaceMaskFace,
  type FaceMaskParams,
  type FaceMaskResult,
} from './facemask-params.ts';

type P3 = readonly [number, number, number];

/** Forehead points of the mesh (centre, both sides, higher up on both sides): the skin reference. */
export const FOREHEAD_POINTS = [151, 108, 337, 69, 299] as const;
/**
 * Lower-face points a worn mask covers: nose tip (4), philtrum (164), chin (200, 175), cheeks
 * beside the nose (206, 426) and beside the mouth (212, 432). The lips are left out: their red is
 * off the forehead's skin on bare faces too (fewer false masks on the tuning half without them).
 */
export const LOWER_FACE_POINTS = [4, 164, 200, 175, 206, 426, 212, 432] as const;

/** Disc radius around each point, as a share of the face width (cheek 234 to cheek 454). */
const DISC = 0.07;

export const MASK_RULE = {
  /** A lower-face pixel is off the skin model beyond this robust distance (spreads). */
  distance: 3,
  /** Least spread in Cb/Cr and in Y (8-bit units): flat, evenly lit foreheads stay usable. */
  minChromaSpread: 4,
  minLumaSpread: 6,
  /**
   * Share of off-skin lower-face pixels at which a mask is reported. The score is that share
   * alone: the mouth band's edges (`lipEdges`) did not separate the tuning photos (pleated masks
   * have edges of their own; docs/quality.md), so they are measured and reported, not scored.
   */
  threshold: 0.7,
  /** Lowest face detector score looked at: the face tasks' (0.25 found no more masked faces on the tuning half). */
  minConfidence: 0.4,
} as const;

export interface MaskMeasures {
  mismatch: number;
  lipEdges: number;
  score: number;
}

/** The YCbCr planes of an image and its size. */
export interface Planes {
  Y: Float32Array;
  Cb: Float32Array;
  Cr: Float32Array;
  w: number;
  h: number;
}

/** Pixel indices inside discs of radius r around the given points (each pixel once). */
function discPixels(
  mesh: readonly P3[],
  points: readonly number[],
  r: number,
  w: number,
  h: number,
): number[] {
  const seen = new Set<number>();
  for (const i of points) {
    const [cx, cy] = mesh[i]!;
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(h - 1, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(w - 1, Math.ceil(cx + r)); x++) {
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) seen.add(y * w + x);
      }
    }
  }
  return [...seen];
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median and 1.4826 x MAD (a robust standard deviation) of a plane over pixels, spread floored. */
function robust(
  plane: Float32Array,
  px: readonly number[],
  floor: number,
): { centre: number; spread: number } {
  const v = px.map((i) => plane[i]!);
  const centre = median(v);
  const spread = 1.4826 * median(v.map((x) => Math.abs(x - centre)));
  return { centre, spread: Math.max(floor, spread) };
}

/** Mean |dY/dy| (central difference) over the pixels of a rectangle. */
function horizontalEdges(
  Y: Float32Array,
  w: number,
  h: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
) {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(1, Math.floor(y1)); y <= Math.min(h - 2, Math.ceil(y2)); y++) {
    for (let x = Math.max(0, Math.floor(x1)); x <= Math.min(w - 1, Math.ceil(x2)); x++) {
      sum += Math.abs(Y[(y + 1) * w + x]! - Y[(y - 1) * w + x]!) / 2;
      n++;
    }
  }
  return n ? sum / n : 0;
}

/** Mean |dY/dy| over a set of pixels (rows 1..h-2). */
function edgesAt(Y: Float32Array, w: number, h: number, px: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (const i of px) {
    const y = Math.floor(i / w);
    if (y < 1 || y > h - 2) continue;
    sum += Math.abs(Y[i + w]! - Y[i - w]!) / 2;
    n++;
  }
  return n ? sum / n : 0;
}

/** The measures of one face (mesh in the pixels of `planes`) and its mask score. */
export function measureMask(planes: Planes, mesh: readonly P3[]): MaskMeasures {
  const { Y, Cb, Cr, w, h } = planes;
  const faceWidth = Math.max(1, Math.hypot(mesh[454]![0] - mesh[234]![0], mesh[454]![1] - mesh[234]![1]));
  const r = Math.max(1.5, DISC * faceWidth);
  const R = MASK_RULE;
  const forehead = discPixels(mesh, FOREHEAD_POINTS, r, w, h);
  const lower = discPixels(mesh, LOWER_FACE_POINTS, r, w, h);
  if (forehead.length === 0 || lower.length === 0) return { mismatch: 0, lipEdges: 0, score: 0 };
  const y = robust(Y, forehead, R.minLumaSpread);
  const cb = robust(Cb, forehead, R.minChromaSpread);
  const cr = robust(Cr, forehead, R.minChromaSpread);
  let off = 0;
  for (const i of lower) {
    const zb = (Cb[i]! - cb.centre) / cb.spread;
    const zr = (Cr[i]! - cr.centre) / cr.spread;
    const d = Math.sqrt(zb * zb + zr * zr);
    // Brightness counts on a looser scale: shading under the nose and chin is skin too.
    const l = Math.abs(Y[i]! - y.centre) / (2 * y.spread);
    if (Math.max(d, l) > R.distance) off++;
  }
  const mismatch = off / lower.length;
  // The mouth band: between the mouth corners (61, 291), from the upper lip's top (0) to below
  // the lower lip (17).
  const xs = [mesh[61]![0], mesh[291]![0]];
  const ys = [mesh[0]![1], mesh[17]![1]];
  const band = horizontalEdges(Y, w, h, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  const lipEdges = band / Math.max(1, edgesAt(Y, w, h, forehead));
  const score = mismatch;
  return { mismatch, lipEdges, score };
}

/** YCbCr planes of a decoded image. */
export function planesOf(image: { data: Buffer; width: number; height: number }): Planes {
  return { ...ycbcrPlanes(image.data, image.width * image.height), w: image.width, h: image.height };
}

/** Working-size cap: faces are measured in discs of a few pixels; larger photos add nothing. */
const WORKING_SIDE = 1280;

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** Every face with its measures (for the measurement script and the tests). */
export async function maskFaces(image: DecodedImage, params: FaceMaskParams, models: MeshFaceModels) {
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const planes = planesOf(image);
  const found = await findFaceMeshes(models, image, {
    maxFaces: params.maxFaceNum,
    minConfidence: MASK_RULE.minConfidence,
    smallFaces: true,
    iris: false,
  });
  return found.map((f) => ({
    face: f,
    rectangle: imageRectangle(f.bounds, sx, sy, image.originalWidth, image.originalHeight),
    measures: measureMask(planes, f.landmarks.modelMesh),
  }));
}

async function run(
  image: DecodedImage,
  params: FaceMaskParams,
  models: MeshFaceModels,
): Promise<FaceMaskResult> {
  const faces: FaceMaskFace[] = (await maskFaces(image, params, models)).map(
    ({ face, rectangle, measures }) => ({
      face_rectangle: rectangle,
      score: round4(face.detection.score),
      attributes: {
        mask: { value: measures.score >= MASK_RULE.threshold ? 1 : 0, score: round4(measures.score) },
      },
    }),
  );
  faces.sort((a, b) => a.face_rectangle.left - b.face_rectangle.left);
  return {
    image_width: image.originalWidth,
    image_height: image.originalHeight,
    face_num: faces.length,
    faces,
  };
}

export const facemask: Algorithm<FaceMaskParams, FaceMaskResult, MeshFaceModels> = {
  task: 'facemask',
  decode: { maxSide: WORKING_SIDE },
  parseParams: parseFaceMaskParams,
  loadModels: loadMeshFaceModels,
  // The detector and mesh are the face tasks', warmed up by them at start.
  warmup: async () => {},
  run,
};

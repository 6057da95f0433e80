/**
 * Skin and hair masks seeded per photo by the face mesh: the shared pipeline of the skinsegment,
 * hairsegment and facesegment tasks. No model of its own; it runs three shipped ones (the face
 * detector and mesh of the face tasks, segment's selfie model with bodypose's person check) and
 * classical colour statistics on their output:
 *
 * 1. Faces: BlazeFace + FaceMesh (mesh-faces.ts) on a copy of at most DETECT_SIDE px a side; the
 *    468 points are carried to the working copy (at most WORKING_SIDE px a side, segment's).
 * 2. People: segment's person probability, resampled to the working copy; skin and hair are only
 *    looked for on people. The selfie model also cuts out cats and cups, so its regions are kept
 *    only where a person is seen (keepPeople): by default where a found face's mesh lies (skin and
 *    hair are seeded by faces, so a region without one gives them no seed anyway), or, for tasks
 *    that also need the body (hairattributes, headreplace), where bodypose finds a person
 *    (peopleAndPoses), as segment does.
 * 3. Skin: a colour model learnt from each face's own cheeks and forehead (discs around mesh
 *    points), a Gaussian in YCbCr's chroma plane (CbCr) with a loose lightness term, the classical
 *    skin-colour model of face-seeded skin detection (Hsu, Abdel-Mottaleb, Jain, "Face detection in
 *    color images", IEEE TPAMI 24(5), 2002, for CbCr; here fitted per photo rather than once for
 *    everyone, so lighting and skin tone come from the photo). The seeds are trimmed robustly
 *    (median and MAD) so hair over the forehead or a shadow does not enter the model. A pixel's
 *    skin probability is a ramp on its Mahalanobis distance to the nearest face's model, times the
 *    person probability; eyes, brows and the inside of the mouth are cut out along the mesh.
 * 4. Hair: seeded by each face's mesh above the forehead line and beside the temples (samples
 *    along the silhouette's upper half, pushed outwards), as in Yacoob and Davis, "Detection and
 *    analysis of hair", IEEE TPAMI 28(7), 2006, and Rousset and Coulon, "Frequential and color
 *    analysis for hair mask segmentation", ICIP 2008: a colour model learnt from the hair seen
 *    above the face (here a robust Gaussian in Y, Cb, Cr), grown from the seeds through the
 *    pixels it accepts (4-connected, on a person, not skin, inside a head-and-shoulders window),
 *    so the same colour elsewhere in the photo is not taken.
 * 5. Refinement: the fast guided filter of segment (guided-filter.ts) with the photo as guide, so
 *    the mask's edges follow the photo's edges at full size.
 *
 * Weak where documented in docs/quality.md: skin-coloured clothes, wood or walls touching a
 * person count as skin; hair of the colour of the wall behind it, or of dark clothes it touches,
 * leaks; bald heads and hats give little or no hair; no face means no colour model at all.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import { findFaceMeshes, loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { attributeRoi, runFaceresModel, type FaceresOutputs } from '../face/faceres.ts';
import { FACE_OVAL, fillPolygon, ycbcrPlanes } from '../face/retouch.ts';
import { getModel } from '../../runtime/models.ts';
import { applyGuided, boxMean, guidedCoefficients, planarRgb, type PlanarRgb } from './guided-filter.ts';
import type { BodyPoseResult } from './bodypose-params.ts';
import {
  keepPeople,
  peopleAndPoses,
  personProbability,
  resampleMap,
  SELFIE_INPUT,
  subsampled,
  WORKING_SIDE,
  type SegmentModels,
} from './segment.ts';

export type SkinHairModels = MeshFaceModels & SegmentModels;

export async function loadSkinHairModels(): Promise<SkinHairModels> {
  const [faces, movenet] = await Promise.all([loadMeshFaceModels(), getModel('movenet-multipose')]);
  return { ...faces, movenet };
}

type Pt = [number, number];

/** Long side of the copy the face detector and mesh see (small faces of group photos stay findable). */
export const DETECT_SIDE = 1024;
/** At most this many faces seed the colour models (the detector's best first). */
export const MAX_FACES = 10;

/** A face's mesh on the working copy, and its frame: centre, up (chin to forehead), sizes. */
export interface HeadFrame {
  mesh: Pt[];
  cx: number;
  cy: number;
  /** Unit vector from the chin (152) towards the top of the forehead (10). */
  ux: number;
  uy: number;
  /** Cheek to cheek (234 to 454) and chin to forehead top (152 to 10), working pixels. */
  width: number;
  height: number;
  /** The face detector's score, 0..1. */
  score: number;
  /** HSE-FaceRes on the face (analysePhoto's `faceres` option): the hair attributes' probes read it. */
  faceres?: FaceresOutputs;
}

/** The photo as the masks see it: its working copy in YCbCr, the people on it, the faces. */
export interface PhotoMaps {
  working: RgbPixels;
  faces: HeadFrame[];
  /** Person probability 0..1 on the working copy (all 0 when there is no face: not computed). */
  person: Float32Array;
  /** The people bodypose found for the person check, in working pixels (none without a face). */
  poses?: BodyPoseResult;
  Y: Float32Array;
  Cb: Float32Array;
  Cr: Float32Array;
}

function headFrame(mesh: Pt[], score: number): HeadFrame {
  let cx = 0;
  let cy = 0;
  for (const [x, y] of mesh) {
    cx += x;
    cy += y;
  }
  cx /= mesh.length;
  cy /= mesh.length;
  const [tx, ty] = mesh[10]!;
  const [bx, by] = mesh[152]!;
  const height = Math.hypot(tx - bx, ty - by) || 1;
  const width = Math.hypot(mesh[454]![0] - mesh[234]![0], mesh[454]![1] - mesh[234]![1]) || 1;
  return { mesh, cx, cy, ux: (tx - bx) / height, uy: (ty - by) / height, width, height, score };
}

/**
 * Faces, people and colours of the photo. `poses`: run bodypose too, for its people (`maps.poses`)
 * and as the person check; without it the faces' meshes are the person check, which spares
 * bodypose's model (about a third of skinsegment's time). `faceres`: run HSE-FaceRes on each face
 * too (its crop of the detection copy, as the face analysis makes it).
 */
export async function analysePhoto(
  image: DecodedImage,
  models: SkinHairModels,
  { poses = false, faceres = false }: { poses?: boolean; faceres?: boolean } = {},
): Promise<PhotoMaps> {
  const working = await subsampled(image, WORKING_SIDE);
  const detect = await subsampled(image, DETECT_SIDE);
  const found = await findFaceMeshes(
    models,
    detect,
    { maxFaces: MAX_FACES, minConfidence: 0.4, smallFaces: true, iris: false },
    faceres ? (face, pixels) => runFaceresModel(pixels, attributeRoi(face)) : undefined,
  );
  const s = working.width / detect.width;
  const faces = found.map((f) => ({
    ...headFrame(
      f.landmarks.mesh.map(([x, y]) => [x * s, y * s] as Pt),
      f.detection.score,
    ),
    ...(f.extra ? { faceres: f.extra } : {}),
  }));
  const n = working.width * working.height;
  const people =
    faces.length === 0
      ? undefined
      : poses
        ? await peopleAndPoses(working, image, models)
        : { probability: keepPeople(await personProbability(working), meshPoints(faces, working)) };
  const person = people
    ? resampleMap(people.probability, SELFIE_INPUT, SELFIE_INPUT, working.width, working.height)
    : new Float32Array(n);
  const { Y, Cb, Cr } = ycbcrPlanes(working.data, n);
  return { working, faces, person, poses: people && 'poses' in people ? people.poses : undefined, Y, Cb, Cr };
}

/** Every mesh point of the faces, in the selfie model's 256-grid pixels (keepPeople's points). */
function meshPoints(faces: HeadFrame[], working: RgbPixels): Array<[number, number]> {
  const sx = SELFIE_INPUT / working.width;
  const sy = SELFIE_INPUT / working.height;
  return faces.flatMap((face) => face.mesh.map(([x, y]) => [x * sx, y * sy] as [number, number]));
}

// ---------------------------------------------------------------------------------------------
// A robust Gaussian colour model

/** A Gaussian over k channels: mean and inverse covariance (row-major k x k). */
interface ColourModel {
  channels: Float32Array[];
  mean: number[];
  inverse: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A 3 x 3 matrix, row-major. */
type Matrix3 = [number, number, number, number, number, number, number, number, number];

function invert(m: number[], k: number): number[] {
  if (k === 1) return [1 / m[0]!];
  if (k === 2) {
    const [a, b, c, d] = m as [number, number, number, number];
    const det = a * d - b * c;
    return [d / det, -b / det, -c / det, a / det];
  }
  const [a, b, c, d, e, f, g, h, i] = m as Matrix3;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/**
 * A Gaussian fitted to the seed pixels `at` over `channels`: seeds further than TRIM robust
 * deviations (1.4826 x MAD) from the median in any channel are dropped first, so a minority of
 * wrong seeds (hair over a cheek, a highlight) does not widen the model. Each channel's variance
 * is at least floor[c]^2 (a very even patch of skin does not make every other pixel foreign).
 */
function fitModel(channels: Float32Array[], at: number[], floor: number[]): ColourModel {
  const TRIM = 2.5;
  const k = channels.length;
  const centre = channels.map((c) => median(at.map((i) => c[i]!)));
  const spread = channels.map(
    (c, j) => 1.4826 * median(at.map((i) => Math.abs(c[i]! - centre[j]!))) || floor[j]!,
  );
  const kept = at.filter((i) => channels.every((c, j) => Math.abs(c[i]! - centre[j]!) <= TRIM * spread[j]!));
  const mean = channels.map((c) => kept.reduce((s, i) => s + c[i]!, 0) / kept.length);
  const cov = new Array<number>(k * k).fill(0);
  for (const i of kept) {
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < k; b++)
        cov[a * k + b]! += (channels[a]![i]! - mean[a]!) * (channels[b]![i]! - mean[b]!);
    }
  }
  for (let a = 0; a < k * k; a++) cov[a] = cov[a]! / Math.max(1, kept.length - 1);
  for (let a = 0; a < k; a++) cov[a * k + a] = Math.max(cov[a * k + a]!, floor[a]! ** 2);
  return { channels, mean, inverse: invert(cov, k) };
}

/**
 * Squared Mahalanobis distance of pixel i to a three-channel model, `d2(i)`: the sum over channel
 * pairs (a, b) of (x_a - mean_a) inverse_ab (x_b - mean_b), unrolled (no per-pixel loops).
 */
function distance3(model: ColourModel): (i: number) => number {
  const [c0, c1, c2] = model.channels as [Float32Array, Float32Array, Float32Array];
  const [m0, m1, m2] = model.mean as [number, number, number];
  const [v00, v01, v02, v10, v11, v12, v20, v21, v22] = model.inverse as Matrix3;
  return (i) => {
    const a = c0[i]! - m0;
    const b = c1[i]! - m1;
    const c = c2[i]! - m2;
    let d = 0;
    d += a * v00 * a;
    d += a * v01 * b;
    d += a * v02 * c;
    d += b * v10 * a;
    d += b * v11 * b;
    d += b * v12 * c;
    d += c * v20 * a;
    d += c * v21 * b;
    d += c * v22 * c;
    return d;
  };
}

/** Full membership up to ON model deviations, none from OFF, linear between. */
const ramp = (d2: number, on: number, off: number): number => {
  if (d2 <= on * on) return 1;
  if (d2 >= off * off) return 0;
  return (off - Math.sqrt(d2)) / (off - on);
};

/** Indices of the working pixels within `radius` of (x, y). */
function disc(x: number, y: number, radius: number, w: number, h: number, into: number[]): void {
  const r = Math.max(1, radius);
  for (let yy = Math.max(0, Math.floor(y - r)); yy <= Math.min(h - 1, Math.ceil(y + r)); yy++) {
    for (let xx = Math.max(0, Math.floor(x - r)); xx <= Math.min(w - 1, Math.ceil(x + r)); xx++) {
      if ((xx - x) ** 2 + (yy - y) ** 2 <= r * r) into.push(yy * w + xx);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Skin

/**
 * Skin seeds: mesh points of the cheeks (205, 425, and 50, 280 beside them) and the forehead
 * (151, 108, 337), each a disc of SKIN_RULES.seedRadius face widths.
 */
export const SKIN_SEED_POINTS = [205, 425, 50, 280, 151, 108, 337] as const;

/** Mesh outlines cut out of the skin: the eye openings (lid lines), brows, inside of the mouth. */
export const NOT_SKIN = {
  eyeRight: [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7],
  eyeLeft: [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249],
  browRight: [70, 63, 105, 66, 107, 55, 65, 52, 53, 46],
  browLeft: [300, 293, 334, 296, 336, 285, 295, 282, 283, 276],
  mouth: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95],
} as const;

/**
 * Constants of the skin model, chosen by looking at masks of face-api samples 2-6 (not the
 * photos of the quality report).
 */
export const SKIN_RULES = {
  seedRadius: 0.06,
  /** Chroma deviations: full skin up to `on`, none from `off`. */
  on: 2.5,
  off: 4,
  /** Smallest chroma standard deviation of a model (8-bit CbCr levels), and of lightness. */
  chromaFloor: 2.5,
  lightFloor: 12,
  /** A lightness deviation counts as 1 / darker (below the face's mean) or 1 / brighter of a chroma one. */
  darker: 1.5,
  brighter: 3,
  /** Outlines of NOT_SKIN are grown by this factor about their centre (lashes, brow hairs). */
  holeGrow: 1.15,
} as const;

/** Grows a polygon by `factor` about its centroid. */
function grown(poly: Pt[], factor: number): Pt[] {
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length;
  const cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  return poly.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

/** Skin probability 0..1 on the working copy. */
export function skinProbability(maps: PhotoMaps): Float32Array {
  const { working, faces, person, Y, Cb, Cr } = maps;
  const w = working.width;
  const h = working.height;
  const n = w * h;
  const out = new Float32Array(n);
  for (const face of faces) {
    const seeds: number[] = [];
    for (const p of SKIN_SEED_POINTS) {
      const [x, y] = face.mesh[p]!;
      disc(x, y, SKIN_RULES.seedRadius * face.width, w, h, seeds);
    }
    if (seeds.length < 5) continue;
    const model = fitModel([Cb, Cr, Y], seeds, [
      SKIN_RULES.chromaFloor,
      SKIN_RULES.chromaFloor,
      SKIN_RULES.lightFloor,
    ]);
    // Lightness is made more tolerant after the fit, more so above the face's mean than below it
    // (shading and highlights are skin too; hair is mostly darker than the skin it frames).
    const darker: ColourModel = { ...model, inverse: looseLight(model.inverse, SKIN_RULES.darker) };
    const brighter: ColourModel = { ...model, inverse: looseLight(model.inverse, SKIN_RULES.brighter) };
    const meanY = model.mean[2]!;
    const dDarker = distance3(darker);
    const dBrighter = distance3(brighter);
    for (let i = 0; i < n; i++) {
      if (person[i]! < 0.05) continue;
      const s = ramp(Y[i]! < meanY ? dDarker(i) : dBrighter(i), SKIN_RULES.on, SKIN_RULES.off);
      if (s > out[i]!) out[i] = s;
    }
  }
  for (let i = 0; i < n; i++) out[i] = out[i]! * person[i]!;
  for (const face of faces) {
    for (const poly of Object.values(NOT_SKIN)) {
      fillPolygon(
        out,
        w,
        h,
        grown(
          poly.map((p) => face.mesh[p]!),
          SKIN_RULES.holeGrow,
        ),
        0,
      );
    }
  }
  return out;
}

/**
 * The inverse covariance of (Cb, Cr, Y) with lightness made `k` times more tolerant: the third
 * row and column divided by k (the Y-Y term by k^2), i.e. Y's deviation scaled down by k.
 */
function looseLight(inverse: number[], k: number): number[] {
  return inverse.map((v, j) => v / ((Math.floor(j / 3) === 2 ? k : 1) * (j % 3 === 2 ? k : 1)));
}

// ---------------------------------------------------------------------------------------------
// Hair

/**
 * Upper part of the mesh silhouette: FACE_OVAL from the top of the forehead (10) down either side
 * to the temples at eye level (356 and 127), where hair beside the face starts.
 */
const HAIR_SEED_POINTS = FACE_OVAL.filter((_, k) => k <= 7 || k >= 29);

/**
 * Constants of the hair model (lengths in face heights, chin to forehead top), chosen by looking
 * at masks of face-api samples 2-6 (not the photos of the quality report).
 */
export const HAIR_RULES = {
  /** Seeds: outwards from each upper silhouette point, from `seedFrom` to `seedTo`. */
  seedFrom: 0.06,
  seedTo: 0.2,
  /** A face whose seeds are mostly skin or background (bald, shaved, a hat) has no hair model. */
  minSeeds: 12,
  /** Colour deviations: full hair up to `on`, none from `off`. */
  on: 2.5,
  off: 4,
  /** Smallest standard deviations of the model (Cb, Cr, Y levels), and how much more tolerant lightness is below and above its mean. */
  floors: [3, 3, 12],
  darker: 2.5,
  brighter: 1.5,
  /** Seeds and grown hair: on a person (>= person) and not skin (< skin). */
  person: 0.5,
  skin: 0.5,
  /** The window hair is grown in: up to `above` over the forehead top, `below` under the chin, `side` either way of the face centre. */
  above: 0.8,
  below: 2.2,
  side: 1.4,
  /** Radius (working pixels) of the window of the local lightness deviation (texture). */
  textureRadius: 2,
  /** Kept hair grown by this many working pixels so its soft fringe stays. */
  fringe: 2,
} as const;

/** Hair probability 0..1 on the working copy; `skin` is skinProbability's map. */
export function hairProbability(maps: PhotoMaps, skin: Float32Array): Float32Array {
  const { working, faces, person, Y, Cb, Cr } = maps;
  const w = working.width;
  const h = working.height;
  const n = w * h;
  const out = new Float32Array(n);
  const candidate = new Float32Array(n);
  const texture = localDeviation(Y, w, h, HAIR_RULES.textureRadius);
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  for (const face of faces) {
    const seeds: number[] = [];
    for (const p of HAIR_SEED_POINTS) {
      const [px, py] = face.mesh[p]!;
      const dx = px - face.cx;
      const dy = py - face.cy;
      const len = Math.hypot(dx, dy) || 1;
      for (let t = HAIR_RULES.seedFrom; t <= HAIR_RULES.seedTo + 1e-9; t += 0.02) {
        const x = Math.round(px + (dx / len) * t * face.height);
        const y = Math.round(py + (dy / len) * t * face.height);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const i = y * w + x;
        if (person[i]! >= HAIR_RULES.person && skin[i]! < HAIR_RULES.skin) seeds.push(i);
      }
    }
    if (seeds.length < HAIR_RULES.minSeeds) continue;
    const model = fitModel([Cb, Cr, Y], seeds, [...HAIR_RULES.floors]);
    // Texture: hair is strands, so its lightness varies from pixel to pixel; a smooth surface of
    // the same colour (a leather sofa, a dark dress) does not. Full weight from 0.3 of the seeds'
    // median local deviation up, none at 0.15 of it.
    const textureOn = Math.max(1, 0.3 * median(seeds.map((i) => texture[i]!)));
    // Lightness more tolerant after the fit, darker more than brighter: hair away from the light
    // (its lower lengths, the side turned away) is darker than the top that seeded the model.
    const darker: ColourModel = { ...model, inverse: looseLight(model.inverse, HAIR_RULES.darker) };
    const brighter: ColourModel = { ...model, inverse: looseLight(model.inverse, HAIR_RULES.brighter) };
    const meanY = model.mean[2]!;
    const dDarker = distance3(darker);
    const dBrighter = distance3(brighter);
    // The window, in the face's own frame (u up, v to the side).
    const top = HAIR_RULES.above * face.height + face.height / 2;
    const bottom = -(HAIR_RULES.below * face.height + face.height / 2);
    const side = HAIR_RULES.side * face.height;
    const inWindow = (x: number, y: number) => {
      const rx = x - face.cx;
      const ry = y - face.cy;
      const u = rx * face.ux + ry * face.uy;
      const v = rx * -face.uy + ry * face.ux;
      return u <= top && u >= bottom && Math.abs(v) <= side;
    };
    candidate.fill(0);
    reached.fill(0);
    const x0 = Math.max(0, Math.floor(face.cx - (top + side)));
    const x1 = Math.min(w - 1, Math.ceil(face.cx + (top + side)));
    const y0 = Math.max(0, Math.floor(face.cy - (top + side)));
    const y1 = Math.min(h - 1, Math.ceil(face.cy - bottom + side));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        if (person[i]! < 0.05 || !inWindow(x, y)) continue;
        const colour = ramp(Y[i]! < meanY ? dDarker(i) : dBrighter(i), HAIR_RULES.on, HAIR_RULES.off);
        const rough = Math.min(1, Math.max(0, (2 * texture[i]!) / textureOn - 1));
        candidate[i] = colour * rough * person[i]! * (1 - skin[i]!);
      }
    }
    // Grown from the seeds through accepted pixels (>= 0.5), 4-connected.
    for (const i of seeds) {
      if (candidate[i]! >= 0.5 && !reached[i]) {
        reached[i] = 1;
        stack.push(i);
      }
    }
    const visit = (j: number) => {
      if (!reached[j] && candidate[j]! >= 0.5) {
        reached[j] = 1;
        stack.push(j);
      }
    };
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (i >= w) visit(i - w);
      if (i + w < n) visit(i + w);
    }
    // Kept: reached pixels and their soft fringe (within `fringe` pixels of a reached one).
    const f = HAIR_RULES.fringe;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        if (!reached[i]) continue;
        for (let yy = Math.max(0, y - f); yy <= Math.min(h - 1, y + f); yy++) {
          for (let xx = Math.max(0, x - f); xx <= Math.min(w - 1, x + f); xx++) {
            const j = yy * w + xx;
            if (candidate[j]! > out[j]!) out[j] = candidate[j]!;
          }
        }
      }
    }
  }
  return out;
}

/** Standard deviation of `v` over the (2r+1)^2 window around each pixel. */
function localDeviation(v: Float32Array, w: number, h: number, r: number): Float32Array {
  const mean = boxMean(v, w, h, r);
  const squares = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) squares[i] = v[i]! * v[i]!;
  const meanSquares = boxMean(squares, w, h, r);
  for (let i = 0; i < v.length; i++)
    squares[i] = Math.sqrt(Math.max(0, meanSquares[i]! - mean[i]! * mean[i]!));
  return squares;
}

// ---------------------------------------------------------------------------------------------
// Refinement

/**
 * Guided filter settings: coefficients on a copy of at most REFINE_SIDE px a side, window radius
 * REFINE_RADIUS px of it, eps 1e-3, output levels 0.25..0.75 (see segment.ts for what the levels
 * remove). Finer than segment's (its 256 px grid, radius 4): skin and hair have thinner parts
 * (fingers, strands) than a whole person.
 */
export const REFINE_SIDE = 320;
export const REFINE_RADIUS = 3;
export const REFINE_EPS = 1e-3;
export const REFINE_LEVELS = { low: 0.25, high: 0.75 } as const;

const guides = new WeakMap<PhotoMaps, PlanarRgb>();

/** A working-grid probability refined at the photo's full size, 0..255. */
export async function refineToFullSize(
  maps: PhotoMaps,
  probability: Float32Array,
  image: DecodedImage,
): Promise<Uint8Array> {
  // The guide is the same for every mask of the photo (facesegment refines skin and hair): made once.
  let guide = guides.get(maps);
  if (!guide) {
    const small = await subsampled(maps.working, REFINE_SIDE);
    guide = planarRgb(small.data, small.width, small.height);
    guides.set(maps, guide);
  }
  const p = resampleMap(probability, maps.working.width, maps.working.height, guide.width, guide.height);
  const coefficients = guidedCoefficients(guide, p, REFINE_RADIUS, REFINE_EPS);
  return applyGuided(coefficients, image.data, image.width, image.height, REFINE_LEVELS);
}

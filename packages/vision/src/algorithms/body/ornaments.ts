/**
 * ornaments (capability v1/Ornaments): accessories worn or carried, each with a box, a label and
 * a score. Two sources:
 *
 * - Objects: CenterNet (humandetect's detector and its call, centernetBoxes) read for the COCO
 *   classes backpack, umbrella, handbag and tie (coco.ts); the score is the detector's.
 * - Faces (BlazeFace + FaceMesh, mesh-faces.ts), measured on the mesh without a model of their own:
 *   - glasses and sunglasses: the face analysis's glasses rule (appearance.ts: frame edges on the
 *     nose bridge and under the eyes; dark lenses), boxed around both eyes;
 *   - hat: a probe on CenterNet's features over the crown (regionFeatures over CROWN: the
 *     stride-16 feature map of ornaments' own CenterNet call, averaged from the forehead line,
 *     mesh 10, to 0.4 face heights above it) joined with HSE-FaceRes's descriptor of the face
 *     (faceres.ts, the face analysis's attribute network, run on each face): logistic regression
 *     fitted on FairFace crops labelled hat or bare head by eye (scripts/fit-ornament-probe.ts
 *     writes hat-probe-weights.ts; a linear probe of a trained network's features, as in Alain
 *     and Bengio, "Understanding intermediate layers using linear classifier probes", 2016). Its score is the regression's output with the
 *     two classes weighted equally: a score, not a calibrated probability;
 *   - earring: a small blob brighter or darker than its surroundings at an ear lobe (outside the
 *     jaw below the ear, mesh 132 and 361 pushed outwards): a centre-surround blob response at the
 *     scale of a stud (the idea of the difference-of-Gaussians blob detector, Lindeberg, "Feature
 *     detection with automatic scale selection", IJCV 30(2), 1998, with box means, and taken as
 *     the smallest difference to the eight surrounding boxes so that edges do not respond), over
 *     the same response's spread on the forehead.
 *
 * Weak where documented in docs/quality.md: the hat probe was fitted on the 26 hats of its tune
 * half and takes many headscarves for hats; hair highlights and hair clips at the ear lobes count
 * as earrings; bags, ties and umbrellas are found as well as CenterNet finds them (small or cut-off
 * ones are missed).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Rectangle } from '../kinds.ts';
import { getModel } from '../../runtime/models.ts';
import { appearance } from '../face/appearance.ts';
import { attributeRoi, runFaceresModel } from '../face/faceres.ts';
import { findFaceMeshes, loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { median, planesOf, type Planes } from '../face/facemask.ts';
import { HAT_PROBE } from './hat-probe-weights.ts';
import { probeLogit } from '../probe.ts';
import { COCO_CLASS } from './coco.ts';
import { centernetRun, nms, type Candidate, type CenternetFeatures } from './humandetect.ts';
import {
  parseOrnamentsParams,
  type Ornament,
  type OrnamentLabel,
  type OrnamentsParams,
  type OrnamentsResult,
} from './ornaments-params.ts';
import type { GraphModel } from '@tensorflow/tfjs';

export interface OrnamentsModels extends MeshFaceModels {
  centernet: GraphModel;
}

type P3 = readonly [number, number, number];

/** The COCO classes reported, by detector class number. */
const OBJECT_LABELS = new Map<number, OrnamentLabel>([
  [COCO_CLASS.backpack, 'backpack'],
  [COCO_CLASS.umbrella, 'umbrella'],
  [COCO_CLASS.handbag, 'handbag'],
  [COCO_CLASS.tie, 'tie'],
]);

export const EARRING_RULE = {
  /**
   * Blob contrast over the forehead's texture: 0 at `low`, 1 at `high`; reported at `threshold`,
   * a contrast of 20: just above the strongest blob at an ear lobe of the tuning half's photos,
   * none of which wears a visible earring (19.5, a hair highlight).
   */
  low: 15,
  high: 25,
  threshold: 0.5,
} as const;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const ramp = (v: number, zero: number, one: number) => clamp01((v - zero) / (one - zero));

/** The face's frame: the top of the forehead (mesh 10), the up and right axes, width and height. */
export interface Frame {
  ox: number;
  oy: number;
  ux: number;
  uy: number;
  rx: number;
  ry: number;
  width: number;
  height: number;
}

function frameOf(mesh: readonly P3[]): Frame {
  const [tx, ty] = mesh[10]!;
  const [bx, by] = mesh[152]!;
  const height = Math.max(1, Math.hypot(tx - bx, ty - by));
  const ux = (tx - bx) / height;
  const uy = (ty - by) / height;
  const width = Math.max(1, Math.hypot(mesh[454]![0] - mesh[234]![0], mesh[454]![1] - mesh[234]![1]));
  // Right in the image when the face is upright (up is -y): (-uy, ux) rotated to point +x.
  return { ox: tx, oy: ty, ux, uy, rx: -uy, ry: ux, width, height };
}

/**
 * Pixel indices of the face-frame rectangle: `across` in face widths from the midline (negative:
 * image left), `up` in face heights above the forehead line; sampled on a grid of about one
 * pixel. Empty when part of it falls outside the photo (nothing to measure).
 */
function framePixels(f: Frame, p: Planes, across: [number, number], up: [number, number]): number[] {
  const out: number[] = [];
  const na = Math.max(2, Math.round((across[1] - across[0]) * f.width));
  const nu = Math.max(2, Math.round((up[1] - up[0]) * f.height));
  for (let j = 0; j <= nu; j++) {
    const u = (up[0] + ((up[1] - up[0]) * j) / nu) * f.height;
    for (let i = 0; i <= na; i++) {
      const a = (across[0] + ((across[1] - across[0]) * i) / na) * f.width;
      const x = Math.round(f.ox + a * f.rx + u * f.ux);
      const y = Math.round(f.oy + a * f.ry + u * f.uy);
      if (x < 0 || y < 0 || x >= p.w || y >= p.h) return [];
      out.push(y * p.w + x);
    }
  }
  return out;
}

/** The eight neighbours of a box, in units of its own side. */
const RING = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
] as const;

/** Summed-area table of a plane (w+1 x h+1). */
function integral(Y: Float32Array, w: number, h: number): Float64Array {
  const s = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += Y[y * w + x]!;
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1]! + row;
    }
  }
  return s;
}

function boxMean(s: Float64Array, w: number, h: number, cx: number, cy: number, r: number): number {
  const x1 = Math.max(0, cx - r);
  const y1 = Math.max(0, cy - r);
  const x2 = Math.min(w, cx + r + 1);
  const y2 = Math.min(h, cy + r + 1);
  const W = w + 1;
  const sum = s[y2 * W + x2]! - s[y1 * W + x2]! - s[y2 * W + x1]! + s[y1 * W + x1]!;
  return sum / Math.max(1, (x2 - x1) * (y2 - y1));
}

export interface EarringMeasure {
  x: number;
  y: number;
  radius: number;
  contrast: number;
  score: number;
}

/** The strongest stud-sized blob at each ear lobe (right 132, left 361) of one face. */
export function measureEarrings(p: Planes, sat: Float64Array, mesh: readonly P3[]): EarringMeasure[] {
  const f = frameOf(mesh);
  const cx = (mesh[234]![0] + mesh[454]![0]) / 2;
  const cy = (mesh[234]![1] + mesh[454]![1]) / 2;
  const foreheadPx = framePixels(f, p, [-0.15, 0.15], [-0.25, -0.1]);
  // The forehead's texture: the spread of the same blob response over skin.
  const r = Math.max(1, Math.round(0.02 * f.width));
  // A blob stands out from its surroundings on every side, an edge only on one: the response is
  // the smallest difference between the centre box and the eight boxes around it (all of one
  // sign), so hair strands and the jaw's edge give little.
  const respond = (x: number, y: number) => {
    const c = boxMean(sat, p.w, p.h, x, y, r);
    let brighter = Infinity;
    let darker = Infinity;
    for (const [ox, oy] of RING) {
      const d = c - boxMean(sat, p.w, p.h, x + ox * 2 * r, y + oy * 2 * r, r);
      brighter = Math.min(brighter, d);
      darker = Math.min(darker, -d);
    }
    return Math.max(0, brighter, darker);
  };
  const skinResponses = foreheadPx.map((i) => respond(i % p.w, Math.floor(i / p.w)));
  const noise = Math.max(1, skinResponses.length ? median(skinResponses) * 1.4826 : 1);
  const out: EarringMeasure[] = [];
  for (const point of [132, 361]) {
    const [px, py] = mesh[point]!;
    // Outwards from the face centre, and a little down: the lobe hangs below and behind the jaw.
    const dx = px - cx;
    const dy = py - cy;
    const len = Math.max(1, Math.hypot(dx, dy));
    const lx = px + (dx / len) * 0.1 * f.width - f.ux * 0.03 * f.height;
    const ly = py + (dy / len) * 0.1 * f.width - f.uy * 0.03 * f.height;
    const half = Math.round(0.1 * f.width);
    let best: EarringMeasure | null = null;
    for (let y = Math.round(ly) - half; y <= Math.round(ly) + half; y++) {
      for (let x = Math.round(lx) - half; x <= Math.round(lx) + half; x++) {
        if (x < 4 * r || y < 4 * r || x >= p.w - 4 * r || y >= p.h - 4 * r) continue;
        const contrast = respond(x, y) / noise;
        if (!best || contrast > best.contrast) best = { x, y, radius: 2 * r, contrast, score: 0 };
      }
    }
    if (best) out.push({ ...best, score: ramp(best.contrast, EARRING_RULE.low, EARRING_RULE.high) });
  }
  return out;
}

/** A box (decoded pixels, unclamped) as a rectangle in original pixels, clamped and rounded. */
function rectangle(c: Candidate, image: DecodedImage, scale: number): Rectangle {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const [l, t, rr, b] = [
    Math.min(W, Math.max(0, c.left * scale)),
    Math.min(H, Math.max(0, c.top * scale)),
    Math.min(W, Math.max(0, c.right * scale)),
    Math.min(H, Math.max(0, c.bottom * scale)),
  ].map(r1) as [number, number, number, number];
  return { left: l, top: t, width: r1(rr - l), height: r1(b - t) };
}

/** The box (decoded pixels) around a face-frame rectangle: `across` in face widths, `up` in heights. */
function frameBox(f: Frame, across: [number, number], up: [number, number]): Candidate {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const a of across) {
    for (const u of up) {
      xs.push(f.ox + a * f.width * f.rx + u * f.height * f.ux);
      ys.push(f.oy + a * f.width * f.ry + u * f.height * f.uy);
    }
  }
  return {
    left: Math.min(...xs),
    top: Math.min(...ys),
    right: Math.max(...xs),
    bottom: Math.max(...ys),
    score: 0,
  };
}

/** Box around both eyes (glasses), in decoded pixels: the face frame's eye band. */
function eyeBand(mesh: readonly P3[]): Candidate {
  const f = frameOf(mesh);
  const eyeY = (mesh[159]![1] + mesh[386]![1] + mesh[145]![1] + mesh[374]![1]) / 4 - f.oy;
  const eyeX = (mesh[159]![0] + mesh[386]![0] + mesh[145]![0] + mesh[374]![0]) / 4 - f.ox;
  // Eye height above the forehead line along the up axis (negative: below), in face heights.
  const upEye = (eyeX * f.ux + eyeY * f.uy) / f.height;
  return frameBox(f, [-0.5, 0.5], [upEye - 0.1, upEye + 0.12]);
}

/** Crown box of a hat, decoded pixels. */
const crownBox = (mesh: readonly P3[]): Candidate => frameBox(frameOf(mesh), [-0.6, 0.6], [0, 0.45]);

/** Faces measured at most. */
const MAX_FACES = 10;

export interface FaceOrnaments {
  /** The face's centre (between the temples, mesh 234 and 454), decoded pixels. */
  centre: [number, number];
  /** The face's frame (frameOf). */
  frame: Frame;
  glasses: ReturnType<typeof appearance>['glasses'];
  /** The hat probe's score; null when the crown falls outside the photo. */
  hat: number | null;
  earrings: EarringMeasure[];
  /** CenterNet's features averaged over the crown (regionFeatures). */
  crown: Float32Array;
  /** HSE-FaceRes's descriptor of the face and its L2 norm (faceres.ts). */
  faceres: { descriptor: Float32Array; norm: number };
}

/**
 * A rectangle of the face frame: `across` in face widths from the midline, `up` in face heights
 * above the forehead line.
 */
export interface FrameRegion {
  across: readonly [number, number];
  up: readonly [number, number];
}

/** The crown: across the face width, from just above the forehead line to 0.4 face heights up. */
export const CROWN: FrameRegion = { across: [-0.5, 0.5], up: [0.05, 0.4] };

/**
 * CenterNet's stride-16 features averaged over a region of the face frame: sampled bilinearly at
 * a 5 x 4 grid (the map covers the photo stretched to a square, so x and y scale apart).
 */
export function regionFeatures(
  features: CenternetFeatures,
  f: Frame,
  width: number,
  height: number,
  region: FrameRegion,
): Float32Array {
  const { data, width: fw, height: fh, channels: C } = features;
  const [a0, a1] = region.across;
  const [u0, u1] = region.up;
  const out = new Float32Array(C);
  let n = 0;
  for (let j = 0; j < 4; j++) {
    const u = (u0 + ((u1 - u0) * j) / 3) * f.height;
    for (let i = 0; i < 5; i++) {
      const a = (a0 + ((a1 - a0) * i) / 4) * f.width;
      const x = ((f.ox + a * f.rx + u * f.ux) / width) * fw - 0.5;
      const y = ((f.oy + a * f.ry + u * f.uy) / height) * fh - 0.5;
      const cx = Math.min(fw - 1, Math.max(0, x));
      const cy = Math.min(fh - 1, Math.max(0, y));
      const x0 = Math.min(fw - 2, Math.floor(cx));
      const y0 = Math.min(fh - 2, Math.floor(cy));
      const tx = cx - x0;
      const ty = cy - y0;
      const w = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty];
      const base = [
        (y0 * fw + x0) * C,
        (y0 * fw + x0 + 1) * C,
        ((y0 + 1) * fw + x0) * C,
        ((y0 + 1) * fw + x0 + 1) * C,
      ];
      for (let c = 0; c < C; c++)
        out[c]! +=
          w[0]! * data[base[0]! + c]! +
          w[1]! * data[base[1]! + c]! +
          w[2]! * data[base[2]! + c]! +
          w[3]! * data[base[3]! + c]!;
      n++;
    }
  }
  for (let c = 0; c < C; c++) out[c]! /= n;
  return out;
}

/** A region's corners all lie in the photo. */
export function regionInside(f: Frame, width: number, height: number, region: FrameRegion): boolean {
  for (const a of region.across) {
    for (const u of region.up) {
      const x = f.ox + a * f.width * f.rx + u * f.height * f.ux;
      const y = f.oy + a * f.width * f.ry + u * f.height * f.uy;
      if (x < 0 || y < 0 || x >= width || y >= height) return false;
    }
  }
  return true;
}

/**
 * The hat probe's input: CenterNet's crown features (regionFeatures over CROWN), then HSE-FaceRes's
 * descriptor scaled to unit length. Each alone told hats from bare heads less well on the tune half
 * than both together (docs/quality.md, "Hats").
 */
export function hatFeatures(
  crown: Float32Array,
  faceres: { descriptor: Float32Array; norm: number },
): Float32Array {
  const out = new Float32Array(crown.length + faceres.descriptor.length);
  out.set(crown);
  for (let i = 0; i < faceres.descriptor.length; i++)
    out[crown.length + i] = faceres.descriptor[i]! / faceres.norm;
  return out;
}

/** The hat probe (hat-probe-weights.ts): logistic regression on the standardised hatFeatures. */
export function hatScore(features: Float32Array): number {
  return 1 / (1 + Math.exp(-probeLogit(HAT_PROBE, features)));
}

/** Every ornament of the photo before the score cut, and the per-face measures behind them. */
export async function findOrnaments(image: DecodedImage, params: OrnamentsParams, models: OrnamentsModels) {
  const scale = image.originalWidth / image.width;
  const items: Array<{ box: Candidate; label: OrnamentLabel }> = [];
  const { boxes, features } = await centernetRun(image, models.centernet, new Set(OBJECT_LABELS.keys()));
  for (const c of nms(boxes, 0.5)) {
    // The detector answers in original pixels; the faces are measured in decoded ones.
    const box = {
      left: c.left / scale,
      top: c.top / scale,
      right: c.right / scale,
      bottom: c.bottom / scale,
      score: c.score,
    };
    if (c.score >= params.minScore) items.push({ box, label: OBJECT_LABELS.get(c.cls)! });
  }
  const planes = planesOf(image);
  const sat = integral(planes.Y, planes.w, planes.h);
  const faces = await findFaceMeshes(
    models,
    image,
    { maxFaces: MAX_FACES, minConfidence: 0.4, smallFaces: true, iris: false },
    (face, pixels) => runFaceresModel(pixels, attributeRoi(face)),
  );
  const measured: FaceOrnaments[] = [];
  for (const face of faces) {
    const mesh = face.landmarks.modelMesh;
    const glasses = appearance(image, mesh).glasses;
    if (glasses.value !== 'none')
      items.push({ box: { ...eyeBand(mesh), score: glasses.score }, label: glasses.value });
    const frame = frameOf(mesh);
    const crown = regionFeatures(features, frame, image.width, image.height, CROWN);
    const hat = regionInside(frame, image.width, image.height, CROWN)
      ? hatScore(hatFeatures(crown, face.extra))
      : null;
    if (hat !== null && hat >= HAT_PROBE.threshold)
      items.push({ box: { ...crownBox(mesh), score: hat }, label: 'hat' });
    const earrings = measureEarrings(planes, sat, mesh);
    for (const e of earrings) {
      if (e.score < EARRING_RULE.threshold) continue;
      const box = {
        left: e.x - e.radius,
        top: e.y - e.radius,
        right: e.x + e.radius,
        bottom: e.y + e.radius,
        score: e.score,
      };
      items.push({ box, label: 'earring' });
    }
    const centre: [number, number] = [
      (mesh[234]![0] + mesh[454]![0]) / 2,
      (mesh[234]![1] + mesh[454]![1]) / 2,
    ];
    measured.push({ centre, frame, glasses, hat, earrings, crown, faceres: face.extra });
  }
  return { items, faces: measured, scale, features };
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

async function run(
  image: DecodedImage,
  params: OrnamentsParams,
  models: OrnamentsModels,
): Promise<OrnamentsResult> {
  const { items, scale } = await findOrnaments(image, params, models);
  const ornaments: Ornament[] = items
    .sort((a, b) => b.box.score - a.box.score)
    .slice(0, params.maxOrnamentNum)
    .map(({ box, label }) => ({
      ornament_rectangle: rectangle(box, image, scale),
      score: round4(box.score),
      label,
    }))
    .filter((o) => o.ornament_rectangle.width > 0 && o.ornament_rectangle.height > 0);
  ornaments.sort((a, b) => a.ornament_rectangle.left - b.ornament_rectangle.left);
  return {
    image_width: image.originalWidth,
    image_height: image.originalHeight,
    ornament_num: ornaments.length,
    ornaments,
  };
}

async function loadModels(): Promise<OrnamentsModels> {
  const [faces, centernet] = await Promise.all([loadMeshFaceModels(), getModel('centernet')]);
  return { ...faces, centernet };
}

export const ornaments: Algorithm<OrnamentsParams, OrnamentsResult, OrnamentsModels> = {
  task: 'ornaments',
  decode: { maxSide: 1280 },
  parseParams: parseOrnamentsParams,
  loadModels,
  // Every model is another task's (the face tasks', humandetect's), warmed up by them at start.
  warmup: async () => {},
  run,
};

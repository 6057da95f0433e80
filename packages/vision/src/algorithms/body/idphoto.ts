/**
 * idphoto (capability v1/certified): an ID photo from a portrait. The person is cut out, put on a
 * plain background, scaled, rotated and cropped so that the head sits where the chosen standard
 * puts it (idphoto-params.ts: ICAO 9303 for passports, studio practice for 1-inch and 2-inch),
 * and optionally laid out in copies on a print sheet.
 *
 * 1. Faces (mesh-faces.ts: BlazeFace + FaceMesh) on a copy of at most DETECT_SIDE px a side. No
 *    face: refused. A second face at least OTHER_FACE_SHARE the height of the largest: refused
 *    (an ID photo shows one person). Yaw from the mesh (pose.ts) beyond MAX_YAW: refused.
 * 2. The upright frame: the eye line (the two eye centres, mesh eye-corner midpoints) made level
 *    by rotating about the eye midpoint (the roll is corrected, whatever its size).
 * 3. The crown: the person mask (MediaPipe selfie segmentation, segment.ts) of a head-and-
 *    shoulders square of the upright frame; in the columns between the eyes, the highest row
 *    where the person probability crosses 0.5 above the forehead. The chin is mesh point 152.
 * 4. Placement: the scale that makes crown-to-chin the standard's target share of the height,
 *    the crown at its target margin, the eye midpoint on the vertical centre line; the eye line
 *    moved into its band if it falls outside, the crown margin then checked.
 * 5. Checks: the crown, the cheeks and the neck below the chin inside the photo (else the head
 *    is cut), and the photo enlarged at most MAX_UPSCALE times (else it is too small for the size).
 * 6. The output photo sampled from the original (Lanczos pre-shrink by sharp when it is reduced,
 *    then bilinear with the rotation), its person mask again at the output's own framing (selfie
 *    model, only the regions holding the face kept: keepPeople), refined by the colour guided
 *    filter on the output photo (He, Sun, Tang, TPAMI 2013; guided-filter.ts), so hair strands
 *    follow the photo's edges.
 * 7. Edge colours decontaminated before compositing: the foreground colour F of each soft edge
 *    pixel estimated by blur-fusion (M. Forte, F. Pitié, "Approximate Fast Foreground Colour
 *    Estimation", ICIP 2021: two passes of F, B from alpha-weighted box means), so the old
 *    background's colour does not fringe the hair; result = alpha F + (1 - alpha) background.
 * 8. JPEG at 300 dpi; with a layout, the copies on a sheet with cut marks (idphoto-sheet.ts).
 */
import sharp from 'sharp';
import type { DecodedImage } from '../../image/decode.ts';
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import {
  findFaceMeshes,
  loadMeshFaceModels,
  type MeshFace,
  type MeshFaceModels,
} from '../face/mesh-faces.ts';
import { headPose } from '../face/pose.ts';
import { SELFIE_INPUT, keepPeople, personProbability, refineMask, subsampled } from './segment.ts';
import { boxMeanFilter, planarRgb } from './guided-filter.ts';
import {
  bgHex,
  parseIdPhotoParams,
  specSize,
  type IdPhotoAnswer,
  type IdPhotoParams,
  type IdPhotoRefusal,
  type IdPhotoResult,
  type PlacementRule,
} from './idphoto-params.ts';
import { layoutSheet } from './idphoto-sheet.ts';

/** The face models; segment's selfie model runs with onnxruntime (personProbability). */
export interface IdPhotoModels {
  faces: MeshFaceModels;
}

/** Faces are found on a copy of at most this many px a side (an ID photo's face is large). */
export const DETECT_SIDE = 800;
/**
 * Detector score a face needs, as the retouching tasks: at 0.5 the three-quarter profile of
 * face-api sample 2 was not found at all, and was answered "no face" instead of "turned".
 */
export const MIN_FACE_SCORE = 0.4;
/** A second face at least this share of the largest face's height counts as a second person. */
export const OTHER_FACE_SHARE = 0.5;
/**
 * Most yaw accepted, degrees (pose.ts, from the mesh). ID standards ask for a frontal face; the
 * mesh's yaw reads under 15 on frontal portraits and above 30 on three-quarter views (pose.ts).
 */
export const MAX_YAW = 20;
/** Most enlargement of the photo's pixels into the ID photo's (beyond it the photo is too small). */
export const MAX_UPSCALE = 2;
/** JPEG quality of the answer. */
const JPEG_QUALITY = 95;
/** Print resolution written into the JPEG. */
export const DPI = 300;

/** Mesh points: eye corners (image left eye 33/133, image right eye 263/362), chin, forehead, cheeks. */
const MESH = {
  leftEye: [33, 133],
  rightEye: [263, 362],
  chin: 152,
  forehead: 10,
  cheeks: [234, 454],
} as const;

/**
 * The head-and-shoulders square where the crown is looked for, in eye-to-chin distances d around
 * the eye midpoint of the upright frame: 2.75 d to each side, 3 d above the eyes (crown to eyes is
 * about 1.2 d, more with tall hair), 2.5 d below.
 */
const CROWN_BOX = { half: 2.75, above: 3, below: 2.5 } as const;

/** Least height of the crown above the forehead point, in eye-to-chin distances. */
const MIN_CROWN_ABOVE_FOREHEAD = 0.1;

/** Share of the space between the chin and the photo's bottom edge the input must show. */
const NECK_SHOWN = 0.5;

/** x = a i + b j + c, y = d i + e j + f: from output pixel (i, j) to source pixel (x, y). */
export type Affine = readonly [number, number, number, number, number, number];

type Pt = readonly [number, number];

/** Bilinear sampling of packed RGB `src` through `A` into a w x h image; outside: the edge pixel. */
export function warpRgb(src: RgbPixels, A: Affine, w: number, h: number): Buffer {
  const out = Buffer.alloc(w * h * 3);
  const { data, width: W, height: H } = src;
  const [a, b, c, d, e, f] = A;
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let x = a * i + b * j + c;
      let y = d * i + e * j + f;
      x = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
      y = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = x0 + 1 < W ? x0 + 1 : x0;
      const y1 = y0 + 1 < H ? y0 + 1 : y0;
      const fx = x - x0;
      const fy = y - y0;
      const p00 = 3 * (y0 * W + x0);
      const p01 = 3 * (y0 * W + x1);
      const p10 = 3 * (y1 * W + x0);
      const p11 = 3 * (y1 * W + x1);
      const o = 3 * (j * w + i);
      for (let k = 0; k < 3; k++) {
        const top = data[p00 + k]! + fx * (data[p01 + k]! - data[p00 + k]!);
        const bottom = data[p10 + k]! + fx * (data[p11 + k]! - data[p10 + k]!);
        out[o + k] = top + fy * (bottom - top) + 0.5;
      }
    }
  }
  return out;
}

/** The upright frame: u = R(-roll) (p - origin), and back. */
export interface Frame {
  origin: Pt;
  cos: number;
  sin: number;
}
const toUpright = (f: Frame, p: Pt): Pt => {
  const dx = p[0] - f.origin[0];
  const dy = p[1] - f.origin[1];
  return [f.cos * dx + f.sin * dy, -f.sin * dx + f.cos * dy];
};
/** The affine taking output pixel (i, j) to source pixels, for u = (i - i0) / k, (j - j0) / k. */
function frameAffine(f: Frame, k: number, i0: number, j0: number, toSource: number): Affine {
  // p = origin + R(roll) u;  u = ((i - i0) / k, (j - j0) / k).
  const s = toSource / k;
  return [
    f.cos * s,
    -f.sin * s,
    (f.origin[0] + (-f.cos * i0 + f.sin * j0) / k) * toSource,
    f.sin * s,
    f.cos * s,
    (f.origin[1] + (-f.sin * i0 - f.cos * j0) / k) * toSource,
  ];
}
const apply = (A: Affine, i: number, j: number): Pt => [
  A[0] * i + A[1] * j + A[2],
  A[3] * i + A[4] * j + A[5],
];

const mid = (mesh: MeshFace['landmarks']['modelMesh'], [a, b]: readonly [number, number]): Pt => [
  (mesh[a]![0] + mesh[b]![0]) / 2,
  (mesh[a]![1] + mesh[b]![1]) / 2,
];

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Why a photo cannot make an ID photo (the task answers it as `refused`). */
export class Refusal extends Error {
  constructor(
    readonly reason: IdPhotoRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The placement of the head in the output and the affine that samples it from the original. */
export interface IdPhotoPlan {
  /** Output pixel -> original-image pixel. */
  affine: Affine;
  width: number;
  height: number;
  headRatio: number;
  eyeRatio: number;
  crownRatio: number;
  roll: number;
  yaw: number;
  /** Original-image pixels per output pixel (1 / enlargement). */
  sourcePerOutput: number;
  /** The mesh of the face in output pixels (for keeping the person's regions of the mask). */
  outputMesh: Pt[];
}

/** The head of a photo, measured on its working copy (working-copy pixels). */
export interface HeadMeasure {
  working: RgbPixels;
  /** Original-image pixels per working pixel. */
  toImage: number;
  /** The upright frame: origin at the eye midpoint, the eye line level. */
  frame: Frame;
  mesh: MeshFace['landmarks']['modelMesh'];
  /** Crown and chin heights in the upright frame (negative above the eye line). */
  crownU: number;
  chinU: number;
  /** Degrees. */
  roll: number;
  yaw: number;
}

/**
 * Steps 1-3: the one face of `image`, its checks (a second face, yaw), the upright frame, the
 * chin and the crown. Throws Refusal when the photo shows no usable face or a cut crown.
 */
export async function measureHead(image: RgbPixels, models: IdPhotoModels): Promise<HeadMeasure> {
  const working = await subsampled(image, DETECT_SIDE);
  const toImage = image.width / working.width;
  const faces = await findFaceMeshes(models.faces, working, {
    maxFaces: 3,
    minConfidence: MIN_FACE_SCORE,
    smallFaces: false,
    iris: false,
  });
  if (faces.length === 0) throw new Refusal('no_face', 'no face found');
  const heightOf = (f: MeshFace) => f.bounds.y2 - f.bounds.y1;
  const main = faces.reduce((a, b) => (heightOf(b) > heightOf(a) ? b : a));
  const others = faces.filter((f) => f !== main && heightOf(f) >= OTHER_FACE_SHARE * heightOf(main));
  if (others.length > 0)
    throw new Refusal('several_faces', `${others.length + 1} faces: an ID photo shows one person`);
  const mesh = main.landmarks.modelMesh;
  const pose = headPose(mesh);
  if (Math.abs(pose.yaw) > MAX_YAW)
    throw new Refusal('face_turned', `the face is turned ${Math.abs(pose.yaw)} degrees (at most ${MAX_YAW})`);

  // 2. The upright frame about the eye midpoint.
  const eyeL = mid(mesh, MESH.leftEye);
  const eyeR = mid(mesh, MESH.rightEye);
  const roll = Math.atan2(eyeR[1] - eyeL[1], eyeR[0] - eyeL[0]);
  const frame: Frame = {
    origin: [(eyeL[0] + eyeR[0]) / 2, (eyeL[1] + eyeR[1]) / 2],
    cos: Math.cos(roll),
    sin: Math.sin(roll),
  };
  const chinU = toUpright(frame, [mesh[MESH.chin]![0], mesh[MESH.chin]![1]])[1];
  const d = chinU;
  if (!(d > 2)) throw new Refusal('no_face', 'no usable face (chin not below the eyes)');

  // 3. The crown from the person mask of the head-and-shoulders square.
  const n = SELFIE_INPUT;
  const cell = (2 * CROWN_BOX.half * d) / n;
  const i0 = (CROWN_BOX.half * d) / cell - 0.5;
  const j0 = (CROWN_BOX.above * d) / cell - 0.5;
  const boxAffine = frameAffine(frame, 1 / cell, i0, j0, 1);
  const square = { data: warpRgb(working, boxAffine, n, n), width: n, height: n };
  const toGrid = (p: Pt): Pt => {
    const u = toUpright(frame, p);
    return [u[0] / cell + i0, u[1] / cell + j0];
  };
  const probability = keepPeople(
    await personProbability(square),
    mesh.filter((_, i) => i % 8 === 0).map((p) => toGrid([p[0], p[1]])),
  );
  const gl = Math.max(0, Math.floor(toGrid(eyeL)[0]));
  const gr = Math.min(n - 1, Math.ceil(toGrid(eyeR)[0]));
  const forehead = Math.min(
    n - 1,
    Math.max(0, Math.round(toGrid([mesh[MESH.forehead]![0], mesh[MESH.forehead]![1]])[1])),
  );
  let crownRow = Infinity;
  let cut = false;
  const inside = (p: Pt) => p[0] >= 0 && p[1] >= 0 && p[0] <= working.width - 1 && p[1] <= working.height - 1;
  for (let x = gl; x <= gr; x++) {
    let y = forehead;
    while (y >= 0 && probability[y * n + x]! >= 0.5) {
      if (!inside(apply(boxAffine, x, y))) cut = true;
      y--;
    }
    if (y < 0) {
      cut = true;
      continue;
    }
    const below = y + 1 < n ? probability[(y + 1) * n + x]! : 1;
    const here = probability[y * n + x]!;
    const row = y + (below > here ? (0.5 - here) / (below - here) : 0);
    crownRow = Math.min(crownRow, row);
  }
  if (cut || !Number.isFinite(crownRow))
    throw new Refusal('head_cut', 'the top of the head is cut off by the photo’s border');
  // The skull's top lies above the forehead point (mesh 10) even without hair: a mask that ends
  // less than MIN_CROWN_ABOVE_FOREHEAD d above it did not find the head against its background.
  if ((forehead - crownRow) * cell < MIN_CROWN_ABOVE_FOREHEAD * d)
    throw new Refusal('no_outline', 'the head’s outline could not be told from the background');
  const crownU = (crownRow - j0) * cell;

  return {
    working,
    toImage,
    frame,
    mesh,
    crownU,
    chinU,
    roll: (roll * 180) / Math.PI,
    yaw: pose.yaw,
  };
}

/**
 * Step 4, as fractions of the photo's height: the head (crown to chin) at the rule's target and
 * the crown at its target margin; an eye line outside its band is moved to the band's edge by
 * moving the crown; when that takes the crown past its margin limits, the crown stays at the limit
 * and the head's size is changed (within its band) so the eye line reaches the band's edge.
 * `eyeShare` is the eye line's share of the head's height from the crown. Undefined when no
 * placement meets the three bands.
 */
export function placeHead(
  rule: PlacementRule,
  eyeShare: number,
): { head: number; crown: number; eye: number } | undefined {
  let head = rule.head.target;
  let crown = rule.crownMargin.target;
  const eye = () => crown + eyeShare * head;
  if (eye() > rule.eyeLine.max) crown = rule.eyeLine.max - eyeShare * head;
  if (eye() < rule.eyeLine.min) crown = rule.eyeLine.min - eyeShare * head;
  if (crown < rule.crownMargin.min) {
    crown = rule.crownMargin.min;
    head = (rule.eyeLine.max - crown) / eyeShare;
  } else if (crown > rule.crownMargin.max) {
    crown = rule.crownMargin.max;
    head = (rule.eyeLine.min - crown) / eyeShare;
  }
  const eps = 1e-9;
  if (!(eyeShare > 0) || head < rule.head.min - eps || head > rule.head.max + eps) return undefined;
  return { head, crown, eye: eye() };
}

/**
 * Steps 1-5: the face, its checks and the head's placement in a `width` x `height` photo under
 * `rule`. Throws Refusal when the photo cannot make one.
 */
export async function planIdPhoto(
  image: DecodedImage,
  size: { width: number; height: number; rule: PlacementRule },
  models: IdPhotoModels,
): Promise<IdPhotoPlan> {
  const { working, toImage, frame, mesh, crownU, chinU, roll, yaw } = await measureHead(image, models);
  // 4. Placement.
  const { width: W, height: H, rule } = size;
  const headU = chinU - crownU;
  const place = placeHead(rule, -crownU / headU);
  if (!place)
    throw new Refusal(
      'proportions',
      'the head’s proportions do not allow the standard’s head size, eye line and top margin together',
    );
  const k = (place.head * H) / headU;
  const crownOut = place.crown * H;
  const eyeOut = () => crownOut - crownU * k;

  // 5. What the output needs must be in the photo: the cheeks, and the neck below the chin.
  const margin = 1;
  for (const i of MESH.cheeks) {
    const [x, y] = mesh[i]!;
    if (x < margin || y < margin || x > working.width - 1 - margin || y > working.height - 1 - margin)
      throw new Refusal('head_cut', 'the side of the head is cut off by the photo’s border');
  }
  const chinOut = crownOut + headU * k;
  const neck = chinU + (NECK_SHOWN * (H - chinOut)) / k;
  const neckPoint: Pt = [frame.origin[0] - frame.sin * neck, frame.origin[1] + frame.cos * neck];
  if (neckPoint[1] > working.height - 1 + margin)
    throw new Refusal('head_cut', 'the photo ends too close under the chin (show the neck and shoulders)');
  const sourcePerOutput = toImage / k;
  if (1 / sourcePerOutput > MAX_UPSCALE)
    throw new Refusal(
      'too_small',
      `the face is too small for a ${W} x ${H} photo: its head is ${Math.round(headU * toImage)} px high, at least ${Math.ceil((rule.head.target * H) / MAX_UPSCALE)} px are needed`,
    );

  // Output pixel (i, j): u = ((i - W / 2) / k, (j - crownOut) / k + crownU).
  const affine = frameAffine(frame, k, W / 2 - 0.5, crownOut - crownU * k - 0.5, toImage);
  const outputMesh = mesh.map(([x, y]) => {
    const u = toUpright(frame, [x, y]);
    return [u[0] * k + W / 2, u[1] * k + crownOut - crownU * k] as Pt;
  });
  return {
    affine,
    width: W,
    height: H,
    headRatio: (headU * k) / H,
    eyeRatio: eyeOut() / H,
    crownRatio: crownOut / H,
    roll,
    yaw,
    sourcePerOutput,
    outputMesh,
  };
}

/** The output photo: the original region it covers, shrunk by sharp (Lanczos) first when reduced. */
async function samplePhoto(image: DecodedImage, plan: IdPhotoPlan): Promise<Buffer> {
  const { affine: A, width: w, height: h, sourcePerOutput: s } = plan;
  if (s <= 1.25) return warpRgb(image, A, w, h);
  const corners = [apply(A, 0, 0), apply(A, w - 1, 0), apply(A, 0, h - 1), apply(A, w - 1, h - 1)];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]))) - 2);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]))) - 2);
  const right = Math.min(image.width, Math.ceil(Math.max(...corners.map((p) => p[0]))) + 3);
  const bottom = Math.min(image.height, Math.ceil(Math.max(...corners.map((p) => p[1]))) + 3);
  if (right - left < 2 || bottom - top < 2) return warpRgb(image, A, w, h);
  const rw = Math.max(2, Math.round((right - left) / s));
  const rh = Math.max(2, Math.round((bottom - top) / s));
  const region = { left, top, width: right - left, height: bottom - top };
  const shrunk = { data: await resizeRgb(image, rw, rh, region), width: rw, height: rh };
  const fx = rw / region.width;
  const fy = rh / region.height;
  const B: Affine = [A[0] * fx, A[1] * fx, (A[2] - left) * fx, A[3] * fy, A[4] * fy, (A[5] - top) * fy];
  return warpRgb(shrunk, B, w, h);
}

/** Step 6: the output's person mask, 0..255, refined by the guided filter on the output photo. */
async function outputMask(photo: RgbPixels, plan: IdPhotoPlan): Promise<Uint8Array> {
  const n = SELFIE_INPUT;
  const { width: w, height: h } = photo;
  const probability = keepPeople(
    await personProbability(photo),
    plan.outputMesh.filter((_, i) => i % 8 === 0).map(([x, y]) => [(x * n) / w, (y * n) / h] as Pt),
  );
  return refineMask(probability, photo, photo);
}

/**
 * Step 7: blur-fusion foreground estimation (Forte, Pitié, ICIP 2021) and compositing on `bg`.
 * Each pass: F' and B' are the alpha- and (1 - alpha)-weighted box means of the current F and B,
 * then F = F' + alpha (I - alpha F' - (1 - alpha) B'); B likewise with (1 - alpha). A large radius
 * first (the colours of the whole region), then a small one (the local colours).
 */
export function composite(photo: RgbPixels, mask: Uint8Array, bg: readonly [number, number, number]): Buffer {
  const { width: w, height: h } = photo;
  const N = w * h;
  const I = planarRgb(photo.data, w, h);
  // Plain loops: a typed array's from() with a mapping function is ~40x slower in V8.
  const alpha = new Float32Array(N);
  const beta = new Float32Array(N);
  for (let i = 0; i < N; i++) {
    alpha[i] = mask[i]! / 255;
    beta[i] = 1 - alpha[i]!;
  }
  const channels = [I.r, I.g, I.b];
  const F = channels.map((c) => Float32Array.from(c));
  const B = channels.map((c) => Float32Array.from(c));
  const radii = [
    Math.max(4, Math.round(0.08 * Math.max(w, h))),
    Math.max(2, Math.round(0.008 * Math.max(w, h))),
  ];
  for (const r of radii) {
    const mean = boxMeanFilter(w, h, r);
    const ma = mean(alpha);
    for (let c = 0; c < 3; c++) {
      const fBlur = mean(F[c]!, alpha);
      const bBlur = mean(B[c]!, beta);
      const src = channels[c]!;
      const f = F[c]!;
      const b = B[c]!;
      for (let i = 0; i < N; i++) {
        const a = alpha[i]!;
        const fm = ma[i]! > 1e-4 ? fBlur[i]! / ma[i]! : src[i]!;
        const bm = 1 - ma[i]! > 1e-4 ? bBlur[i]! / (1 - ma[i]!) : src[i]!;
        const residual = src[i]! - a * fm - (1 - a) * bm;
        const fv = fm + a * residual;
        const bv = bm + (1 - a) * residual;
        f[i] = fv < 0 ? 0 : fv > 1 ? 1 : fv;
        b[i] = bv < 0 ? 0 : bv > 1 ? 1 : bv;
      }
    }
  }
  const out = Buffer.alloc(N * 3);
  for (let i = 0; i < N; i++) {
    const a = alpha[i]!;
    for (let c = 0; c < 3; c++) out[3 * i + c] = (a * F[c]![i]! * 255 + (1 - a) * bg[c]! + 0.5) | 0;
  }
  return out;
}

const rgbOf = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** Packed RGB as a JPEG that says 300 dpi. */
async function jpeg300(data: Buffer, width: number, height: number): Promise<Uint8Array> {
  return sharp(data, { raw: { width, height, channels: 3 } })
    .withMetadata({ density: DPI })
    .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false })
    .toBuffer();
}

async function run(
  image: DecodedImage,
  params: IdPhotoParams,
  models: IdPhotoModels,
): Promise<IdPhotoResult> {
  const size = specSize(params);
  const bg = bgHex(params.bgColor)!;
  let plan: IdPhotoPlan;
  try {
    plan = await planIdPhoto(image, size, models);
  } catch (err) {
    if (err instanceof Refusal) return { refused: err.reason, message: err.message };
    throw err;
  }
  const photo = { data: await samplePhoto(image, plan), width: plan.width, height: plan.height };
  const mask = await outputMask(photo, plan);
  const idPhoto = composite(photo, mask, rgbOf(bg));
  const sheet =
    params.layout === 'none' ? undefined : layoutSheet(idPhoto, plan.width, plan.height, params.layout);
  const out = sheet ?? { data: idPhoto, width: plan.width, height: plan.height, copies: 1 };
  const answer: IdPhotoAnswer = {
    image_width: image.width,
    image_height: image.height,
    output_width: plan.width,
    output_height: plan.height,
    spec: params.spec,
    bg_color: bg,
    head_height_ratio: round4(plan.headRatio),
    eye_line_ratio: round4(plan.eyeRatio),
    crown_margin_ratio: round4(plan.crownRatio),
    roll: round1(plan.roll),
    yaw: round1(plan.yaw),
    layout: params.layout,
    copies: out.copies,
    sheet_width: sheet ? sheet.width : 0,
    sheet_height: sheet ? sheet.height : 0,
  };
  const bytes = await jpeg300(out.data, out.width, out.height);
  return { answer, images: { media_data: { bytes, format: 'jpg' } } };
}

async function loadModels(): Promise<IdPhotoModels> {
  return { faces: await loadMeshFaceModels() };
}

export const idphoto: Algorithm<IdPhotoParams, IdPhotoResult, IdPhotoModels> = {
  task: 'idphoto',
  // Full size: the ID photo is sampled from the original pixels.
  decode: {},
  parseParams: parseIdPhotoParams,
  loadModels,
  // The models are facepoints' and segment's (cached per thread), warmed up by those tasks.
  warmup: async () => {},
  run,
};

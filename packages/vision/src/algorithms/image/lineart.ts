/**
 * lineart (v1/AICartoonStyle2, capability 158): a clean line drawing on white, by XDoG
 * (H. Winnemöller, J. E. Kyprianidis, S. C. Olsen, "XDoG: An eXtended difference-of-Gaussians
 * compendium including advanced image stylization", Computers & Graphics 36(6), 2012):
 *
 *  1. Lightness (CIELAB L*) of a working copy of at most WORK_SIDE pixels a side, smoothed by the
 *     self-guided filter so that texture (skin, fabric, noise) does not turn into specks while
 *     outlines stay.
 *  2. XDoG ink: D = G_sigma - tau G_1.6sigma; a line where D falls below eps. `detail` moves eps
 *     (how weak an edge still draws) and tau; `line_weight` scales sigma and thickens the lines.
 *  3. The ink is upsampled and passed through the steep tanh at full size, so the lines are crisp
 *     at the photo's resolution; weights 4 and 5 also dilate the ink by a working pixel.
 *  4. Faces (face-lines.ts): inside the skin only the strongest edges draw; eyelids, brows, mouth,
 *     nose base and jaw are drawn from the face mesh as tapered strokes.
 *  5. Hair and silhouette, where a face was found (dark hair before a dark background, or a
 *     close-up whose hair fills the frame, leave XDoG nothing to draw):
 *     - the person's outline: MediaPipe Selfie Segmentation's person probability (segment.ts), kept
 *       only in the regions that hold a face (keepPeople with the mesh points as the person's
 *       points), bilinearly resampled to the working copy (the model's own smooth contour; the
 *       guided-filter refinement of segment.ts cost 50-70 ms and is not needed for a line drawing,
 *       where a smooth outline reads better than one that follows every strand), drawn as a
 *       line of constant width along its 0.5 level set (distance to the level set estimated as
 *       |m - 0.5| / |grad m|, the first-order distance of a level-set method: Osher and Sethian,
 *       "Fronts propagating with curvature-dependent speed", J. Comput. Phys. 79, 1988), faded
 *       where the mask's transition is too soft to be a contour;
 *     - strands: adaptive local contrast enhancement of the lightness on the person's head (above
 *       the chin, near the face; clothes stay as they were) outside the skin (Narendra and Fitch, "Real-time adaptive contrast enhancement", IEEE TPAMI 3(6),
 *       1981: L' = mean + G (L - mean) over a local window, the gain G = target / local standard
 *       deviation, bounded), before the smoothing and XDoG, so that the low-contrast texture of
 *       dark hair reaches XDoG's threshold; the background is left as it was.
 *
 * Models: the facepoints pipeline (BlazeFace + FaceMesh) and segment's selfie model. No face is
 * not an error (no silhouette then).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import { keepPeople, personProbability, resampleMap, SELFIE_INPUT } from '../body/segment.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { boxMean } from '../face/retouch.ts';
import type { Algorithm } from '../types.ts';
import { composeLines, lineInk, WORK_SIDE, workingCopy } from './cartoon.ts';
import { lightnessPlane } from './colour.ts';
import { jpegOf } from './encode.ts';
import { faceStrokes, findStyleFaces } from './face-lines.ts';
import { guidedFilterGrey } from './guided.ts';
import { parseLineArtParams, type LineArtParams, type LineArtResult } from './style-params.ts';

/** Constants of the method (sigma in pixels at WORK_SIDE; eps in L* units). */
export const LINE_ART_RULES = {
  /** Pre-smoothing: guided filter radius (fraction of the long side) and eps (L*^2). */
  radius: 0.006,
  smoothEps: 30,
  /** sigma at line weight 1, and its growth per weight step. */
  sigma: 0.7,
  sigmaStep: 0.25,
  /** eps at detail 0 and at detail 100: below 0 only edges with a dark side that deep draw. */
  epsLow: -2.4,
  epsHigh: -0.3,
  tau: 0.985,
  phi: 1.0,
  /** The person's outline: width in working pixels at line weight 1 and per weight step, darkness. */
  outlineWidth: 1.1,
  outlineStep: 0.35,
  outlineStrength: 0.9,
  /** The outline fades where the mask's 0..1 transition is wider than this share of the long side. */
  outlineSoft: 0.03,
  /** Local contrast enhancement on the person outside the skin: window radius (share of the long
   *  side), the target local standard deviation (L*), the largest gain and the deviation's floor. */
  contrastRadius: 0.02,
  contrastTarget: 9,
  contrastGain: 4,
  contrastFloor: 1,
  /** The enhancement is kept to the heads: above each chin and this many face heights below it
   *  (fading out), and within this many face widths of the face's midline. */
  headBelowChin: 0.35,
  headSide: 1.3,
} as const;

type Mesh = ReadonlyArray<readonly [number, number, number]>;
/** The face models; segment's selfie model runs with onnxruntime (personProbability). */
type LineArtModels = MeshFaceModels;

/**
 * The person (0..1, working pixels) of the regions of the selfie model's probability that hold a
 * face: each face's mesh points stand for the person's points of keepPeople (the other regions,
 * a cat or a cup the model also takes, are dropped), resampled to the working copy.
 */
async function facePeople(work: RgbPixels, meshes: Mesh[], scale: number) {
  const { width: w, height: h } = work;
  const points = meshes.flatMap((mesh) =>
    mesh.map(([x, y]) => [(x / scale / w) * SELFIE_INPUT, (y / scale / h) * SELFIE_INPUT] as const),
  );
  const kept = keepPeople(await personProbability(work), points);
  return resampleMap(kept, SELFIE_INPUT, SELFIE_INPUT, w, h);
}

/**
 * Where the heads are on the working copy, 0..1: for each face (mesh in full-image pixels, the
 * working copy `scale` times smaller), in its own frame (up = chin 152 towards forehead 10), 1
 * above the chin within headSide face widths of the midline, fading to 0 headBelowChin face
 * heights below the chin and over a tenth of a face width at the sides; clothes below stay out.
 */
function headZone(meshes: Mesh[], w: number, h: number, scale: number): Float32Array {
  const R = LINE_ART_RULES;
  const zone = new Float32Array(w * h);
  for (const mesh of meshes) {
    const at = (i: number) => [mesh[i]![0] / scale, mesh[i]![1] / scale] as const;
    const [cx, cy] = at(152);
    const [tx, ty] = at(10);
    const height = Math.hypot(tx - cx, ty - cy) || 1;
    const ux = (tx - cx) / height;
    const uy = (ty - cy) / height;
    const [lx, ly] = at(234);
    const [rx, ry] = at(454);
    const width = Math.hypot(rx - lx, ry - ly) || 1;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        // Height above the chin (face heights) and distance from the midline (face widths).
        const up = (dx * ux + dy * uy) / height;
        const side = Math.abs(dx * -uy + dy * ux) / width;
        const v =
          Math.min(1, Math.max(0, 1 + up / R.headBelowChin)) *
          Math.min(1, Math.max(0, (R.headSide - side) * 10));
        if (v > zone[y * w + x]!) zone[y * w + x] = v;
      }
    }
  }
  return zone;
}

/**
 * Adaptive contrast enhancement (Narendra and Fitch 1981) of `L` where `where` > 0, in place:
 * L' = m + G (L - m), m and the standard deviation s over a (2r + 1)^2 window, G = target /
 * max(s, floor) within 1..maxGain, blended in by `where`.
 */
function enhanceContrast(L: Float32Array, where: Float32Array, w: number, h: number) {
  const R = LINE_ART_RULES;
  const r = Math.max(2, Math.round(R.contrastRadius * Math.max(w, h)));
  const tmp = new Float32Array(w * h);
  const mean = new Float32Array(w * h);
  const square = new Float32Array(w * h);
  boxMean(L, w, h, r, tmp, mean);
  // Plain loops here: a typed array's from() with a mapping function is ~40x slower in V8.
  const sq = new Float32Array(L.length);
  for (let i = 0; i < L.length; i++) sq[i] = L[i]! * L[i]!;
  boxMean(sq, w, h, r, tmp, square);
  for (let i = 0; i < L.length; i++) {
    const k = where[i]!;
    if (k <= 0) continue;
    const sd = Math.sqrt(Math.max(0, square[i]! - mean[i]! * mean[i]!));
    const gain = Math.min(R.contrastGain, Math.max(1, R.contrastTarget / Math.max(sd, R.contrastFloor)));
    const v = mean[i]! + gain * (L[i]! - mean[i]!);
    L[i] = L[i]! + k * ((v < 0 ? 0 : v > 100 ? 100 : v) - L[i]!);
  }
}

/**
 * The outline of mask `m` (w x h, 0..1) as line ink: a line `width` working pixels wide along the
 * 0.5 level set, the distance to it |m - 0.5| / |grad m| (central differences), faded where the
 * gradient is below 1 / (soft x the long side).
 */
function outlineInk(m: Float32Array, w: number, h: number, width: number): Float32Array {
  const R = LINE_ART_RULES;
  const out = new Float32Array(w * h);
  const minGrad = 1 / (R.outlineSoft * Math.max(w, h));
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = (m[i + 1]! - m[i - 1]!) / 2;
      const gy = (m[i + w]! - m[i - w]!) / 2;
      // sqrt rather than Math.hypot: the same value to float precision, several times faster.
      const g = Math.sqrt(gx * gx + gy * gy);
      if (g < 1e-4) continue;
      const d = Math.abs(m[i]! - 0.5) / g;
      const cover = Math.min(1, Math.max(0, width / 2 + 0.5 - d));
      out[i] = cover * Math.min(1, g / minGrad) * R.outlineStrength;
    }
  }
  return out;
}

async function run(
  image: DecodedImage,
  params: LineArtParams,
  models: LineArtModels,
): Promise<LineArtResult> {
  const { width: W, height: H } = image;
  const { work, scale } = await workingCopy(image, WORK_SIDE);
  const { width: w, height: h } = work;
  const faces = await findStyleFaces(models, work, scale);
  const L = lightnessPlane(work.data, w, h);
  const R = LINE_ART_RULES;
  const person = faces.meshes.length > 0 ? await facePeople(work, faces.meshes, scale) : undefined;
  if (person) {
    const skin = faces.skin!;
    const heads = headZone(faces.meshes, w, h, scale);
    const where = new Float32Array(person.length);
    for (let i = 0; i < where.length; i++) where[i] = person[i]! * (1 - skin[i]!) * heads[i]!;
    enhanceContrast(L, where, w, h);
  }
  const smooth = guidedFilterGrey(
    L,
    L,
    w,
    h,
    Math.max(1, Math.round(R.radius * Math.max(w, h))),
    R.smoothEps,
  );
  const d = params.detail / 100;
  const weight = params.lineWeight;
  const ink = lineInk(
    smooth,
    w,
    h,
    {
      sigma: R.sigma + R.sigmaStep * (weight - 1),
      tau: R.tau,
      eps: R.epsLow + d * (R.epsHigh - R.epsLow),
      // Weights 4 and 5 also thicken, by one working pixel.
      thicken: weight >= 4 ? 1 : 0,
    },
    faces.skin,
  );
  if (person) {
    const outline = outlineInk(person, w, h, R.outlineWidth + R.outlineStep * (weight - 1));
    // The outline's darkness through composeLines' tanh: atanh of the wanted darkness.
    for (let i = 0; i < ink.length; i++) {
      const o = outline[i]! > 0 ? Math.atanh(Math.min(0.999, outline[i]!)) / R.phi : 0;
      if (o > ink[i]!) ink[i] = o;
    }
  }
  const strokes = faceStrokes(faces.meshes, W, H, 0.6 + 0.25 * weight);
  const out = composeLines(null, ink, w, h, W, H, R.phi, 0, strokes);
  return {
    answer: {
      image_width: W,
      image_height: H,
      line_weight: params.lineWeight,
      detail: params.detail,
      face_num: faces.meshes.length,
    },
    images: await jpegOf(out, W, H, params.quality),
  };
}

export const lineart: Algorithm<LineArtParams, LineArtResult, LineArtModels> = {
  task: 'lineart',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseLineArtParams,
  loadModels: async () => {
    return loadMeshFaceModels();
  },
  // The face models are facepoints' and the selfie model segment's (warmed up by those tasks).
  warmup: async () => {},
  run,
};

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
 *
 * Models: the facepoints pipeline (BlazeFace + FaceMesh). No face is not an error.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import type { Algorithm } from '../types.ts';
import { composeLines, lineInk, WORK_SIDE, workingCopy } from './cartoon.ts';
import { jpegOf } from './encode.ts';
import { faceStrokes, findStyleFaces } from './face-lines.ts';
import { guidedFilterGrey } from './guided.ts';
import { labPlanes } from './npr.ts';
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
} as const;

async function run(
  image: DecodedImage,
  params: LineArtParams,
  models: MeshFaceModels,
): Promise<LineArtResult> {
  const { width: W, height: H } = image;
  const { work, scale } = await workingCopy(image, WORK_SIDE);
  const { width: w, height: h } = work;
  const faces = await findStyleFaces(models, work, scale);
  const L = labPlanes(work.data, w, h).c[0];
  const R = LINE_ART_RULES;
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

export const lineart: Algorithm<LineArtParams, LineArtResult, MeshFaceModels> = {
  task: 'lineart',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseLineArtParams,
  loadModels: loadMeshFaceModels,
  // The face models are facepoints' (warmed up by facepoints).
  warmup: async () => {},
  run,
};

/**
 * Three image tasks on the faces of a photo, by the mesh-guided classical methods of retouch.ts
 * and makeup-paint.ts (no model of their own; faces and meshes from the facepoints pipeline):
 *
 *  - beautify (v1/beauty): skin smoothing with the pores put back, whitening, blemish removal and
 *    eye brightening;
 *  - shapetuning (v1/beauty_shape): face slimming, chin length, eye enlarging, nose narrowing and
 *    forehead height by local warps confined to the face;
 *  - makeup (v3/makeup): lipstick, blush, eyebrow, eyeliner and eye shadow of a named look.
 *
 * Each answers the photo as a JPEG of its size (quality JPEG_QUALITY) and the faces it changed.
 * A photo without a face answers face_num 0 and the photo re-encoded (the gateway answers it as
 * "no face").
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { paintMakeup } from './makeup-paint.ts';
import { loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { encodeJpeg, retouchFaces, type ImageMesh } from './retouch-faces.ts';
import {
  parseBeautifyParams,
  parseMakeupParams,
  parseShapeParams,
  type BeautifyParams,
  type BeautifyResult,
  type BeautifySettings,
  type MakeupParams,
  type MakeupResult,
  type RetouchAnswer,
  type ShapeParams,
  type ShapeResult,
} from './retouch-tasks-params.ts';
import { retouchFace } from './retouch.ts';
import type { RgbPixels } from '../../image/resize.ts';

/** JPEG quality of the answers. */
const JPEG_QUALITY = 92;
/** Share of the finest skin texture (pores) put back after beautify's smoothing. */
const BEAUTIFY_KEEP_PORES = 0.4;

/** retouch.ts's settings for beautify's four strengths (no warps): v1/beauty's and the studio recipe's. */
export const beautifyFace = (p: BeautifySettings) => ({
  smooth: p.smooth,
  whiten: p.whiten,
  blemish: p.blemish,
  eyeBright: p.eyeBright,
  keepPores: BEAUTIFY_KEEP_PORES,
  slim: 0,
  eye: 0,
});

/** The face loop of the face editing tasks (also v1/beard and v1/EmojMaterialH5): each face edited, the photo encoded. */
export async function editFaces<A extends object>(
  image: DecodedImage,
  maxFaces: number,
  models: MeshFaceModels,
  edit: (pixels: RgbPixels, mesh: ImageMesh) => Promise<void>,
  settings: A,
) {
  // Retouching is for faces a person sees: the whole-photo detector pass (faces from ~4 % of the
  // long side, 43 px on a 1080-px photo) without the tiles for smaller ones, which would cost
  // about 200 ms on every photo over 800 px.
  const faces = await retouchFaces(image, maxFaces, models, edit, false);
  const answer: RetouchAnswer & A = {
    image_width: image.width,
    image_height: image.height,
    face_num: faces.length,
    faces: faces.map((f) => ({ face_rectangle: f.rectangle, score: f.score })),
    ...settings,
  };
  const bytes = await encodeJpeg(image, JPEG_QUALITY);
  return { answer, images: { media_data: { bytes: new Uint8Array(bytes), format: 'jpg' as const } } };
}

/** The models and decoding of the face editing tasks: facepoints' mesh models, the photo at full size. */
export const meshModels = {
  // Full size: the result is returned at the size it came in.
  decode: {},
  loadModels: loadMeshFaceModels,
  // The models are facepoints' (cached per thread), warmed up by facepoints at start.
  warmup: async () => {},
};

export const beautify: Algorithm<BeautifyParams, BeautifyResult, MeshFaceModels> = {
  task: 'beautify',
  ...meshModels,
  parseParams: parseBeautifyParams,
  run: (image, p, models) =>
    editFaces(image, p.maxFaceNum, models, (pixels, mesh) => retouchFace(pixels, mesh, beautifyFace(p)), {
      beauty: { smooth: p.smooth, whiten: p.whiten, blemish: p.blemish, eye_bright: p.eyeBright },
    }),
};

export const shapetuning: Algorithm<ShapeParams, ShapeResult, MeshFaceModels> = {
  task: 'shapetuning',
  ...meshModels,
  parseParams: parseShapeParams,
  run: (image, p, models) =>
    editFaces(
      image,
      p.maxFaceNum,
      models,
      (pixels, mesh) =>
        retouchFace(pixels, mesh, {
          smooth: 0,
          whiten: 0,
          slim: p.faceSlim,
          chin: p.chin,
          eye: p.eyeEnlarge,
          nose: p.noseNarrow,
          forehead: p.forehead,
        }),
      {
        shape: {
          face_slim: p.faceSlim,
          chin: p.chin,
          eye_enlarge: p.eyeEnlarge,
          nose_narrow: p.noseNarrow,
          forehead: p.forehead,
        },
      },
    ),
};

export const makeup: Algorithm<MakeupParams, MakeupResult, MeshFaceModels> = {
  task: 'makeup',
  ...meshModels,
  parseParams: parseMakeupParams,
  run: (image, p, models) =>
    editFaces(image, p.maxFaceNum, models, (pixels, mesh) => paintMakeup(pixels, mesh, p.parts), {
      makeup: { look: p.look, ...p.parts },
    }),
};

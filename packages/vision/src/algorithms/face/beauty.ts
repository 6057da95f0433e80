/**
 * facebeauty (AI Beauty, capability 81): every face of the photo retouched by the classical,
 * mesh-guided method of retouch.ts (skin mask, guided-filter smoothing, OKLab brightening, jaw
 * and eye warps), returned as a JPEG of the same size as the input.
 *
 * Models: the facepoints pipeline (BlazeFace + FaceMesh, shared and loaded once per worker); the
 * iris model is not needed (the eye warp is placed by the mesh's eye outline).
 */
import sharp from 'sharp';
import { resizeRgb } from '../../image/resize.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { parseBeautyParams, type BeautyFace, type BeautyParams, type BeautyResult } from './beauty-params.ts';
import { findFaceMeshes, imageRectangle, loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { retouchFace } from './retouch.ts';

/** Detection and the mesh run on a copy of at most this many pixels a side (as facepoints). */
const DETECT_SIDE = 2048;

/**
 * Retouches every face found in `image` (packed RGB, changed in place) with `settings`, at most
 * `maxFaces` of them; returns their boxes, left to right (empty when the photo has no face).
 * Shared with v1/filter, whose beautyAlpha is this smoothing.
 */
export async function retouchFaces(
  image: DecodedImage,
  settings: BeautyResult['settings'],
  maxFaces: number,
  models: MeshFaceModels,
): Promise<BeautyFace[]> {
  // The photo is decoded at full size (the result keeps it); the models see a copy of at most
  // DETECT_SIDE pixels a side.
  const W = image.width;
  const H = image.height;
  const scale = Math.min(1, DETECT_SIDE / Math.max(W, H));
  const working =
    scale === 1
      ? image
      : {
          width: Math.round(W * scale),
          height: Math.round(H * scale),
          data: await resizeRgb(image, Math.round(W * scale), Math.round(H * scale)),
        };
  const toImage = W / working.width;
  const found = await findFaceMeshes(models, working, {
    maxFaces,
    minConfidence: 0.4,
    smallFaces: true,
    iris: false,
  });
  const faces: BeautyFace[] = [];
  for (const face of found) {
    const mesh = face.landmarks.mesh.map(([x, y, z]) => [x * toImage, y * toImage, z * toImage] as const);
    await retouchFace(image, mesh, settings);
    faces.push({
      rectangle: imageRectangle(face.bounds, toImage, toImage, W, H),
      score: Math.round(face.detection.score * 1e4) / 1e4,
    });
  }
  return faces.sort((a, b) => a.rectangle.left - b.rectangle.left);
}

async function run(image: DecodedImage, params: BeautyParams, models: MeshFaceModels): Promise<BeautyResult> {
  const W = image.width;
  const H = image.height;
  const settings = { smooth: params.smooth, whiten: params.whiten, slim: params.slim, eye: params.eye };
  const faces = await retouchFaces(image, settings, params.maxFaces, models);
  if (faces.length === 0) return { imageWidth: W, imageHeight: H, faces: [], image: null, settings };
  const jpeg = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: params.quality })
    .toBuffer();
  return { imageWidth: W, imageHeight: H, faces, image: jpeg, settings };
}

export const facebeauty: Algorithm<BeautyParams, BeautyResult, MeshFaceModels> = {
  task: 'facebeauty',
  // Full size: the retouched photo is returned at the size it came in.
  decode: {},
  parseParams: parseBeautyParams,
  loadModels: loadMeshFaceModels,
  // The models are facepoints' (cached per thread), warmed up by facepoints at start.
  warmup: async () => {},
  run,
};

/**
 * facebeauty (AI Beauty, capability 81): every face of the photo retouched by the classical,
 * mesh-guided method of retouch.ts (skin mask, guided-filter smoothing, OKLab brightening, jaw
 * and eye warps), returned as a JPEG of the same size as the input.
 *
 * Models: the facepoints pipeline (BlazeFace + FaceMesh, shared and loaded once per worker); the
 * iris model is not needed (the eye warp is placed by the mesh's eye outline).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { parseBeautyParams, type BeautyParams, type BeautyResult } from './beauty-params.ts';
import { loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { encodeJpeg, retouchFaces } from './retouch-faces.ts';
import { retouchFace } from './retouch.ts';

async function run(image: DecodedImage, params: BeautyParams, models: MeshFaceModels): Promise<BeautyResult> {
  const W = image.width;
  const H = image.height;
  const settings = { smooth: params.smooth, whiten: params.whiten, slim: params.slim, eye: params.eye };
  const faces = await retouchFaces(image, params.maxFaces, models, (pixels, mesh) =>
    retouchFace(pixels, mesh, settings),
  );
  if (faces.length === 0) return { imageWidth: W, imageHeight: H, faces: [], image: null, settings };
  const jpeg = await encodeJpeg(image, params.quality);
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

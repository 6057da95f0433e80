/**
 * studio (v1/studio, capability 176, the studio solution): a studio's retouching recipe in one
 * pass over the decoded photo, so that a batch pays for decoding and encoding once per photo
 * rather than once per step:
 *
 *  1. beautify (v1/beauty's code, face/retouch.ts on every face the mesh finds): skin smoothing
 *     with the pores put back, whitening, blemish removal, eye brightening;
 *  2. optional local tone mapping (v1/hdr's toneMap, Durand & Dorsey 2002 with the guided filter);
 *  3. the colour look (v1/filter's 33^3 lookup tables, lut3d.ts) blended by filterAlpha;
 *  4. one JPEG of the input's size.
 *
 * A photo without a face is not an error: the other steps apply and face_num is 0.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { retouchFaces } from '../face/retouch-faces.ts';
import { beautifyFace } from '../face/retouch-tasks.ts';
import { retouchFace } from '../face/retouch.ts';
import { jpegOf } from './encode.ts';
import { toneMap } from './hdr.ts';
import { applyLut } from './lut3d.ts';
import { lookTable } from './looks.ts';
import { parseStudioParams, STUDIO_DEFAULTS, type StudioParams, type StudioResult } from './studio-params.ts';

async function run(image: DecodedImage, p: StudioParams, models: MeshFaceModels): Promise<StudioResult> {
  const { width, height } = image;
  const beautifies = p.smooth + p.whiten + p.blemish + p.eyeBright > 0;
  // As v1/beauty: faces a person sees (the whole-photo detector pass, no tiles for tiny faces).
  const faces = beautifies
    ? await retouchFaces(
        image,
        p.maxFaceNum,
        models,
        (pixels, mesh) => retouchFace(pixels, mesh, beautifyFace(p)),
        false,
      )
    : [];
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 3);
  if (p.hdr > 0) toneMap(pixels, width, height, p.hdr / 100);
  // parseStudioParams admits known looks only.
  if (p.filterAlpha > 0) applyLut(lookTable(p.filterType)!, pixels, p.filterAlpha / 100, pixels);
  return {
    answer: {
      image_width: width,
      image_height: height,
      face_num: faces.length,
      faces: faces.map((f) => ({ face_rectangle: f.rectangle, score: f.score })),
      recipe: {
        smooth: p.smooth,
        whiten: p.whiten,
        blemish: p.blemish,
        eye_bright: p.eyeBright,
        filter_type: p.filterType,
        filter_alpha: p.filterAlpha,
        hdr: p.hdr,
      },
    },
    images: await jpegOf(pixels, width, height, p.quality),
  };
}

export const studio: Algorithm<StudioParams, StudioResult, MeshFaceModels> = {
  task: 'studio',
  // Full size: the result is returned at the size it came in.
  decode: {},
  parseParams: parseStudioParams,
  loadModels: loadMeshFaceModels,
  // The face models are facepoints' (warmed up by facepoints); the default look's table is built once.
  warmup: async () => {
    lookTable(STUDIO_DEFAULTS.filterType);
  },
  run,
};

/**
 * filter (v1/filter, capability 19): a named colour look (looks.ts: documented colour operations
 * sampled into a 33^3 lookup table, applied by tetrahedral interpolation, lut3d.ts) blended with
 * the photo by filterAlpha, or a look uploaded in the back office as a .cube file (cube.ts); before it, when beautyAlpha > 0, AI Beauty's skin smoothing
 * (face/retouch-faces.ts retouchFaces with retouch.ts, the same code as v3/AIBeauty) on every face found. A JPEG of the
 * input's size.
 *
 * Models: none for the look; with beautyAlpha > 0, the facepoints pipeline (BlazeFace + FaceMesh,
 * shared per worker) finds the faces. No face is not an error: the look is applied alone.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { retouchFaces } from '../face/retouch-faces.ts';
import { retouchFace } from '../face/retouch.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { jpegOf } from './encode.ts';
import { applyLut } from './lut3d.ts';
import { lookTable } from './looks.ts';
import { FILTER_DEFAULTS, parseFilterParams, type FilterParams, type FilterResult } from './filter-params.ts';

/** Most faces smoothed (AI Beauty's default max_face_num). */
const BEAUTY_FACES = 20;

async function run(image: DecodedImage, params: FilterParams, models: MeshFaceModels): Promise<FilterResult> {
  const { width, height } = image;
  let faceNum = 0;
  if (params.beautyAlpha > 0) {
    const settings = { smooth: params.beautyAlpha, whiten: 0, slim: 0, eye: 0 };
    const faces = await retouchFaces(image, BEAUTY_FACES, models, (pixels, mesh) =>
      retouchFace(pixels, mesh, settings),
    );
    faceNum = faces.length;
  }
  // parseFilterParams admits known looks, or an uploaded one with its .cube table.
  const lut = params.cube?.lut ?? lookTable(params.filterType)!;
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 3);
  applyLut(lut, pixels, params.filterAlpha / 100, pixels);
  return {
    answer: {
      image_width: width,
      image_height: height,
      filter_type: params.filterType,
      filter_alpha: params.filterAlpha,
      beauty_alpha: params.beautyAlpha,
      face_num: faceNum,
    },
    images: await jpegOf(pixels, width, height, params.quality),
  };
}

export const filter: Algorithm<FilterParams, FilterResult, MeshFaceModels> = {
  task: 'filter',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseFilterParams,
  loadModels: loadMeshFaceModels,
  // Builds the default look's table; the face models are facepoints' (warmed up by facepoints).
  warmup: async () => {
    lookTable(FILTER_DEFAULTS.filterType);
  },
  run,
};

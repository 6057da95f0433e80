/**
 * skinsegment (capability v1/skin_segment) and hairsegment (v1/hair_segment): the skin, or the
 * hair, of the people of a photo as a full-size mask and cut-out, both PNG, from the face-seeded
 * colour models of skin-hair.ts. A photo without a face answers face_num 0 and an empty mask (the
 * gateway answers its no-face error).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { parseSkinHairParams, type FaceMaskResult, type SkinHairParams } from './skin-hair-params.ts';
import {
  analysePhoto,
  hairProbability,
  loadSkinHairModels,
  refineToFullSize,
  skinProbability,
  type PhotoMaps,
  type SkinHairModels,
} from './skin-hair.ts';
import { maskImages } from './segment.ts';

async function maskTask(
  image: DecodedImage,
  models: SkinHairModels,
  probability: (maps: PhotoMaps) => Float32Array,
): Promise<FaceMaskResult> {
  const maps = await analysePhoto(image, models);
  const mask =
    maps.faces.length === 0
      ? new Uint8Array(image.width * image.height)
      : await refineToFullSize(maps, probability(maps), image);
  const { foreground_ratio, images } = await maskImages(image, mask);
  return {
    answer: {
      image_width: image.width,
      image_height: image.height,
      foreground_ratio,
      face_num: maps.faces.length,
    },
    images,
  };
}

const common = {
  // Full size: the mask and the cut-out are returned at the size the photo came in.
  decode: {},
  parseParams: parseSkinHairParams,
  loadModels: loadSkinHairModels,
  // Every model is another task's (facepoints, bodypose, segment), warmed up by it at start.
  warmup: async () => {},
} as const;

export const skinsegment: Algorithm<SkinHairParams, FaceMaskResult, SkinHairModels> = {
  task: 'skinsegment',
  ...common,
  run: (image, _params, models) => maskTask(image, models, skinProbability),
};

export const hairsegment: Algorithm<SkinHairParams, FaceMaskResult, SkinHairModels> = {
  task: 'hairsegment',
  ...common,
  run: (image, _params, models) =>
    maskTask(image, models, (maps) => hairProbability(maps, skinProbability(maps))),
};

/**
 * The capabilities this build serves: one binding each. A capability is served exactly when it
 * has a binding here; the gateway's routes, the menu's "open" flag, the console's grants and the
 * API reference all read this list.
 */
import {
  accessoriesRecognition,
  aestheticScore,
  apperal,
  beard,
  andy,
  beautify,
  bodyPose,
  catsAndDogs,
  certificates,
  emojMaterial,
  facefusion,
  facefusechild,
  faceSegment,
  filter,
  foodRecognition,
  foodSegment,
  hairAnalysis,
  hairSegment,
  handGesture,
  hdr,
  headReplace,
  humanContourPointDetection,
  humanDetect,
  imageClassification,
  makeup,
  imageDenoise,
  imageEnhance,
  imageRestoration,
  imageStyle,
  lineArt,
  mask,
  nightEnhance,
  personSplit,
  sceneRecognition,
  shapeTuning,
  skinAnalysis,
  skinSegment,
  studioSolution,
  skySegment,
  depthEstimation,
  test,
  type ApiCapability,
} from '@pixora/catalog';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bind, kindAnswer, type Binding } from './binding.ts';
import { faceBindings } from './face-bindings.ts';
import { bindFaceMask, stickerParams } from './face-mask-bindings.ts';
import { bindNeedsFace } from './needs-face-binding.ts';
import { bindIdPhoto } from './idphoto-binding.ts';
import { bindFusion } from './fusion-bindings.ts';
import { lookParams, makeupParams } from './look-bindings.ts';

// Without a type of its own, so that each bind() is checked against its own contract.
const served = [
  ...Object.values(faceBindings),
  bind(bodyPose, 'bodypose'),
  bind(personSplit, 'segment'),
  bind(humanContourPointDetection, 'bodycontour'),
  bind(humanDetect, 'humandetect'),
  bind(handGesture, 'handgesture'),
  bindFaceMask(skinSegment, 'skinsegment'),
  bindFaceMask(hairSegment, 'hairsegment'),
  bindFaceMask(faceSegment, 'facesegment'),
  bind(hairAnalysis, 'hairattributes'),
  bindNeedsFace(mask, 'facemask'),
  bind(accessoriesRecognition, 'ornaments'),
  bind(apperal, 'apparel'),
  // No face: 20003, as the face-seeded masks.
  bindFaceMask(beautify, 'beautify'),
  bindFaceMask(shapeTuning, 'shapetuning'),
  bindFaceMask(makeup, 'makeup', makeupParams),
  bind(skinAnalysis, 'skinanalysis', {
    answer: (r) => {
      if (r.face_num === 0) throw new ApiError(20003);
      return kindAnswer(skinAnalysis, r);
    },
  }),
  bind(filter, 'filter', { params: lookParams }),
  bind(skySegment, 'skysegment'),
  bind(aestheticScore, 'aesthetic'),
  bind(hdr, 'hdr'),
  bind(nightEnhance, 'night'),
  bind(imageEnhance, 'enhance'),
  bind(imageDenoise, 'denoise'),
  bind(imageRestoration, 'restore'),
  bind(studioSolution, 'studio'),
  bindIdPhoto(certificates),
  bindFaceMask(beard, 'beard'),
  bindFaceMask(emojMaterial, 'emojmaterial', stickerParams(emojMaterial)),
  bind(andy, 'cartoon'),
  bind(lineArt, 'lineart'),
  bind(imageStyle, 'artstyle'),
  bind(sceneRecognition, 'scene'),
  bind(imageClassification, 'album'),
  bind(depthEstimation, 'depth'),
  bind(test, 'aieffects'),
  bind(catsAndDogs, 'catsanddogs'),
  bind(foodRecognition, 'fooddetect'),
  bind(foodSegment, 'foodsegment'),
  bindFusion(facefusion, 'facefuse', { param: 'templateImage', field: 'template_face_num', noFace: 220003 }),
  bindFusion(facefusechild, 'facefusechild', {
    param: 'secondImage',
    field: 'second_face_num',
    noFace: 20010,
  }),
  bindFusion(headReplace, 'headreplace', {
    param: 'templateImage',
    field: 'template_face_num',
    noFace: 220003,
  }),
];

export const bindings: readonly Binding<ApiCapability>[] = served;

/** The binding of each served capability, by capability id. */
export const bindingsById: ReadonlyMap<number, Binding<ApiCapability>> = new Map(
  bindings.map((b) => [b.capability.id, b]),
);

/** Whether this build serves capability `id`. */
export const isServed = (id: number): boolean => bindingsById.has(id);

/** The binding of each served endpoint, by endpoint (`v2/facepoints`). */
export const bindingsByEndpoint: ReadonlyMap<string, Binding<ApiCapability>> = new Map(
  bindings.map((b) => [b.capability.api.endpoint, b]),
);

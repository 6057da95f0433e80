export * from './types.ts';
export { groups } from './groups.ts';
export {
  FACE_COUNT,
  FACE_SET_ENDPOINTS,
  FACE_SET_NAME_MAX,
  DEMO_FACE_SETS,
  IMAGE_MAX_BYTES,
  megabytes,
} from './limits.ts';
export * from './capabilities/index.ts';
export { EMOTIONS, RACES } from './capabilities/faceTechnology/faceAnalysis.ts';
export { BEAUTY } from './capabilities/faceTechnology/aibeauty.ts';
export { ENHANCE_LIMITS } from './capabilities/imageProcessing/imageEnhance.ts';
export { BODY_14 } from './capabilities/bodyTechnology/bodyPose.ts';
export { BODY_CONTOUR_63 } from './capabilities/bodyTechnology/humanContourPointDetection.ts';
export { HAND_21, HAND_GESTURES } from './capabilities/bodyTechnology/handGesture.ts';
export { HAIR_MAX_FACES, HAIR_NAMES } from './capabilities/faceTechnology/hairAnalysis.ts';
export {
  APPAREL_COLOURS,
  APPAREL_MAX_PERSONS,
  APPAREL_NAMES,
} from './capabilities/bodyTechnology/apperal.ts';
export { ORNAMENT_NAMES } from './capabilities/bodyTechnology/accessoriesRecognition.ts';
export { PET_NAMES } from './capabilities/imageRecognition/catsAndDogs.ts';
export { FOOD_CONTEXT_NAMES, FOOD_NAMES } from './capabilities/imageRecognition/foodRecognition.ts';
export { FOOD_SEGMENT_LABELS } from './capabilities/imageRecognition/foodSegment.ts';
export { FACE_SEGMENT_LABELS } from './capabilities/imageRecognition/faceSegment.ts';
export { SCENE_NAMES } from './capabilities/imageRecognition/sceneRecognition.ts';
export { ALBUM_NAMES } from './capabilities/imageRecognition/imageClassification.ts';
export {
  OIL_AREAS,
  SKIN_SEVERITIES,
  SKIN_SHAPE_LABELS,
  SKIN_TONE_CATEGORIES,
  SKIN_TONE_LEVELS,
  SKIN_TYPES,
} from './capabilities/faceTechnology/skinAnalysis.ts';
export { FLAT_FEATURES } from './capabilities/faceTechnology/faceCharacter.ts';
export {
  FILTER,
  FILTER_LOOKS,
  FILTER_LOOK_NAMES,
  type FilterLook,
} from './capabilities/imageProcessing/filter.ts';
export { HDR_STRENGTH } from './capabilities/imageProcessing/hdr.ts';
export { NIGHT } from './capabilities/imageProcessing/nightEnhance.ts';
export { FACE_POINTS_MAX } from './capabilities/faceTechnology/face-fields.ts';
export {
  faceSetEndpoints,
  type FaceSetSummary,
  type StoredFace,
} from './capabilities/faceTechnology/face-sets.ts';
export {
  defineCapability,
  defineEndpoint,
  type ApiCapability,
  type EndpointContract,
  type Parameters,
} from './contract/define.ts';
export { described, i18n, metaOf, type Doc, type FieldMeta } from './contract/doc.ts';
export {
  OUTPUT_KINDS,
  producesImages,
  type KindAnswer,
  type KindView,
  type MaskLegendEntry,
  type Layout,
  type Noun,
  type OutputKind,
} from './contract/kinds.ts';
export * from './contract/reference.ts';
export * from './contract/answers.ts';
export { curlExample, type CurlExample } from './contract/curl.ts';
import { capabilities } from './capabilities/index.ts';
import { groups } from './groups.ts';
import type { Capability, Group } from './types.ts';

/** The page route of a capability: /algorithm/{group}/{slug}. */
export function capabilityUrl(capability: Pick<Capability, 'group' | 'slug'>): string {
  return `/algorithm/${capability.group}/${capability.slug}`;
}

export function findByEndpoint(endpoint: string): Capability | undefined {
  const wanted = endpoint.replace(/^\/+/, '');
  return capabilities.find((c) => c.endpoint === wanted);
}

export function findCapability(id: number, group: Group): Capability | undefined {
  return capabilities.find((c) => c.id === id && c.group === group);
}

export function groupInfo(group: Group) {
  return groups.find((g) => g.id === group);
}
export * from './account-rules.ts';
export * from './console-rules.ts';
export * from './contract/envelope.ts';
export * from './api/envelope.ts';
export * from './api/console.ts';
export * from './api/account.ts';
export * from './api/menu.ts';
export * from './api/questionnaire.ts';
export * from './api/audit.ts';
export * from './survey-rules.ts';
export { BEAUTIFY } from './capabilities/imageProcessing/beautify.ts';
export { STUDIO } from './capabilities/solution/studioSolution.ts';
export { SHAPE } from './capabilities/imageProcessing/shapeTuning.ts';
export { MAKEUP_LOOKS } from './capabilities/imageProcessing/makeup.ts';
export { BEARD, BEARD_STYLE_NAMES, BEARD_COLOUR_NAMES } from './capabilities/generateImages/beard.ts';
export { STICKER_NAMES, STICKER_DEFAULT, MAX_STICKERS } from './capabilities/generateImages/emojMaterial.ts';
export { CARTOON_STYLE, CARTOON_STYLES } from './capabilities/generateImages/andy.ts';
export { LINE_ART } from './capabilities/generateImages/lineArt.ts';
export { ART_STYLE, ART_STYLES } from './capabilities/generateImages/imageStyle.ts';
export { MTAI, MTAI_EFFECTS } from './capabilities/generateImages/test.ts';
export { FACEFUSE } from './capabilities/imageEditing/facefusion.ts';
export { FUSION_TEMPLATE_NAMES } from './capabilities/imageEditing/fusion-fields.ts';
export { FACEFUSECHILD, CHILD_GENDER_NAMES } from './capabilities/imageEditing/facefusechild.ts';
export { HEADREPLACE } from './capabilities/bodyTechnology/headReplace.ts';
export * from './api/workers.ts';
export * from './api/site-analytics.ts';
export * from './api/materials.ts';
export * from './material-rules.ts';
export * from './api/editor.ts';
export { JOB_LIMITS } from './limits.ts';
export * from './api/jobs.ts';

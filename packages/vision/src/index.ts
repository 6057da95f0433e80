/**
 * @pixora/vision: the vision engine. Models load from files inside node_modules; inference runs
 * in worker threads or worker processes (createLocalBackend) or, for tools and benchmarks,
 * in-process.
 *
 * Importing this entry point does not load TensorFlow.js; that happens in whichever thread
 * first runs a model (a pool worker, or the caller of runTaskInProcess / createEngine).
 */
export type { InferenceBackend, RunInput, RunOptions, BackendStats } from './pool/backend.ts';
export { refusalRetryMs } from './pool/backend.ts';
export { createLocalBackend, type LocalBackendOptions } from './pool/local.ts';
export { runTaskInProcess, createEngine, type Engine, type TaskInput } from './engine.ts';
export {
  ImageInputError,
  QueueFullError,
  OverloadedError,
  TaskTimeoutError,
  TaskAbortedError,
  WorkerCrashedError,
  NoWorkerReadyError,
  BackendClosedError,
  UnknownTaskError,
  TaskParamsError,
  serializeError,
  deserializeError,
  type ImageInputErrorCode,
  type SerializedError,
} from './errors.ts';
export {
  decodeImage,
  probeImage,
  DEFAULT_IMAGE_LIMITS,
  type ImageLimits,
  type ImageFormat,
  type DecodedImage,
  type ImageProbe,
} from './image/decode.ts';
export { parseCube, CUBE_SIZE, CUBE_VALUE_RANGE, type CubeLook } from './algorithms/image/cube.ts';
export { CUSTOM_RULE_LIMITS } from './algorithms/body/idphoto-params.ts';
export { applyLut } from './algorithms/image/lut3d.ts';
export {
  taskNames,
  isTaskName,
  type TaskName,
  type TaskResults,
  type TaskParams,
} from './algorithms/index.ts';
export {
  FACEPOINTS_DEFAULTS,
  LANDMARK_TYPES,
  type LandmarkType,
  type FacePointsParams,
  type FacePointsResult,
  type FacePointsFace,
} from './algorithms/face/facepoints-params.ts';
export {
  BABY_THRESHOLD,
  FACEANALYSIS_DEFAULTS,
  EMOTIONS,
  RACES,
  type Race,
  type GearEstimate,
  type Emotion,
  type HeadPose,
  type FaceAnalysisParams,
  type FaceAnalysisResult,
  type FaceAnalysisFace,
} from './algorithms/face/analysis-params.ts';
export {
  BEAUTY_DEFAULTS,
  type BeautyParams,
  type BeautyResult,
  type BeautyFace,
} from './algorithms/face/beauty-params.ts';
export {
  BEAUTIFY_DEFAULTS,
  SHAPE_DEFAULTS,
  MAKEUP_LOOK_NAMES,
  MAKEUP_LOOKS,
  checkMakeupLook,
  type MakeupLookParts,
  type BeautifyResult,
  type ShapeResult,
  type MakeupResult,
} from './algorithms/face/retouch-tasks-params.ts';
export {
  BEARD_DEFAULTS,
  BEARD_STYLES,
  BEARD_COLOURS,
  type BeardResult,
} from './algorithms/face/beard-params.ts';
export {
  STICKER_DEFAULTS,
  STICKER_MATERIALS,
  MAX_MATERIALS,
  UPLOAD_ANCHORS,
  type StickerResult,
  type UploadedSticker,
} from './algorithms/face/stickers-params.ts';
export type { FaceFeatures, FaceShapeScores } from './algorithms/face/features.ts';
export type { Appearance, AppearanceMeasures } from './algorithms/face/appearance.ts';
export { landmarks106, landmarks118, LAYOUT_106, LAYOUT_118 } from './algorithms/face/landmarks106.ts';
export type * from './algorithms/kinds.ts';
export { cosineSimilarity, SAME_PERSON_THRESHOLD } from './algorithms/face/compare.ts';
export { benchmarkEngine, measureThroughput, summarize, type EngineBenchmark } from './bench.ts';
export {
  BODY_14_POINTS,
  BODY_14_EDGES,
  COCO_17_POINTS,
  BODYPOSE_DEFAULTS,
  BODYPOSE_MAX_PERSONS,
  type Body14Point,
  type Coco17Point,
  type BodyPoseParams,
  type BodyPosePerson,
  type BodyPoseResult,
} from './algorithms/body/bodypose-params.ts';
export type { SegmentParams, SegmentAnswer, SegmentResult } from './algorithms/body/segment-params.ts';
export {
  CONTOUR_POINTS,
  CONTOUR_EDGES,
  BODYCONTOUR_DEFAULTS,
  type BodyContourParams,
  type BodyContourPerson,
  type BodyContourResult,
} from './algorithms/body/contour-params.ts';
export {
  HUMANDETECT_DEFAULTS,
  HUMANDETECT_MAX_PERSONS,
  type HumanDetectParams,
  type HumanDetectPerson,
  type HumanDetectResult,
} from './algorithms/body/humandetect-params.ts';
export {
  GESTURES,
  HAND_21_POINTS,
  HAND_21_EDGES,
  HANDGESTURE_DEFAULTS,
  HANDGESTURE_MAX_HANDS,
  type HandGestureResult,
} from './algorithms/body/handgesture-params.ts';
export {
  APPAREL_DEFAULTS,
  CLOTHING_TYPES,
  PATTERNS,
  SLEEVES,
  type ApparelResult,
} from './algorithms/body/apparel-params.ts';
export { COLOUR_NAMES as APPAREL_COLOUR_NAMES } from './algorithms/body/apparel-colour.ts';
export { FACE_LABELS, type FaceSegmentResult } from './algorithms/face/face-segment-params.ts';
export {
  HAIR_ATTRIBUTES_DEFAULTS,
  MAX_FACES as HAIR_ATTRIBUTES_MAX_FACES,
  type HairAttributesResult,
} from './algorithms/face/hair-attributes-params.ts';
export { FACEMASK_DEFAULTS, FACEMASK_MAX_FACES } from './algorithms/face/facemask-params.ts';
export { ORNAMENT_LABELS, ORNAMENTS_DEFAULTS, ORNAMENTS_MAX } from './algorithms/body/ornaments-params.ts';
export { PET_LABELS, PETS_DEFAULTS, PETS_MAX } from './algorithms/recognition/catsanddogs-params.ts';
export {
  FOOD_CONTEXT_LABELS,
  FOOD_DEFAULTS,
  FOOD_LABELS,
  FOOD_MAX,
} from './algorithms/recognition/fooddetect-params.ts';
export { FOOD_SEGMENT_DEFAULTS, FOOD_SEGMENT_LABELS } from './algorithms/recognition/foodsegment-params.ts';
export {
  OIL_AREAS as SKIN_OIL_AREAS,
  SEVERITIES as SKIN_SEVERITY_LEVELS,
  SKIN_SHAPES,
  SKIN_TYPES as SKIN_TYPE_VALUES,
  TONE_CATEGORIES,
  type SkinAnalysisResult,
} from './algorithms/face/skin-analysis-params.ts';
export { LOOK_IDS } from './algorithms/image/looks.ts';
export { FILTER_DEFAULTS, type FilterResult } from './algorithms/image/filter-params.ts';
export { STUDIO_DEFAULTS, type StudioResult } from './algorithms/image/studio-params.ts';
export {
  HDR_DEFAULTS,
  NIGHT_DEFAULTS,
  type HdrResult,
  type NightResult,
} from './algorithms/image/tone-params.ts';
export {
  ENHANCE_DEFAULTS,
  ENHANCE_MAX_OUTPUT_PIXELS,
  ENHANCE_MAX_OUTPUT_SIDE,
  type EnhanceParams,
  type EnhanceResult,
} from './algorithms/image/enhance-params.ts';
export {
  DENOISE_MAX_PIXELS,
  type DenoiseParams,
  type DenoiseResult,
} from './algorithms/image/denoise-params.ts';
export {
  RESTORE_DEFAULTS,
  type RestoreParams,
  type RestoreResult,
} from './algorithms/image/restore-params.ts';
export {
  ART_STYLE_DEFAULTS,
  ART_STYLES as ENGINE_ART_STYLES,
  CARTOON_DEFAULTS,
  CARTOON_STYLES as ENGINE_CARTOON_STYLES,
  LINE_ART_DEFAULTS,
} from './algorithms/image/style-params.ts';
export {
  ALBUM_LABELS,
  SCENES,
  type Scene,
  type SceneResult,
  type AlbumResult,
} from './algorithms/image/scene-params.ts';
export {
  EFFECTS as ENGINE_MTAI_EFFECTS,
  EFFECTS_DEFAULTS as MTAI_DEFAULTS,
} from './algorithms/image/effects-params.ts';
export {
  FACEFUSE_DEFAULTS,
  FUSION_TEMPLATES,
  CHILD_DEFAULTS,
  CHILD_GENDERS,
  HEADREPLACE_DEFAULTS,
  type FaceFuseResult,
  type ChildResult,
  type HeadResult,
} from './algorithms/face/facefuse-params.ts';

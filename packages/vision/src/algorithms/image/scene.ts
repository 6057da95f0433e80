/**
 * scene (capability v2/album, scene recognition): the five best of SCENES with a score each.
 *
 * No scene model ships in any package here (no Places365, no ImageNet network), so the scenes are
 * scored by hand-written rules over what the engine can measure, each rule named in SCENE_RULES
 * and its thresholds chosen on the tuning photos of test/fixtures/scene-labels.json (the report
 * photos only measure it: scripts/measure-scene.ts, docs/quality.md "Scene recognition"):
 *
 * - things: CenterNet's COCO boxes (humandetect.ts centernetBoxes, coco.ts), grouped: vehicles and
 *   street furniture (city street), animals, food and tableware (restaurant / food), sports gear
 *   (sports field), furniture and appliances (indoor), boats (water), skis (snow), surfboards
 *   (beach); the size of the largest person box;
 * - faces: BlazeFace (detector.ts), the largest face's size (portrait);
 * - the sky, colour classes, light, line structure and flatness of scene-features.ts.
 *
 * A rule's value is a score in 0..1: a product or maximum of ramps over features (0 below a
 * feature's low end, 1 above its high end). Scores of different scenes are comparable only in
 * that the top one is the rule that fired most clearly; they are not probabilities and are not
 * calibrated. The idea of scoring scene categories from detected objects plus global layout and
 * colour follows Li, Su, Xing and Fei-Fei's Object Bank (NIPS 2010) and Oliva and Torralba's
 * global scene properties (IJCV 42(3), 2001), here with fixed hand-set weights instead of learned
 * ones.
 *
 * Weak, and said so in docs/quality.md: colour classes are colour ranges (a blue wall counts as
 * water, a green wall as vegetation); stage, snow and beach rest on one or two cues each and
 * the labelled photos hold few of them; indoor is partly "nothing else fired".
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import type { DecodedImage } from '../../image/decode.ts';
import { getModel } from '../../runtime/models.ts';
import type { Algorithm } from '../types.ts';
import type { ScoredLabel } from '../kinds.ts';
import { centernetBoxes, greyImage } from '../body/humandetect.ts';
import { COCO_CLASS, COCO_NAMES } from '../body/coco.ts';
import { createDetector, detectFaces, type Detector } from '../face/detector.ts';
import { ramp, sceneFeatures, type SceneFeatures } from './scene-features.ts';
import { parseSceneParams, SCENES, type Scene, type SceneParams, type SceneResult } from './scene-params.ts';

export interface SceneModels {
  centernet: GraphModel;
  faces: Detector;
}

/** Working size: the detectors read 512 px (CenterNet) and 256 px (BlazeFace) copies. */
export const DECODE_SIDE = 640;
/** CenterNet boxes below this score are not read. */
export const OBJECT_MIN = 0.3;
/** Faces below this score are not read. */
export const FACE_MIN = 0.6;

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const cls = (name: string): number => {
  const i = COCO_NAMES.indexOf(name);
  if (i < 0) throw new Error(`unknown COCO class ${name}`);
  return i;
};

/** COCO classes grouped by the scene they point to. */
export const OBJECT_GROUPS = {
  street: [
    'bicycle',
    'car',
    'motorcycle',
    'bus',
    'train',
    'truck',
    'traffic light',
    'fire hydrant',
    'stop sign',
    'parking meter',
  ].map(cls),
  animal: range(cls('bird'), cls('giraffe')),
  food: [...range(cls('wine glass'), cls('cake')), cls('dining table')],
  sports: range(cls('frisbee'), cls('tennis racket')),
  // Furniture, appliances and household things: chair .. toothbrush, less the potted plant
  // (plant) and the dining table (food).
  indoor: range(cls('chair'), cls('toothbrush')).filter(
    (c) => c !== cls('potted plant') && c !== cls('dining table'),
  ),
  water: [cls('boat')],
  snow: [cls('skis'), cls('snowboard')],
  beach: [cls('surfboard')],
  park: [cls('bench'), cls('kite')],
  plant: [cls('potted plant')],
} as const;

/** What the detectors saw. */
export interface SceneObjects {
  /** Best box score per COCO class (0 when none reached OBJECT_MIN). */
  best: Float32Array;
  /** Largest box of each class, as a share of the photo. */
  area: Float32Array;
  /** Person boxes at OBJECT_MIN or above. */
  people: number;
  /** The largest face's longer side over the photo's longer side (0 without a face). */
  face: number;
  /** The best face score (0 without a face). */
  faceScore: number;
}

export interface SceneEvidence {
  features: SceneFeatures;
  objects: SceneObjects;
}

/**
 * A group's score: the noisy-OR of its classes' best scores (1 - the product of 1 - score), so
 * that several weak things of one kind (an apple 0.3 and an orange 0.3) add up.
 */
const groupScore = (o: SceneObjects, classes: readonly number[]): number =>
  1 - classes.reduce((p, c) => p * (1 - o.best[c]!), 1);

/**
 * The scene rules. Each names its cues; the ramps' ends were set on the tuning photos.
 */
export const SCENE_RULES: Record<Scene, (f: SceneFeatures, o: SceneObjects) => number> = {
  // People are the subject: a large person box or a large face. A face without any person box
  // counts half: BlazeFace also answers on cats' faces and round fruit.
  portrait: (_f, o) =>
    Math.max(
      ramp(o.area[COCO_CLASS.person]!, 0.04, 0.25),
      ramp(o.face, 0.04, 0.15) * o.faceScore * (o.people > 0 ? 1 : 0.5),
    ),
  // An animal box, trusted more when it is large.
  animal: (_f, o) => {
    const s = groupScore(o, OBJECT_GROUPS.animal);
    const a = OBJECT_GROUPS.animal.reduce((m, c) => Math.max(m, o.area[c]!), 0);
    return s * (0.6 + 0.4 * ramp(a, 0.01, 0.1));
  },
  // Food, drink and tableware.
  restaurant: (_f, o) => groupScore(o, OBJECT_GROUPS.food),
  // Sports gear over grass, or people on a large grass area.
  sports_field: (f, o) =>
    Math.max(
      groupScore(o, OBJECT_GROUPS.sports) * (0.5 + 0.5 * ramp(f.greenLow, 0.05, 0.25)),
      o.people > 0 ? 0.6 * ramp(f.greenLow, 0.25, 0.45) * (1 - ramp(f.sky, 0.05, 0.2)) : 0,
    ),
  // Mostly dark, better with bright points (lights).
  night: (f) => ramp(f.dark, 0.35, 0.75) * (0.6 + 0.4 * ramp(f.lights, 0.002, 0.02)),
  // Sky share.
  sky: (f) => ramp(f.sky, 0.08, 0.45),
  // Sky above a skyline that climbs diagonally (ridges), textured ground under it (rock, trees;
  // not a plain ceiling that the sky finder took for sky), few straight lines.
  mountain: (f) =>
    ramp(f.sky, 0.03, 0.12) *
    ramp(f.skylineDiagonal, 0.2, 0.5) *
    ramp(f.edges, 0.06, 0.15) *
    (1 - ramp(f.lines, 0.03, 0.08)) *
    (1 - ramp(f.skylineHeight, 0.5, 0.8)),
  // Bright neutral ground under some sky (a white shirt or wall indoors is not snow), or skis.
  snow: (f, o) =>
    Math.max(
      ramp(f.snow, 0.03, 0.2) * ramp(f.sky, 0.01, 0.08) * (1 - ramp(f.lines, 0.03, 0.08)),
      groupScore(o, OBJECT_GROUPS.snow),
    ),
  // Blue-cyan ground, counted half without any sky (screens, blue cars and walls), or boats.
  water: (f, o) =>
    Math.max(
      ramp(f.water, 0.05, 0.3) * (0.5 + 0.5 * ramp(f.sky, 0.01, 0.08)),
      groupScore(o, OBJECT_GROUPS.water),
    ),
  // Sand under sky or next to water, or a surfboard.
  beach: (f, o) =>
    Math.max(
      ramp(f.sand, 0.08, 0.3) * Math.max(ramp(f.water, 0.01, 0.08), ramp(f.sky, 0.05, 0.2)),
      groupScore(o, OBJECT_GROUPS.beach),
    ),
  // Vegetation with texture (not a blurred close-up), or a bench or kite.
  forest_park: (f, o) =>
    Math.max(
      ramp(f.green, 0.15, 0.45) * (1 - ramp(f.flat, 0.3, 0.6)),
      0.7 * groupScore(o, OBJECT_GROUPS.park),
    ),
  // Vegetation or vivid colour, surer in front of a flat (defocused) background; or a potted plant.
  plant: (f, o) =>
    Math.max(
      Math.max(ramp(f.green, 0.15, 0.5), ramp(f.vivid, 0.15, 0.4)) * (0.3 + 0.7 * ramp(f.flat, 0.15, 0.45)),
      groupScore(o, OBJECT_GROUPS.plant),
    ),
  // Straight axis-aligned lines, more so under some sky.
  building: (f) => ramp(f.lines, 0.03, 0.08) * (0.6 + 0.4 * ramp(f.sky, 0.02, 0.15)),
  // Vehicles and street furniture, or buildings under a strip of sky.
  city_street: (f, o) =>
    Math.max(
      0.9 * groupScore(o, OBJECT_GROUPS.street),
      0.8 * ramp(f.lines, 0.03, 0.08) * ramp(f.sky, 0.02, 0.1) * (1 - ramp(f.sky, 0.4, 0.6)),
    ),
  // No sky and little vegetation; furniture and appliances, or straight lines, make it surer.
  indoor: (f, o) =>
    (1 - ramp(f.sky, 0.005, 0.03)) *
    (1 - ramp(f.green, 0.15, 0.4)) *
    Math.max(0.35, groupScore(o, OBJECT_GROUPS.indoor), 0.35 + 0.4 * ramp(f.lines, 0.02, 0.06)),
  // A dark room with bright, vivid lights and people.
  stage: (f, o) =>
    ramp(f.dark, 0.3, 0.6) * ramp(f.vivid, 0.05, 0.2) * ramp(f.lights, 0.01, 0.05) * (o.people > 0 ? 1 : 0.5),
};

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** Every scene's score, best first. */
export function scoreScenes(evidence: SceneEvidence): ScoredLabel[] {
  return SCENES.map((scene) => ({
    label: scene,
    score: round4(Math.min(1, Math.max(0, SCENE_RULES[scene](evidence.features, evidence.objects)))),
  })).sort(
    (x, y) => y.score - x.score || SCENES.indexOf(x.label as Scene) - SCENES.indexOf(y.label as Scene),
  );
}

const ALL_CLASSES = new Set(COCO_NAMES.map((_, i) => i));

/**
 * A close-up: a box other than a person covering this share of the photo or more. CenterNet
 * misnames things that fill the frame (measured on the tuning photos: the close-up cat of
 * skimage's chelsea is "dog 0.47, cat 0.24"; at half size on grey it is "cat 0.61"), so a
 * close-up gets a second look at a zoomed-out copy (the photo at half size in the middle of a
 * grey frame of the same size) when the things are to be named (album). It costs a second
 * CenterNet run (on one core ~220 ms CPU: a close-up's album 536 ms CPU against 329 ms).
 */
export const CLOSE_UP_AREA = 0.3;
/** A first-look close-up box is kept only when the second look sees its class at this score or more. */
export const CONFIRM_MIN = 0.15;

interface SeenBox {
  cls: number;
  score: number;
  /** Share of the photo. */
  area: number;
}

/** CenterNet's boxes at `min` or above, with their area as a share of the (working) photo. */
async function seenBoxes(image: DecodedImage, model: GraphModel, min: number, zoom = 1): Promise<SeenBox[]> {
  const W = image.originalWidth;
  const H = image.originalHeight;
  return (await centernetBoxes(image, model, ALL_CLASSES))
    .filter((b) => b.score >= min)
    .map((b) => ({
      cls: b.cls,
      score: b.score,
      area: Math.min(
        1,
        (zoom * zoom * Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top)) / (W * H),
      ),
    }));
}

/** The photo at half size in the middle of a grey frame of its own size (working pixels). */
async function zoomedOut(image: DecodedImage): Promise<DecodedImage> {
  const { width: w, height: h } = image;
  const hw = Math.max(1, Math.round(w / 2));
  const hh = Math.max(1, Math.round(h / 2));
  const left = Math.floor((w - hw) / 2);
  const top = Math.floor((h - hh) / 2);
  const data = await sharp(image.data, { raw: { width: w, height: h, channels: 3 } })
    .resize(hw, hh, { fit: 'fill' })
    .extend({ left, top, right: w - hw - left, bottom: h - hh - top, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer();
  return { ...image, data, originalWidth: w, originalHeight: h };
}

/** What the detectors see in the photo. */
export async function sceneObjects(
  image: DecodedImage,
  models: SceneModels,
  secondLook: boolean,
): Promise<SceneObjects> {
  let boxes = await seenBoxes(image, models.centernet, OBJECT_MIN);
  if (secondLook && boxes.some((b) => b.cls !== COCO_CLASS.person && b.area >= CLOSE_UP_AREA)) {
    const second = await seenBoxes(await zoomedOut(image), models.centernet, CONFIRM_MIN, 2);
    const confirmed = new Set(second.map((b) => b.cls));
    boxes = [
      ...boxes.filter((b) => b.area < CLOSE_UP_AREA || b.cls === COCO_CLASS.person || confirmed.has(b.cls)),
      ...second.filter((b) => b.score >= OBJECT_MIN),
    ];
  }
  const best = new Float32Array(COCO_NAMES.length);
  const area = new Float32Array(COCO_NAMES.length);
  let people = 0;
  for (const { cls: c, score, area: share } of boxes) {
    best[c] = Math.max(best[c]!, score);
    area[c] = Math.max(area[c]!, share);
    if (c === COCO_CLASS.person) people++;
  }
  const faces = await detectFaces(models.faces, image, {
    minScore: FACE_MIN,
    iouThreshold: 0.3,
    tiling: false,
  });
  let face = 0;
  let faceScore = 0;
  const long = Math.max(image.width, image.height);
  for (const f of faces) {
    face = Math.max(face, Math.max(f.box.x2 - f.box.x1, f.box.y2 - f.box.y1) / long);
    faceScore = Math.max(faceScore, f.score);
  }
  return { best, area, people, face, faceScore };
}

/**
 * Features and things of a photo, what both scene and album read. `secondLook`: look at close-ups
 * twice (album, which names the things; the scene rules read groups, where a close-up cat taken
 * for a dog is an animal all the same, and keep within their time budget without it).
 */
export async function sceneEvidence(
  image: DecodedImage,
  models: SceneModels,
  secondLook = false,
): Promise<SceneEvidence> {
  const objects = await sceneObjects(image, models, secondLook);
  return { features: await sceneFeatures(image), objects };
}

/** The models: CenterNet and BlazeFace (both variants), loaded once per thread. */
export async function loadSceneModels(): Promise<SceneModels> {
  return { centernet: await getModel('centernet'), faces: createDetector() };
}

/** First runs compile the kernels: once on a grey photo. */
export async function warmupScene(models: SceneModels): Promise<void> {
  await sceneEvidence(greyImage(256), models);
}

/** The five best scenes. */
export const TOP = 5;

export const scene: Algorithm<SceneParams, SceneResult, SceneModels> = {
  task: 'scene',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseSceneParams,
  loadModels: loadSceneModels,
  warmup: warmupScene,
  run: async (image, _params, models) => ({
    labels: scoreScenes(await sceneEvidence(image, models)).slice(0, TOP),
  }),
};

/**
 * album (capability v1/Album, image classification): the photo's main subjects as labels with
 * scores, best first. No ImageNet classifier ships in any package here, so the subjects are what
 * the scene task's evidence (scene.ts) already holds:
 *
 * - things: every COCO class CenterNet finds at ALBUM_MIN or above, named as coco.ts names it,
 *   scored by its best box;
 * - `face`: BlazeFace's best face, only when CenterNet also sees a person (on their own, its faces
 *   include cats and round fruit);
 * - `food` and `animal`: the noisy-OR of the food classes (banana .. cake) and of the animal
 *   classes (bird .. giraffe), so a plate of fruit is "food" as well as "orange";
 * - scenes: the scene rules' landscape and place scenes (scene-params.ts ALBUM_SCENES: SCENES less
 *   portrait, restaurant and animal, which the labels above already name) at SCENE_MIN or above.
 *
 * - `text`: text-like regions (text-regions.ts: letter-shaped components grouped into lines, a
 *   classical method, no OCR: the text is found, not read) when at least TEXT_MIN_CHARS candidate
 *   characters stand in text lines, scored by text-regions.ts's score.
 *
 * Scores are the detectors' and the rules' scores, not probabilities.
 */
import type { Algorithm } from '../types.ts';
import type { ScoredLabel } from '../kinds.ts';
import { COCO_CLASS, COCO_NAMES } from '../body/coco.ts';
import {
  DECODE_SIDE,
  loadSceneModels,
  OBJECT_GROUPS,
  OBJECT_MIN,
  sceneEvidence,
  scoreScenes,
  warmupScene,
  type SceneEvidence,
  type SceneModels,
} from './scene.ts';
import {
  ALBUM_SCENES,
  parseSceneParams,
  type AlbumResult,
  type Scene,
  type SceneParams,
} from './scene-params.ts';
import { textRegions, type TextRegions } from './text-regions.ts';

/**
 * Things below this box score are not named: the scene rules' OBJECT_MIN (on the tuning photos a
 * plate of fruit's orange and apple score 0.32-0.33, a cup 0.47).
 */
export const ALBUM_MIN = OBJECT_MIN;
/** Scenes below this rule score are not named. */
export const SCENE_MIN = 0.5;
/** At most this many labels. */
export const ALBUM_MAX = 10;
/**
 * `text` is named from this many candidate characters in text lines (chosen on the tuning photos
 * of test/fixtures/text-labels.json by scripts/measure-text.ts tune: the best F1).
 */
export const TEXT_MIN_CHARS = 3;

const FOOD = OBJECT_GROUPS.food.filter(
  (c) => c >= COCO_NAMES.indexOf('banana') && c <= COCO_NAMES.indexOf('cake'),
);
const noisyOr = (scores: number[]): number => 1 - scores.reduce((p, s) => p * (1 - s), 1);
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** The album labels of a photo's evidence and text-like regions, best first. */
export function albumLabels({ features, objects }: SceneEvidence, text?: TextRegions): ScoredLabel[] {
  const labels: ScoredLabel[] = [];
  if (text && text.chars >= TEXT_MIN_CHARS) labels.push({ label: 'text', score: text.score });
  objects.best.forEach((score, c) => {
    if (score >= ALBUM_MIN) labels.push({ label: COCO_NAMES[c]!, score });
  });
  if (objects.faceScore > 0 && objects.best[COCO_CLASS.person]! > 0)
    labels.push({ label: 'face', score: objects.faceScore });
  const food = noisyOr(FOOD.map((c) => objects.best[c]!).filter((s) => s >= ALBUM_MIN));
  if (food > 0) labels.push({ label: 'food', score: food });
  const animal = noisyOr(OBJECT_GROUPS.animal.map((c) => objects.best[c]!).filter((s) => s >= ALBUM_MIN));
  if (animal > 0) labels.push({ label: 'animal', score: animal });
  for (const s of scoreScenes({ features, objects }))
    if (s.score >= SCENE_MIN && ALBUM_SCENES.includes(s.label as Scene)) labels.push(s);
  return labels
    .map((l) => ({ label: l.label, score: round4(Math.min(1, l.score)) }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label))
    .slice(0, ALBUM_MAX);
}

export const album: Algorithm<SceneParams, AlbumResult, SceneModels> = {
  task: 'album',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseSceneParams,
  loadModels: loadSceneModels,
  warmup: warmupScene,
  run: async (image, _params, models) => ({
    labels: albumLabels(await sceneEvidence(image, models, true), textRegions(image)),
  }),
};

/**
 * scene (v2/album, scene top 5) and album (v1/Album, the photo's main subjects): parameter and
 * result types. Kept apart from the algorithms so that importing them (e.g. from the HTTP gateway)
 * loads nothing.
 */
import type { ScoredLabel } from '../kinds.ts';
import { COCO_NAMES } from '../body/coco.ts';

export { parseSegmentParams as parseSceneParams } from '../body/segment-params.ts';

/** No parameters. */
export type SceneParams = Record<string, never>;

/**
 * The scenes the scene task scores (the answer's labels). Their display names are the contract's
 * (packages/catalog sceneRecognition.ts), which a test compares with this list.
 */
export const SCENES = [
  'beach',
  'mountain',
  'city_street',
  'building',
  'indoor',
  'restaurant',
  'sports_field',
  'night',
  'sky',
  'forest_park',
  'snow',
  'water',
  'stage',
  'portrait',
  'plant',
  'animal',
] as const;

export type Scene = (typeof SCENES)[number];

/** Scenes the album (v1/Album) names; people, food and animals it names by its other labels. */
export const ALBUM_SCENES: readonly Scene[] = SCENES.filter(
  (s) => s !== 'portrait' && s !== 'restaurant' && s !== 'animal',
);

/** Every label the album may answer: the COCO classes, face, food, animal, text and ALBUM_SCENES. */
export const ALBUM_LABELS: readonly string[] = [
  ...COCO_NAMES,
  'face',
  'food',
  'animal',
  'text',
  ...ALBUM_SCENES,
];

/** `labels`: the five best scenes, best first; each score is 0..1 (4 decimals), a score, not a probability. */
export interface SceneResult {
  labels: ScoredLabel[];
}

/** `labels`: the photo's main subjects, best first, score 0..1 (4 decimals). */
export interface AlbumResult {
  labels: ScoredLabel[];
}

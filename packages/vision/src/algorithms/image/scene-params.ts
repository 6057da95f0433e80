/**
 * scene (v2/album, scene top 5) and album (v1/Album, the photo's main subjects): parameter and
 * result types. Kept apart from the algorithms so that importing them (e.g. from the HTTP gateway)
 * loads nothing.
 */
import type { ScoredLabel } from '../kinds.ts';

export { parseSegmentParams as parseSceneParams } from '../body/segment-params.ts';

/** No parameters. */
export type SceneParams = Record<string, never>;

/** The scenes the scene task scores, in the order of SCENE_NAMES (keys of the answer's labels). */
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

/** Display names of the scenes: zh, zh_tw, en. */
export const SCENE_NAMES: Record<Scene, readonly [string, string, string]> = {
  beach: ['海滩', '海灘', 'Beach'],
  mountain: ['山景', '山景', 'Mountain'],
  city_street: ['城市街道', '城市街道', 'City street'],
  building: ['建筑', '建築', 'Building'],
  indoor: ['室内', '室內', 'Indoor room'],
  restaurant: ['餐厅/美食', '餐廳/美食', 'Restaurant / food'],
  sports_field: ['运动场', '運動場', 'Sports field'],
  night: ['夜景', '夜景', 'Night'],
  sky: ['天空', '天空', 'Sky'],
  forest_park: ['森林/公园', '森林/公園', 'Forest / park'],
  snow: ['雪景', '雪景', 'Snow'],
  water: ['水景', '水景', 'Water'],
  stage: ['舞台', '舞台', 'Stage'],
  portrait: ['人像', '人像', 'Portrait'],
  plant: ['花草植物', '花草植物', 'Flowers and plants'],
  animal: ['动物', '動物', 'Animal'],
};

/** `labels`: the five best scenes, best first; each score is 0..1 (4 decimals), a score, not a probability. */
export interface SceneResult {
  labels: ScoredLabel[];
}

/** `labels`: the photo's main subjects, best first, score 0..1 (4 decimals). */
export interface AlbumResult {
  labels: ScoredLabel[];
}

/**
 * bodycontour (capability v1/BodyContour): the 63-point contour layout, parameter and result
 * types, defaults and parameter validation. Kept apart from the model code so that importing them
 * (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Keypoint, Rectangle } from '../kinds.ts';
import { BODYPOSE_MAX_PERSONS, parseBodyPoseParams } from './bodypose-params.ts';

/** The product's "63 body contour points". */
export const CONTOUR_POINT_COUNT = 63;

/**
 * Names of the 63 points, in answer order: `contour_1` at the top of the head, then clockwise as
 * the photo is viewed (first towards the photo's right), evenly spaced along the outline.
 */
export const CONTOUR_POINTS: readonly string[] = Array.from(
  { length: CONTOUR_POINT_COUNT },
  (_, i) => `contour_${i + 1}`,
);

/** Lines drawn between the points: each to the next, and the last back to the first. */
export const CONTOUR_EDGES: ReadonlyArray<readonly [string, string]> = CONTOUR_POINTS.map(
  (name, i) => [name, CONTOUR_POINTS[(i + 1) % CONTOUR_POINT_COUNT]!] as const,
);

export interface BodyContourParams {
  /** Most people returned (highest bodypose scores win), 1..6. Public name `max_person_num`. */
  maxPersonNum: number;
  /** Also return every vertex of the traced outline. Public name `full_contour`. */
  fullContour: boolean;
}

export const BODYCONTOUR_DEFAULTS: Readonly<BodyContourParams> = Object.freeze({
  maxPersonNum: BODYPOSE_MAX_PERSONS,
  fullContour: false,
});

export interface BodyContourPerson {
  /** Box around the person's traced outline, original-image pixels (0.1 px). */
  person_rectangle: Rectangle;
  /** The person's bodypose score, 0..1 (4 decimals). */
  score: number;
  /** The 63 points of CONTOUR_POINTS, in that order; score: the mask's step across the outline there. */
  keypoints: Keypoint[];
  /** The 17 COCO points bodypose gave this person (the skeleton that split touching people). */
  model_keypoints: Keypoint[];
  /**
   * With fullContour only: every corner of the traced outline as [x, y] (pixel centres, 0.1 px),
   * from the top of the head, clockwise; points in the middle of straight runs are left out.
   */
  contour?: Array<[number, number]>;
}

export interface BodyContourResult extends ImageSize {
  person_num: number;
  /** Sorted left to right by person_rectangle.left. */
  persons: BodyContourPerson[];
}

export function parseBodyContourParams(raw: Record<string, unknown> | undefined): BodyContourParams {
  const p = { ...BODYCONTOUR_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  // The same rule as bodypose's, whose people these are.
  if (raw.maxPersonNum !== undefined)
    p.maxPersonNum = parseBodyPoseParams({ maxPersonNum: raw.maxPersonNum }).maxPersonNum;
  if (raw.fullContour !== undefined) {
    if (typeof raw.fullContour !== 'boolean') throw new TaskParamsError('fullContour must be a boolean');
    p.fullContour = raw.fullContour;
  }
  return p;
}

/**
 * ornaments (capability v1/Ornaments): parameter and result types, defaults and parameter
 * validation. Kept apart from the model code so that importing them (e.g. from the HTTP gateway)
 * does not load TensorFlow.js.
 */
import { numberParam } from '../param-checks.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';

/**
 * Every label the task answers, in this order: measured on the face mesh (glasses, sunglasses,
 * hat, earring) and COCO classes of the object detector (backpack, umbrella, handbag, tie). The
 * contract's label names list the same codes (a test holds the two equal).
 */
export const ORNAMENT_LABELS = [
  'glasses',
  'sunglasses',
  'hat',
  'earring',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
] as const;
export type OrnamentLabel = (typeof ORNAMENT_LABELS)[number];

/** Most ornaments one answer may hold. */
export const ORNAMENTS_MAX = 50;

export interface OrnamentsParams {
  /** Lowest score of a detector box (backpack, umbrella, handbag, tie), 0..1. Public name `min_score`. */
  minScore: number;
  /** Most ornaments returned, the highest scores first, 1..50. Public name `max_ornament_num`. */
  maxOrnamentNum: number;
}

/**
 * Defaults. minScore 0.3: humandetect's person cut on the same detector (its best false person on
 * photos without people scored 0.261); not tuned on accessories, of which the photos here hold few.
 */
export const ORNAMENTS_DEFAULTS: Readonly<OrnamentsParams> = Object.freeze({
  minScore: 0.3,
  maxOrnamentNum: 20,
});

export interface Ornament {
  /** Box in original-image pixels (0.1 px), clamped to the image. */
  ornament_rectangle: Rectangle;
  /** Score 0..1 (4 decimals): the detector's for COCO classes, the measure's for the others; not a probability. */
  score: number;
  label: OrnamentLabel;
}

export interface OrnamentsResult extends ImageSize {
  ornament_num: number;
  /** Left to right by ornament_rectangle.left. */
  ornaments: Ornament[];
}

export function parseOrnamentsParams(raw: Record<string, unknown> | undefined): OrnamentsParams {
  const r = raw ?? {};
  return {
    minScore: numberParam(r, 'minScore', { min: 0, max: 1 }) ?? ORNAMENTS_DEFAULTS.minScore,
    maxOrnamentNum:
      numberParam(r, 'maxOrnamentNum', { min: 1, max: ORNAMENTS_MAX, integer: true }) ??
      ORNAMENTS_DEFAULTS.maxOrnamentNum,
  };
}

/**
 * humandetect (capability v1/HumanDetect): parameter and result types, defaults and parameter
 * validation. Kept apart from the model code so that importing them (e.g. from the HTTP gateway)
 * does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';
import { parsePeopleParams } from './bodypose-params.ts';

/** Most people one answer may hold: the detector keeps its 100 best boxes of any class. */
export const HUMANDETECT_MAX_PERSONS = 100;

export interface HumanDetectParams {
  /** Most people returned (highest scores win), 1..100. Public name `max_person_num`. */
  maxPersonNum: number;
  /** Lowest person score returned, 0..1. Public name `min_score`. */
  minScore: number;
  /**
   * Also look for people in four overlapping quarters of the photo (2 x 2 tiles), which finds
   * people too small for the whole-photo pass, for about five times the time. Public name
   * `small_people`.
   */
  smallPeople: boolean;
}

/**
 * Defaults. minScore 0.3 was set on photos that are not in the quality report: on 26 scikit-image
 * photos without people CenterNet's best person box scores 0.261 (microaneurysms.png, a retina),
 * the next 0.244 and 0.231, also with 2 x 2 tiles; on face-api samples 1-4 (13 people) it keeps
 * 9 boxes at 0.3 (3, 3, 1, 2). maxPersonNum 20: a group photo's worth; up to 100 on request.
 */
export const HUMANDETECT_DEFAULTS: Readonly<HumanDetectParams> = Object.freeze({
  maxPersonNum: 20,
  minScore: 0.3,
  smallPeople: false,
});

export interface HumanDetectPerson {
  /** The person's box in original-image pixels (0.1 px), clamped to the image. */
  person_rectangle: Rectangle;
  /** Detection score, 0..1 (4 decimals); not a calibrated probability. */
  score: number;
}

export interface HumanDetectResult extends ImageSize {
  person_num: number;
  /** Sorted left to right by person_rectangle.left. */
  persons: HumanDetectPerson[];
}

export function parseHumanDetectParams(raw: Record<string, unknown> | undefined): HumanDetectParams {
  const p = parsePeopleParams(raw, HUMANDETECT_DEFAULTS, HUMANDETECT_MAX_PERSONS);
  if (raw?.smallPeople !== undefined) {
    if (typeof raw.smallPeople !== 'boolean') throw new TaskParamsError('smallPeople must be a boolean');
    p.smallPeople = raw.smallPeople;
  }
  return p;
}

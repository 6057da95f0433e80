/**
 * apparel (capability v1/apperal): attribute values, parameter and result types, defaults and
 * parameter validation. Kept apart from the model code so that importing them does not load
 * TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';
import { BODYPOSE_MAX_PERSONS, parseBodyPoseParams } from './bodypose-params.ts';
import type { ColourName } from './apparel-colour.ts';

export const SLEEVES = ['sleeveless', 'short', 'long', 'not_visible'] as const;
export const PATTERNS = ['plain', 'striped', 'patterned', 'not_visible'] as const;
export const CLOTHING_TYPES = ['one_piece', 'separates', 'not_visible'] as const;

export interface ApparelParams {
  /** Most people returned (highest bodypose scores win), 1..6. Public name `max_person_num`. */
  maxPersonNum: number;
}

export const APPAREL_DEFAULTS: Readonly<ApparelParams> = Object.freeze({
  maxPersonNum: BODYPOSE_MAX_PERSONS,
});

interface Attribute<V> {
  value: V;
  score?: number;
}

export interface ApparelPerson {
  /** The person's bodypose box, original-image pixels (0.1 px). */
  person_rectangle: Rectangle;
  /** The person's bodypose score, 0..1. */
  score: number;
  attributes: {
    /** Main colour of the upper garment; score: its share of the garment's pixels. */
    upper_color: Attribute<ColourName | 'not_visible'>;
    /** Main colour of the lower garment; score: its share of the garment's pixels. */
    lower_color: Attribute<ColourName | 'not_visible'>;
    sleeve: Attribute<(typeof SLEEVES)[number]>;
    pattern: Attribute<(typeof PATTERNS)[number]>;
    clothing_type: Attribute<(typeof CLOTHING_TYPES)[number]>;
  };
}

export interface ApparelResult extends ImageSize {
  person_num: number;
  /** Sorted left to right by person_rectangle.left. */
  persons: ApparelPerson[];
}

export function parseApparelParams(raw: Record<string, unknown> | undefined): ApparelParams {
  const p = { ...APPAREL_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  // The same rule as bodypose's, whose people these are.
  if (raw.maxPersonNum !== undefined)
    p.maxPersonNum = parseBodyPoseParams({ maxPersonNum: raw.maxPersonNum }).maxPersonNum;
  return p;
}

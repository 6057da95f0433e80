/**
 * skinanalysis (capability v2/skin): value sets, parameter and result types, defaults and
 * parameter validation. Kept apart from the measuring code so that importing them (the gateway,
 * the contract tests) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';

/** Severity levels of a finding, from its measure and the thresholds of SKIN_RULES. */
export const SEVERITIES = ['none', 'mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * Skin colour categories of the individual typology angle (Del Bino and Bernerd 2013):
 * ITA > 55 very light, 41..55 light, 28..41 intermediate, 10..28 tan, -30..10 brown, < -30 dark.
 */
export const TONE_CATEGORIES = ['very_light', 'light', 'intermediate', 'tan', 'brown', 'dark'] as const;
export type ToneCategory = (typeof TONE_CATEGORIES)[number];

/** Skin type from where highlights are: dry skin cannot be told from a photo's shine. */
export const SKIN_TYPES = ['normal', 'combination', 'oily'] as const;
export const OIL_AREAS = ['none', 't_zone', 'cheeks', 'whole_face'] as const;

/** Names of the regions and findings of a face drawn over the photo. */
export const SKIN_SHAPES = [
  'pores',
  'blackheads',
  'acne',
  'moles',
  'forehead_wrinkles',
  'crows_feet',
  'nasolabial_folds',
  'dark_circles',
  'oil_area',
  'rosacea',
  'skin_tone',
] as const;
export type SkinShapeName = (typeof SKIN_SHAPES)[number];

export const SKIN_TONE_LEVELS = 40;
export const SKIN_MAX_FACES = 10;

export interface SkinAnalysisParams {
  /** Most faces analysed (largest detector scores first), 1..10. Public name `max_face_num`. */
  maxFaceNum: number;
}

export const SKIN_ANALYSIS_DEFAULTS: Readonly<SkinAnalysisParams> = Object.freeze({ maxFaceNum: 5 });

interface Attribute<V> {
  value: V;
  score?: number;
}

/** A severity with its score: 0..1 along the measure's thresholds (0.25 mild, 0.5 moderate, 0.75 severe). */
export type SeverityAttribute = Required<Attribute<Severity>>;

/** A region (polygon) or findings (points) of a face, original-image pixels (0.1 px). */
export interface SkinShape {
  label: SkinShapeName;
  polygon?: Array<[number, number]>;
  points?: Array<[number, number]>;
}

export interface SkinAnalysisFace {
  face_rectangle: Rectangle;
  /** The face detector's score, 0..1. */
  score: number;
  attributes: {
    skin_tone: Attribute<number>;
    skin_tone_category: Attribute<ToneCategory>;
    ita: Attribute<number>;
    pores: SeverityAttribute;
    blackheads: SeverityAttribute;
    acne: SeverityAttribute;
    moles: SeverityAttribute;
    wrinkles: SeverityAttribute;
    forehead_wrinkles: SeverityAttribute;
    crows_feet: SeverityAttribute;
    nasolabial_folds: SeverityAttribute;
    dark_circles: SeverityAttribute;
    skin_type: Attribute<(typeof SKIN_TYPES)[number]>;
    oil_area: Attribute<(typeof OIL_AREAS)[number]>;
    rosacea: SeverityAttribute;
    skin_age: Attribute<number>;
  };
  shapes: SkinShape[];
}

export interface SkinAnalysisResult extends ImageSize {
  face_num: number;
  /** Left to right by face_rectangle.left. */
  faces: SkinAnalysisFace[];
}

export function parseSkinAnalysisParams(raw: Record<string, unknown> | undefined): SkinAnalysisParams {
  const p = { ...SKIN_ANALYSIS_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.maxFaceNum !== undefined) {
    const v = raw.maxFaceNum;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > SKIN_MAX_FACES)
      throw new TaskParamsError(`maxFaceNum must be an integer from 1 to ${SKIN_MAX_FACES}`);
    p.maxFaceNum = v;
  }
  return p;
}

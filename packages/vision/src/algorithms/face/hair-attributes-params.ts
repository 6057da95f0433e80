/**
 * hairattributes (capability v1/hairclassifier): attribute values, parameter and result types,
 * defaults and parameter validation. Kept apart from the measuring code so that importing them
 * does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';

/** Most faces measured: the faces skin-hair.ts seeds its colour models from (its MAX_FACES; a test holds them equal). */
export const MAX_FACES = 10;

export const HAIR_LENGTHS = ['short', 'medium', 'long'] as const;
export const HAIR_CURLS = ['straight', 'wavy', 'curly'] as const;
export const HAIRLINES = ['normal', 'high'] as const;
export const HAIR_COLOURS = ['black', 'brown', 'blonde', 'red', 'grey', 'dyed'] as const;
export const YES_NO = ['yes', 'no'] as const;

export type HairLength = (typeof HAIR_LENGTHS)[number];
export type HairCurl = (typeof HAIR_CURLS)[number];
export type Hairline = (typeof HAIRLINES)[number];
export type HairColour = (typeof HAIR_COLOURS)[number];
export type YesNo = (typeof YES_NO)[number];

export interface HairAttributesParams {
  /** Most faces answered (the face detector's best first), 1..MAX_FACES. Public name `max_face_num`. */
  maxFaceNum: number;
}

export const HAIR_ATTRIBUTES_DEFAULTS: Readonly<HairAttributesParams> = Object.freeze({
  maxFaceNum: MAX_FACES,
});

interface Attribute<V> {
  value: V;
  score?: number;
}

export interface HairFace {
  /** The face's box (its mesh's extent), original-image pixels (0.1 px). */
  face_rectangle: Rectangle;
  /** The face detector's score, 0..1. */
  score: number;
  attributes: {
    /** Where the hair ends: above the chin, down to the shoulders, below them; null without hair. */
    length: Attribute<HairLength | null>;
    /** Hair over the forehead band above the brows; score: the band's share of hair. */
    bangs: Attribute<YesNo>;
    /** Texture of the hair region (structure-tensor coherence); score: the coherence. Null without hair. */
    curl: Attribute<HairCurl | null>;
    /** Height of the hair-skin boundary above the brows; null when bangs or no hair hide it. */
    hairline: Attribute<Hairline | null>;
    /** Hair gathered behind the head (hanging), little hair beside the face. */
    ponytail: Attribute<YesNo>;
    /** Hair gathered on top of the head, little hair beside the face. */
    bun: Attribute<YesNo>;
    /** Little grown hair over the scalp, which is not skin coloured either (a buzz cut). */
    shaved: Attribute<YesNo>;
    /** Little hair over the scalp, which is skin coloured. */
    bald: Attribute<YesNo>;
    /** Named colour of the hair; score: its share of the hair pixels. Null without hair. */
    colour: Attribute<HairColour | null>;
  };
}

export interface HairAttributesResult extends ImageSize {
  face_num: number;
  /** Sorted left to right by face_rectangle.left. */
  faces: HairFace[];
}

export function parseHairAttributesParams(raw: Record<string, unknown> | undefined): HairAttributesParams {
  const p = { ...HAIR_ATTRIBUTES_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.maxFaceNum !== undefined) {
    const n = raw.maxFaceNum;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_FACES)
      throw new TaskParamsError(`maxFaceNum must be an integer from 1 to ${MAX_FACES}`);
    p.maxFaceNum = n;
  }
  return p;
}

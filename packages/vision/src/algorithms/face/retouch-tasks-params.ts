/**
 * beautify (v1/beauty), shapetuning (v1/beauty_shape) and makeup (v3/makeup): parameter and
 * result types, defaults and validation. Kept apart from the model code so that importing them
 * (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult, Rectangle } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

/** Most faces one call retouches. */
export const RETOUCH_MAX_FACES = 100;

export interface RetouchedFace {
  /** Tight box around the 468 mesh points, original-image pixels (0.1 px). */
  face_rectangle: Rectangle;
  /** Face detector score, 0..1 (4 decimals). */
  score: number;
}

/** The answer of the three tasks besides their own settings: faces retouched, left to right. */
export interface RetouchAnswer extends ImageSize {
  face_num: number;
  faces: RetouchedFace[];
}

// ---------------------------------------------------------------------------------------------
// beautify

export interface BeautifyParams {
  /** Skin smoothing 0..100 (guided filter inside the skin mask, pores put back). */
  smooth: number;
  /** Skin whitening 0..100 (OKLab lightness curve inside the skin mask). */
  whiten: number;
  /** Blemish removal 0..100 (small dark or red spots of the skin filled from around them). */
  blemish: number;
  /** Eye brightening 0..100 (the eye openings lifted in OKLab). */
  eyeBright: number;
  maxFaceNum: number;
}

export const BEAUTIFY_DEFAULTS: Readonly<BeautifyParams> = Object.freeze({
  smooth: 50,
  whiten: 30,
  blemish: 50,
  eyeBright: 30,
  maxFaceNum: 20,
});

export type BeautifySettings = Pick<BeautifyParams, 'smooth' | 'whiten' | 'blemish' | 'eyeBright'>;

export type BeautifyResult = ImageTaskResult<
  RetouchAnswer & { beauty: { smooth: number; whiten: number; blemish: number; eye_bright: number } }
>;

function readNumbers<P extends object>(
  raw: Record<string, unknown> | undefined,
  defaults: Readonly<P>,
  ranges: Record<keyof P & string, { min: number; max: number; integer?: boolean }>,
): P {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new TaskParamsError('params must be an object');
  const p = { ...defaults } as Record<string, number>;
  for (const [key, range] of Object.entries(ranges) as Array<[string, { min: number; max: number }]>) {
    const v = numberParam(raw ?? {}, key, range);
    if (v !== undefined) p[key] = v;
  }
  return p as P;
}

const STRENGTH = { min: 0, max: 100 };
const SIGNED = { min: -100, max: 100 };
const FACES = { min: 1, max: RETOUCH_MAX_FACES, integer: true };

export function parseBeautifyParams(raw: Record<string, unknown> | undefined): BeautifyParams {
  return readNumbers(raw, BEAUTIFY_DEFAULTS, {
    smooth: STRENGTH,
    whiten: STRENGTH,
    blemish: STRENGTH,
    eyeBright: STRENGTH,
    maxFaceNum: FACES,
  });
}

// ---------------------------------------------------------------------------------------------
// shapetuning

export interface ShapeParams {
  /** Face slimming 0..100: the jaw line drawn towards the face's midline. */
  faceSlim: number;
  /** Chin length -100..100: the chin moved down (longer) or up (shorter) along the midline. */
  chin: number;
  /** Eye enlarging 0..100: a local magnification centred on each eye. */
  eyeEnlarge: number;
  /** Nose narrowing -100..100: the nose wings moved towards the nose's line (wider when negative). */
  noseNarrow: number;
  /** Forehead height -100..100: the top of the face moved up (higher) or down (lower). */
  forehead: number;
  maxFaceNum: number;
}

export const SHAPE_DEFAULTS: Readonly<ShapeParams> = Object.freeze({
  faceSlim: 30,
  chin: 0,
  eyeEnlarge: 20,
  noseNarrow: 20,
  forehead: 0,
  maxFaceNum: 20,
});

export type ShapeResult = ImageTaskResult<
  RetouchAnswer & {
    shape: { face_slim: number; chin: number; eye_enlarge: number; nose_narrow: number; forehead: number };
  }
>;

export function parseShapeParams(raw: Record<string, unknown> | undefined): ShapeParams {
  return readNumbers(raw, SHAPE_DEFAULTS, {
    faceSlim: STRENGTH,
    chin: SIGNED,
    eyeEnlarge: STRENGTH,
    noseNarrow: SIGNED,
    forehead: SIGNED,
    maxFaceNum: FACES,
  });
}

// ---------------------------------------------------------------------------------------------
// makeup

export const MAKEUP_PARTS = ['lipstick', 'blush', 'eyebrow', 'eyeliner', 'eyeshadow'] as const;
export type MakeupPart = (typeof MAKEUP_PARTS)[number];

export interface PartPaint {
  /** sRGB colour, `#rrggbb` lower case. */
  color: string;
  /** 0..100; 0 leaves the part as it is. */
  strength: number;
}

export type MakeupLookParts = Record<MakeupPart, PartPaint>;

/**
 * The named looks: a colour and strength for each part. Names in three languages are the
 * contract's (packages/catalog makeup.ts); the keys here are the public values of `look`.
 */
export const MAKEUP_LOOKS = {
  natural: {
    lipstick: { color: '#c76b6b', strength: 40 },
    blush: { color: '#e89a8f', strength: 25 },
    eyebrow: { color: '#5a4034', strength: 25 },
    eyeliner: { color: '#2b211d', strength: 30 },
    eyeshadow: { color: '#b58a74', strength: 25 },
  },
  rose: {
    lipstick: { color: '#c2456b', strength: 60 },
    blush: { color: '#f08aa0', strength: 35 },
    eyebrow: { color: '#4a3428', strength: 30 },
    eyeliner: { color: '#2b1b1e', strength: 40 },
    eyeshadow: { color: '#c77d93', strength: 35 },
  },
  coral: {
    lipstick: { color: '#e8604c', strength: 60 },
    blush: { color: '#f5927a', strength: 35 },
    eyebrow: { color: '#5a4034', strength: 30 },
    eyeliner: { color: '#3a2a22', strength: 35 },
    eyeshadow: { color: '#d99a6c', strength: 35 },
  },
  classic_red: {
    lipstick: { color: '#b0141e', strength: 80 },
    blush: { color: '#d9767a', strength: 25 },
    eyebrow: { color: '#2e2320', strength: 45 },
    eyeliner: { color: '#111111', strength: 70 },
    eyeshadow: { color: '#8c6152', strength: 25 },
  },
  peach: {
    lipstick: { color: '#f08a75', strength: 55 },
    blush: { color: '#ffab91', strength: 40 },
    eyebrow: { color: '#6b4c3b', strength: 25 },
    eyeliner: { color: '#3d2b22', strength: 30 },
    eyeshadow: { color: '#f0a888', strength: 35 },
  },
  smoky: {
    lipstick: { color: '#9c5a5a', strength: 45 },
    blush: { color: '#c98b84', strength: 20 },
    eyebrow: { color: '#241c19', strength: 50 },
    eyeliner: { color: '#0d0d0d', strength: 85 },
    eyeshadow: { color: '#3b3438', strength: 65 },
  },
  plum: {
    lipstick: { color: '#7a2248', strength: 70 },
    blush: { color: '#c9788f', strength: 30 },
    eyebrow: { color: '#352624', strength: 40 },
    eyeliner: { color: '#1c1018', strength: 60 },
    eyeshadow: { color: '#7b4a6e', strength: 45 },
  },
  nude: {
    lipstick: { color: '#b98272', strength: 50 },
    blush: { color: '#d9a08c', strength: 20 },
    eyebrow: { color: '#5a4034', strength: 30 },
    eyeliner: { color: '#3a2a22', strength: 30 },
    eyeshadow: { color: '#a78572', strength: 30 },
  },
  berry: {
    lipstick: { color: '#8e1f45', strength: 75 },
    blush: { color: '#d46a86', strength: 35 },
    eyebrow: { color: '#2e2320', strength: 40 },
    eyeliner: { color: '#1a0f14', strength: 55 },
    eyeshadow: { color: '#9b4f6b', strength: 40 },
  },
  orange_pop: {
    lipstick: { color: '#f25a1d', strength: 70 },
    blush: { color: '#ff9966', strength: 35 },
    eyebrow: { color: '#5a4034', strength: 30 },
    eyeliner: { color: '#3a2a22', strength: 40 },
    eyeshadow: { color: '#e88a3c', strength: 40 },
  },
} as const satisfies Record<string, MakeupLookParts>;

export type MakeupLook = keyof typeof MAKEUP_LOOKS;
export const MAKEUP_LOOK_NAMES = Object.keys(MAKEUP_LOOKS) as MakeupLook[];

const HEX = /^#?([0-9a-fA-F]{6})$/;

/** An uploaded look's value: `m<id>` (the back office's materials). */
const UPLOADED_LOOK = /^m[1-9][0-9]*$/;

/**
 * Checks a makeup look given as data (an uploaded makeup-look material, a JSON object): exactly
 * the five parts of MAKEUP_PARTS, each `{ "color": "#rrggbb", "strength": 0..100 }`, as the named
 * looks above are written. Returns it with colours in lower case; throws TaskParamsError naming
 * the first fault.
 */
export function checkMakeupLook(value: unknown): MakeupLookParts {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TaskParamsError(`a makeup look is a JSON object with the parts ${MAKEUP_PARTS.join(', ')}`);
  const given = value as Record<string, unknown>;
  const extra = Object.keys(given).filter((k) => !(MAKEUP_PARTS as readonly string[]).includes(k));
  if (extra.length > 0)
    throw new TaskParamsError(
      `a makeup look has the parts ${MAKEUP_PARTS.join(', ')} only, not ${extra.join(', ')}`,
    );
  const parts = {} as MakeupLookParts;
  for (const part of MAKEUP_PARTS) {
    const paint = given[part] as Record<string, unknown> | undefined;
    if (typeof paint !== 'object' || paint === null || Array.isArray(paint))
      throw new TaskParamsError(`${part} must be { "color": "#rrggbb", "strength": 0..100 }`);
    const keys = Object.keys(paint).filter((k) => k !== 'color' && k !== 'strength');
    if (keys.length > 0)
      throw new TaskParamsError(`${part} has color and strength only, not ${keys.join(', ')}`);
    const match = typeof paint.color === 'string' ? HEX.exec(paint.color) : null;
    if (!match) throw new TaskParamsError(`${part}.color must be a colour #rrggbb`);
    const strength = paint.strength;
    if (typeof strength !== 'number' || !Number.isFinite(strength) || strength < 0 || strength > 100)
      throw new TaskParamsError(`${part}.strength must be a number from 0 to 100`);
    parts[part] = { color: `#${match[1]!.toLowerCase()}`, strength };
  }
  return parts;
}

export interface MakeupParams {
  /** A named look, or an uploaded one's value (`m<id>`) when its parts came with the job. */
  look: MakeupLook | `m${number}`;
  /** The look's parts with any colour or strength given in the request put in its place. */
  parts: MakeupLookParts;
  maxFaceNum: number;
}

export type MakeupResult = ImageTaskResult<
  RetouchAnswer & { makeup: { look: MakeupParams['look'] } & MakeupLookParts }
>;

/**
 * The parameters of makeup: `look` names a look of MAKEUP_LOOKS, or is an uploaded look's value
 * `m<id>` sent with `lookParts` (its parts, checked by checkMakeupLook); each part's colour and
 * strength given in the request replace the look's.
 */
export function parseMakeupParams(raw: Record<string, unknown> | undefined): MakeupParams {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new TaskParamsError('params must be an object');
  const given = raw ?? {};
  let look = (given.look ?? 'natural') as MakeupParams['look'];
  let baseParts: MakeupLookParts;
  if (given.lookParts !== undefined) {
    if (typeof look !== 'string' || !UPLOADED_LOOK.test(look))
      throw new TaskParamsError('look of an uploaded makeup look is its value m<id>');
    baseParts = checkMakeupLook(given.lookParts);
  } else {
    if (typeof look !== 'string' || !Object.prototype.hasOwnProperty.call(MAKEUP_LOOKS, look))
      throw new TaskParamsError(`look must be one of ${MAKEUP_LOOK_NAMES.join(', ')}`);
    look = look as MakeupLook;
    baseParts = MAKEUP_LOOKS[look as MakeupLook];
  }
  const parts = {} as MakeupLookParts;
  for (const part of MAKEUP_PARTS) {
    const base = baseParts[part];
    const strength = numberParam(given, part, STRENGTH) ?? base.strength;
    const key = `${part}Color`;
    let color: string = base.color;
    if (given[key] !== undefined) {
      const match = typeof given[key] === 'string' ? HEX.exec(given[key]) : null;
      if (!match) throw new TaskParamsError(`${key} must be a colour #rrggbb`);
      color = `#${match[1]!.toLowerCase()}`;
    }
    parts[part] = { color, strength };
  }
  const maxFaceNum = numberParam(given, 'maxFaceNum', FACES) ?? 20;
  return { look, parts, maxFaceNum };
}

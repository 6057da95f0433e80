/**
 * idphoto (v1/certified): parameters, the photo standards the task follows, result types and
 * validation. Kept apart from the model code so that importing them (the HTTP gateway, the
 * contract tests) loads no TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

/**
 * The placement rules of a standard, as fractions of the photo's height (top = 0):
 *  - head height: crown (top of the hair, from the person mask) to chin (face mesh point 152);
 *  - crown margin: photo top to crown;
 *  - eye line: photo top to the line through the two eye centres (mesh eye-corner midpoints).
 * The head is centred horizontally (the eye midpoint on the photo's vertical centre line) and its
 * roll (the eye line's tilt) is corrected by rotating the photo.
 */
export interface PlacementRule {
  head: { min: number; target: number; max: number };
  crownMargin: { min: number; target: number; max: number };
  eyeLine: { min: number; max: number };
}

/**
 * Passport photos, ICAO Doc 9303 Part 3 (and ISO/IEC 19794-5, the full frontal image): 35 x 45 mm,
 * chin to crown 32-36 mm (0.711-0.800 of the height; aimed at 34 mm, 0.756), the eyes 50-70 % of
 * the height above the bottom (0.30-0.50 from the top); the top margin aimed at about 4 mm (0.09).
 */
export const PASSPORT_RULE: PlacementRule = {
  head: { min: 32 / 45, target: 34 / 45, max: 36 / 45 },
  crownMargin: { min: 0.02, target: 0.09, max: 0.2 },
  eyeLine: { min: 0.3, max: 0.5 },
};

/**
 * 1-inch, small 1-inch, 2-inch and custom sizes: no single published standard covers them; the
 * rule applied is common studio practice for Chinese ID photos: the head (crown to chin) about
 * two thirds of the height (0.60-0.72, aimed at 0.66), the crown about 0.08 of the height below
 * the top (0.03-0.15), the eye line 0.32-0.50 of the height from the top.
 */
export const STUDIO_RULE: PlacementRule = {
  head: { min: 0.6, target: 0.66, max: 0.72 },
  crownMargin: { min: 0.03, target: 0.08, max: 0.15 },
  eyeLine: { min: 0.32, max: 0.5 },
};

/** The named sizes at 300 dpi: width x height in pixels, and the rule each follows. */
export const ID_SPECS = {
  '1inch': { width: 295, height: 413, rule: STUDIO_RULE },
  '2inch': { width: 413, height: 579, rule: STUDIO_RULE },
  small_1inch: { width: 260, height: 378, rule: STUDIO_RULE },
  passport: { width: 413, height: 531, rule: PASSPORT_RULE },
} as const satisfies Record<string, { width: number; height: number; rule: PlacementRule }>;
export type NamedSpec = keyof typeof ID_SPECS;
export const ID_SPEC_NAMES = [...(Object.keys(ID_SPECS) as NamedSpec[]), 'custom'] as const;
export type IdSpec = (typeof ID_SPEC_NAMES)[number];

/**
 * Custom sizes: each side 100-1200 px wide and 100-1600 px high, width / height from 0.5 to 1
 * (a portrait or square photo: the head of the studio rule must fit its width).
 */
export const CUSTOM_LIMITS = {
  width: { min: 100, max: 1200 },
  height: { min: 100, max: 1600 },
  aspect: { min: 0.5, max: 1 },
} as const;

/**
 * Head bounds a custom size (an uploaded ID-photo size) may set, as fractions of the photo's
 * height: the head height (crown to chin) and the eye line, each within the widest bounds the
 * named sizes use (the studio rule's 0.60 to the passport's 0.80; the eye line 0.30 to 0.50).
 */
export const CUSTOM_RULE_LIMITS = {
  head: { min: 0.6, max: 0.8 },
  eyeLine: { min: 0.3, max: 0.5 },
} as const;

/** The named background colours: white, and the blue and red commonly used for ID photos. */
export const BG_COLOURS = { white: '#ffffff', blue: '#438edb', red: '#ff0000' } as const;
export type BgName = keyof typeof BG_COLOURS;
const HEX = /^#?([0-9a-fA-F]{6})$/;

/** Print sheets at 300 dpi (landscape; the copies are laid out in whichever orientation fits more). */
export const SHEETS = {
  '6inch': { width: 1800, height: 1200 },
  '5inch': { width: 1500, height: 1050 },
} as const;
export const LAYOUTS = ['none', ...(Object.keys(SHEETS) as Array<keyof typeof SHEETS>)] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface IdPhotoParams {
  spec: IdSpec;
  /** Custom size, px (spec custom only). */
  width?: number;
  height?: number;
  /** A name of BG_COLOURS or a hex colour `#rrggbb` (`#` optional). */
  bgColor: string;
  layout: Layout;
  /** Custom size only: head height and eye line bounds replacing the studio rule's (CUSTOM_RULE_LIMITS). */
  headMin?: number;
  headMax?: number;
  eyeLineMin?: number;
  eyeLineMax?: number;
}

export const IDPHOTO_DEFAULTS: Readonly<IdPhotoParams> = Object.freeze({
  spec: '1inch',
  bgColor: 'white',
  layout: 'none',
});

export interface IdPhotoAnswer extends ImageSize {
  /** The photo's size, px (the sheet's when a layout is asked: `sheet_width` x `sheet_height`). */
  output_width: number;
  output_height: number;
  spec: IdSpec;
  /** The background colour used, `#rrggbb`. */
  bg_color: string;
  /** Crown to chin over the photo's height, as placed (4 decimals). */
  head_height_ratio: number;
  /** Photo top to the eye line over the photo's height (4 decimals). */
  eye_line_ratio: number;
  /** Photo top to the crown over the photo's height (4 decimals). */
  crown_margin_ratio: number;
  /** The head's roll in the input, degrees (0.1): the photo was rotated by its opposite. */
  roll: number;
  /** The head's yaw, degrees (0.1), from the face mesh. */
  yaw: number;
  layout: Layout;
  /** Copies on the sheet (1 without a layout). */
  copies: number;
  /** The sheet's size, px (0 without a layout). */
  sheet_width: number;
  sheet_height: number;
}

/** Why a photo cannot make an ID photo; the gateway answers each with its catalogue code. */
export type IdPhotoRefusal =
  'no_face' | 'several_faces' | 'face_turned' | 'head_cut' | 'no_outline' | 'too_small' | 'proportions';

/**
 * `images.media_data`: the ID photo (or the print sheet of copies with `layout`), a JPEG at 300 dpi.
 * A photo that cannot make one answers `refused` with the reason and a message instead.
 */
export type IdPhotoResult =
  | (ImageTaskResult<IdPhotoAnswer> & { refused?: undefined })
  | { refused: IdPhotoRefusal; message: string; answer?: undefined; images?: undefined };

/** `#rrggbb` of a named or hex colour; undefined when it is neither. */
export function bgHex(colour: string): string | undefined {
  const named = (BG_COLOURS as Record<string, string>)[colour.trim().toLowerCase()];
  if (named) return named;
  const m = HEX.exec(colour.trim());
  return m ? `#${m[1]!.toLowerCase()}` : undefined;
}

/** The size and rule of a spec: the named sizes, or the custom width and height (studio rule). */
export function specSize(p: IdPhotoParams): { width: number; height: number; rule: PlacementRule } {
  if (p.spec === 'custom') return { width: p.width!, height: p.height!, rule: customRule(p) };
  return ID_SPECS[p.spec];
}

/**
 * The rule of a custom size: the studio rule, with the head height bounds given (the head aimed at
 * their middle, as the named rules aim near theirs) and the eye line bounds given.
 */
function customRule(p: IdPhotoParams): PlacementRule {
  const head =
    p.headMin !== undefined && p.headMax !== undefined
      ? { min: p.headMin, target: (p.headMin + p.headMax) / 2, max: p.headMax }
      : STUDIO_RULE.head;
  const eyeLine =
    p.eyeLineMin !== undefined && p.eyeLineMax !== undefined
      ? { min: p.eyeLineMin, max: p.eyeLineMax }
      : STUDIO_RULE.eyeLine;
  return { ...STUDIO_RULE, head, eyeLine };
}

/** A pair of bounds `<name>Min`, `<name>Max` within `limits`, min below max; both or neither. */
function boundsParam(
  raw: Record<string, unknown>,
  name: 'head' | 'eyeLine',
): { min: number; max: number } | undefined {
  const limits = CUSTOM_RULE_LIMITS[name];
  const min = numberParam(raw, `${name}Min`, limits);
  const max = numberParam(raw, `${name}Max`, limits);
  if (min === undefined && max === undefined) return undefined;
  if (min === undefined || max === undefined || !(min < max))
    throw new TaskParamsError(`${name}Min and ${name}Max go together, the first below the second`);
  return { min, max };
}

export function parseIdPhotoParams(raw: Record<string, unknown> | undefined): IdPhotoParams {
  const p: IdPhotoParams = { ...IDPHOTO_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.spec !== undefined) {
    if (typeof raw.spec !== 'string' || !(ID_SPEC_NAMES as readonly string[]).includes(raw.spec))
      throw new TaskParamsError(`spec must be one of ${ID_SPEC_NAMES.join(', ')}`);
    p.spec = raw.spec as IdSpec;
  }
  if (raw.layout !== undefined) {
    if (typeof raw.layout !== 'string' || !(LAYOUTS as readonly string[]).includes(raw.layout))
      throw new TaskParamsError(`layout must be one of ${LAYOUTS.join(', ')}`);
    p.layout = raw.layout as Layout;
  }
  if (raw.bgColor !== undefined) {
    if (typeof raw.bgColor !== 'string' || bgHex(raw.bgColor) === undefined)
      throw new TaskParamsError(
        `bgColor must be one of ${Object.keys(BG_COLOURS).join(', ')} or a colour #rrggbb`,
      );
    p.bgColor = raw.bgColor;
  }
  const width = numberParam(raw, 'width', { ...CUSTOM_LIMITS.width, integer: true });
  const height = numberParam(raw, 'height', { ...CUSTOM_LIMITS.height, integer: true });
  if (p.spec === 'custom') {
    if (width === undefined || height === undefined)
      throw new TaskParamsError('width and height are needed with spec custom');
    const aspect = width / height;
    if (aspect < CUSTOM_LIMITS.aspect.min || aspect > CUSTOM_LIMITS.aspect.max)
      throw new TaskParamsError(
        `width / height must be from ${CUSTOM_LIMITS.aspect.min} to ${CUSTOM_LIMITS.aspect.max} (a portrait or square photo)`,
      );
    p.width = width;
    p.height = height;
    const head = boundsParam(raw, 'head');
    const eyeLine = boundsParam(raw, 'eyeLine');
    if (head) Object.assign(p, { headMin: head.min, headMax: head.max });
    if (eyeLine) Object.assign(p, { eyeLineMin: eyeLine.min, eyeLineMax: eyeLine.max });
  } else if (['headMin', 'headMax', 'eyeLineMin', 'eyeLineMax'].some((k) => raw[k] !== undefined))
    throw new TaskParamsError('head and eye line bounds are a custom size’s');
  return p;
}

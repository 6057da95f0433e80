/**
 * cartoon (v1/AICartoonStyle1), lineart (v1/AICartoonStyle2) and artstyle (v1/mtstyle): parameter
 * and result types, defaults and validation. Kept apart from the algorithms so that importing them
 * (e.g. from the HTTP gateway) loads no image code.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

/** The cartoon styles, in the order the demo offers them. */
export const CARTOON_STYLES = ['anime', 'comic', 'pastel', 'flat'] as const;
export type CartoonStyle = (typeof CARTOON_STYLES)[number];

/** The art styles of v1/mtstyle, in the order the demo offers them. */
export const ART_STYLES = ['oil', 'watercolor', 'pencil', 'ink', 'pop_art', 'mosaic'] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

export interface CartoonParams {
  style: CartoonStyle;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export interface LineArtParams {
  /** Line width, 1 (fine) .. 5 (bold). */
  lineWeight: number;
  /** How many weaker edges become lines, 0 (only the strongest outlines) .. 100. */
  detail: number;
  quality: number;
}

export interface ArtStyleParams {
  style: ArtStyle;
  /** Blend of the rendering with the photo, 0 (the photo) .. 100 (the rendering). */
  strength: number;
  quality: number;
}

export const CARTOON_DEFAULTS: Readonly<CartoonParams> = Object.freeze({ style: 'anime', quality: 92 });
export const LINE_ART_DEFAULTS: Readonly<LineArtParams> = Object.freeze({
  lineWeight: 2,
  detail: 50,
  quality: 92,
});
export const ART_STYLE_DEFAULTS: Readonly<ArtStyleParams> = Object.freeze({
  style: 'oil',
  strength: 100,
  quality: 92,
});

export interface CartoonAnswer extends ImageSize {
  style: CartoonStyle;
  /** Faces whose features were drawn from the face mesh (0: none found, not an error). */
  face_num: number;
}

export interface LineArtAnswer extends ImageSize {
  line_weight: number;
  detail: number;
  face_num: number;
}

export interface ArtStyleAnswer extends ImageSize {
  style: ArtStyle;
  strength: number;
}

/** `images.media_data`: the rendering, a JPEG of the input's size. */
export type CartoonResult = ImageTaskResult<CartoonAnswer>;
export type LineArtResult = ImageTaskResult<LineArtAnswer>;
export type ArtStyleResult = ImageTaskResult<ArtStyleAnswer>;

function objectOf(raw: Record<string, unknown> | undefined): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  return raw;
}

function choiceParam<V extends string>(raw: Record<string, unknown>, key: string, values: readonly V[]) {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
    throw new TaskParamsError(`${key} must be one of ${values.join(', ')}`);
  return v as V;
}

const qualityOf = (raw: Record<string, unknown>) =>
  numberParam(raw, 'quality', { min: 50, max: 100, integer: true });

export function parseCartoonParams(input: Record<string, unknown> | undefined): CartoonParams {
  const raw = objectOf(input);
  return {
    style: choiceParam(raw, 'style', CARTOON_STYLES) ?? CARTOON_DEFAULTS.style,
    quality: qualityOf(raw) ?? CARTOON_DEFAULTS.quality,
  };
}

export function parseLineArtParams(input: Record<string, unknown> | undefined): LineArtParams {
  const raw = objectOf(input);
  return {
    lineWeight:
      numberParam(raw, 'lineWeight', { min: 1, max: 5, integer: true }) ?? LINE_ART_DEFAULTS.lineWeight,
    detail: numberParam(raw, 'detail', { min: 0, max: 100 }) ?? LINE_ART_DEFAULTS.detail,
    quality: qualityOf(raw) ?? LINE_ART_DEFAULTS.quality,
  };
}

export function parseArtStyleParams(input: Record<string, unknown> | undefined): ArtStyleParams {
  const raw = objectOf(input);
  return {
    style: choiceParam(raw, 'style', ART_STYLES) ?? ART_STYLE_DEFAULTS.style,
    strength: numberParam(raw, 'strength', { min: 0, max: 100 }) ?? ART_STYLE_DEFAULTS.strength,
    quality: qualityOf(raw) ?? ART_STYLE_DEFAULTS.quality,
  };
}

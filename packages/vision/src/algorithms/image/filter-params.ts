/**
 * filter (v1/filter): parameter and result types, defaults and validation. Kept apart from the
 * algorithm so that importing them (e.g. from the HTTP gateway) loads no model code.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';
import { parseCube, parseCubeCached, type CubeLook } from './cube.ts';
import { LOOK_IDS } from './looks.ts';

export interface FilterParams {
  /** The look (looks.ts LOOKS id), or an uploaded look's value (`m<id>`) when `cube` is given. */
  filterType: string;
  /** An uploaded look: a .cube file (cube.ts) sent with the job as bytes, read here. */
  cube?: CubeLook;
  /** Blend of the look with the photo, 0 (the photo) .. 100 (the look). */
  filterAlpha: number;
  /** AI Beauty's skin smoothing on the faces found, 0 (none, no face search) .. 100. */
  beautyAlpha: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const FILTER_DEFAULTS: Readonly<FilterParams> = Object.freeze({
  filterType: 'film_warm',
  filterAlpha: 100,
  beautyAlpha: 0,
  quality: 92,
});

export interface FilterAnswer extends ImageSize {
  /** The look applied and the strengths used. */
  filter_type: string;
  filter_alpha: number;
  beauty_alpha: number;
  /** Faces smoothed by beautyAlpha (0 when beautyAlpha is 0: no face is looked for). */
  face_num: number;
}

/** `images.media_data`: the photo with the look, a JPEG of the input's size. */
export type FilterResult = ImageTaskResult<FilterAnswer>;

/** `raw.filterType` when given: one of the looks (looks.ts), else TaskParamsError. */
export function lookParam(raw: Record<string, unknown>): string | undefined {
  if (raw.filterType === undefined) return undefined;
  if (typeof raw.filterType !== 'string' || !LOOK_IDS.includes(raw.filterType))
    throw new TaskParamsError(`filterType must be one of ${LOOK_IDS.join(', ')}`);
  return raw.filterType;
}

export function parseFilterParams(raw: Record<string, unknown> | undefined): FilterParams {
  const p = { ...FILTER_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.cube !== undefined) {
    if (!(raw.cube instanceof Uint8Array))
      throw new TaskParamsError('cube must be the bytes of a .cube file');
    if (typeof raw.filterType !== 'string' || !/^m[1-9][0-9]*$/.test(raw.filterType))
      throw new TaskParamsError('filterType of an uploaded look is its value m<id>');
    if (raw.cubeKey !== undefined && typeof raw.cubeKey !== 'string')
      throw new TaskParamsError('cubeKey must be a string');
    // A key (the material's id and update time) lets a look used again skip the parse.
    p.cube = raw.cubeKey ? parseCubeCached(raw.cubeKey, raw.cube) : parseCube(raw.cube);
    p.filterType = raw.filterType;
  } else p.filterType = lookParam(raw) ?? p.filterType;
  p.filterAlpha = numberParam(raw, 'filterAlpha', { min: 0, max: 100 }) ?? p.filterAlpha;
  p.beautyAlpha = numberParam(raw, 'beautyAlpha', { min: 0, max: 100 }) ?? p.beautyAlpha;
  p.quality = numberParam(raw, 'quality', { min: 50, max: 100, integer: true }) ?? p.quality;
  return p;
}

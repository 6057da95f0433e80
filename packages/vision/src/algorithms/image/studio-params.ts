/**
 * studio (v1/studio, the studio solution's recipe): parameter and result types, defaults and
 * validation. Kept apart from the algorithm so that importing them (the HTTP gateway) loads no
 * model code.
 */
import { TaskParamsError } from '../../errors.ts';
import { BEAUTIFY_DEFAULTS, RETOUCH_MAX_FACES, type RetouchAnswer } from '../face/retouch-tasks-params.ts';
import type { ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';
import { lookParam } from './filter-params.ts';

/** One studio recipe: beautify's four strengths, a colour look and its blend, local tone mapping. */
export interface StudioParams {
  smooth: number;
  whiten: number;
  blemish: number;
  eyeBright: number;
  /** The look (looks.ts id), blended by filterAlpha (0: no look). */
  filterType: string;
  filterAlpha: number;
  /** v1/hdr's local tone mapping strength, 0 (none) .. 100. */
  hdr: number;
  maxFaceNum: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

/** The default recipe: beautify at its defaults, then the soft look at 60 %; no tone mapping. */
export const STUDIO_DEFAULTS: Readonly<StudioParams> = Object.freeze({
  smooth: BEAUTIFY_DEFAULTS.smooth,
  whiten: BEAUTIFY_DEFAULTS.whiten,
  blemish: BEAUTIFY_DEFAULTS.blemish,
  eyeBright: BEAUTIFY_DEFAULTS.eyeBright,
  filterType: 'soft',
  filterAlpha: 60,
  hdr: 0,
  maxFaceNum: BEAUTIFY_DEFAULTS.maxFaceNum,
  quality: 92,
});

export interface StudioAnswer extends RetouchAnswer {
  /** The recipe applied, in the public names. */
  recipe: {
    smooth: number;
    whiten: number;
    blemish: number;
    eye_bright: number;
    filter_type: string;
    filter_alpha: number;
    hdr: number;
  };
}

/** `images.media_data`: the retouched photo, a JPEG of the input's size. */
export type StudioResult = ImageTaskResult<StudioAnswer>;

export function parseStudioParams(raw: Record<string, unknown> | undefined): StudioParams {
  const p = { ...STUDIO_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  p.filterType = lookParam(raw) ?? p.filterType;
  for (const key of ['smooth', 'whiten', 'blemish', 'eyeBright', 'filterAlpha', 'hdr'] as const)
    p[key] = numberParam(raw, key, { min: 0, max: 100 }) ?? p[key];
  p.maxFaceNum =
    numberParam(raw, 'maxFaceNum', { min: 1, max: RETOUCH_MAX_FACES, integer: true }) ?? p.maxFaceNum;
  p.quality = numberParam(raw, 'quality', { min: 50, max: 100, integer: true }) ?? p.quality;
  return p;
}

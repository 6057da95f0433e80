/**
 * hdr (v1/hdr) and night (v1/night_denoise): parameter and result types, defaults and validation.
 * Kept apart from the algorithms so that importing them (e.g. from the HTTP gateway) loads no
 * image code.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

export interface HdrParams {
  /** Tone compression, 0 (the photo) .. 100: shadows lifted and highlights pulled in. */
  strength: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const HDR_DEFAULTS: Readonly<HdrParams> = Object.freeze({ strength: 60, quality: 92 });

export interface HdrAnswer extends ImageSize {
  strength: number;
}

/** `images.media_data`: the tone-mapped photo, a JPEG of the input's size. */
export type HdrResult = ImageTaskResult<HdrAnswer>;

export interface NightParams {
  /** Brightening, 0 (none) .. 100 (the illumination map's full correction, LIME's gamma 1). */
  strength: number;
  /** Noise suppression where the photo was brightened, 0 (none) .. 100. */
  denoise: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const NIGHT_DEFAULTS: Readonly<NightParams> = Object.freeze({
  strength: 80,
  denoise: 60,
  quality: 92,
});

export interface NightAnswer extends ImageSize {
  strength: number;
  denoise: number;
  /** Noise level estimated in the input (Immerkaer 1996), standard deviation in 8-bit levels. */
  noise_sigma: number;
  /** Median brightening factor applied (1 = unchanged). */
  gain: number;
}

/** `images.media_data`: the brightened photo, a JPEG of the input's size. */
export type NightResult = ImageTaskResult<NightAnswer>;

function objectOf(raw: Record<string, unknown> | undefined): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  return raw;
}

const quality = (raw: Record<string, unknown>) =>
  numberParam(raw, 'quality', { min: 50, max: 100, integer: true });

export function parseHdrParams(input: Record<string, unknown> | undefined): HdrParams {
  const raw = objectOf(input);
  return {
    strength: numberParam(raw, 'strength', { min: 0, max: 100 }) ?? HDR_DEFAULTS.strength,
    quality: quality(raw) ?? HDR_DEFAULTS.quality,
  };
}

export function parseNightParams(input: Record<string, unknown> | undefined): NightParams {
  const raw = objectOf(input);
  return {
    strength: numberParam(raw, 'strength', { min: 0, max: 100 }) ?? NIGHT_DEFAULTS.strength,
    denoise: numberParam(raw, 'denoise', { min: 0, max: 100 }) ?? NIGHT_DEFAULTS.denoise,
    quality: quality(raw) ?? NIGHT_DEFAULTS.quality,
  };
}

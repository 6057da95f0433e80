/**
 * restore (image restoration, test/AIDenoise): parameter and result types and validation.
 */
import { TaskParamsError } from '../../errors.ts';
import { numberParam } from '../param-checks.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export interface RestoreParams {
  /** Scratch and spot repair on (default) or off. */
  repair: boolean;
  /** Noise level to remove (sigma, 0..255 units, 0..100); absent: measured on the photo. */
  noiseLevel: number | undefined;
  /** Sharpening after repair and denoising, 0..100: the strength of an unsharp mask. */
  sharpen: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const RESTORE_DEFAULTS: Readonly<RestoreParams> = Object.freeze({
  repair: true,
  noiseLevel: undefined,
  sharpen: 20,
  quality: 95,
});

export interface RestoreAnswer extends ImageSize {
  /** Pixels repaired as scratches or spots. */
  repaired_pixels: number;
  /** The noise sigma measured on the photo (Immerkaer), 0..255 units, 2 decimals. */
  estimated_noise: number;
  /** The noise level removed, 2 decimals. */
  applied_level: number;
  /** The sharpening strength applied. */
  sharpen: number;
}

/** `images.media_data`: the restored photo, JPEG, the input's size. */
export type RestoreResult = ImageTaskResult<RestoreAnswer>;

export function parseRestoreParams(raw: Record<string, unknown> | undefined): RestoreParams {
  const p: RestoreParams = { ...RESTORE_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.repair !== undefined) {
    if (typeof raw.repair !== 'boolean') throw new TaskParamsError('repair must be true or false');
    p.repair = raw.repair;
  }
  p.noiseLevel = numberParam(raw, 'noiseLevel', { min: 0, max: 100 });
  p.sharpen = numberParam(raw, 'sharpen', { min: 0, max: 100 }) ?? p.sharpen;
  p.quality = numberParam(raw, 'quality', { min: 50, max: 100, integer: true }) ?? p.quality;
  return p;
}

/**
 * denoise (image denoising, v2/denoise): parameter and result types and validation.
 */
import { TaskParamsError } from '../../errors.ts';
import { numberParam } from '../param-checks.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

/**
 * The largest photo denoised: 12,000,000 pixels (4000 x 3000). The method keeps about 8 float
 * planes of the photo (some 0.4 GB at this size) and takes about 1 us per pixel on one core
 * (docs/quality.md), 12 s here; larger photos are refused (image resolution too large).
 */
export const DENOISE_MAX_PIXELS = 12_000_000;

export interface DenoiseParams {
  /** Noise level to remove (sigma, 0..255 units, 0..100); absent: measured on the photo. */
  noiseLevel: number | undefined;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const DENOISE_DEFAULTS: Readonly<DenoiseParams> = Object.freeze({
  noiseLevel: undefined,
  quality: 95,
});

export interface DenoiseAnswer extends ImageSize {
  /** The noise sigma measured on the photo (Immerkaer), 0..255 units, 2 decimals. */
  estimated_noise: number;
  /** The JPEG block-edge measure of the photo (0 when no 8-px grid shows), 2 decimals. */
  blockiness: number;
  /** The level removed: `noise_level` when given, else made from the two measures; 2 decimals. */
  applied_level: number;
}

/** `images.media_data`: the denoised photo, JPEG, the input's size. */
export type DenoiseResult = ImageTaskResult<DenoiseAnswer>;

export function parseDenoiseParams(raw: Record<string, unknown> | undefined): DenoiseParams {
  const p: DenoiseParams = { ...DENOISE_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  p.noiseLevel = numberParam(raw, 'noiseLevel', { min: 0, max: 100 });
  p.quality = numberParam(raw, 'quality', { min: 50, max: 100, integer: true }) ?? p.quality;
  return p;
}

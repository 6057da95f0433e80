/**
 * enhance (image enhancement, v1/aiquality): parameter and result types, limits and validation.
 * Kept apart from the model code so that importing them (the HTTP gateway) loads no runtime.
 */
import { TaskParamsError } from '../../errors.ts';
import { numberParam } from '../param-checks.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export const ENHANCE_SCALES = [2, 4] as const;
export type EnhanceScale = (typeof ENHANCE_SCALES)[number];

/**
 * The largest result: 4,194,304 pixels (2048 x 2048) and 4096 px a side. A larger result is
 * refused before any inference (image resolution too large): at about 7 us per input pixel for
 * x2 on one core (docs/quality.md) a 4 MP result takes some 7 s, well inside the inference
 * timeout, and its working memory stays bounded by the tiles (ENHANCE_TILE).
 */
export const ENHANCE_MAX_OUTPUT_PIXELS = 2048 * 2048;
export const ENHANCE_MAX_OUTPUT_SIDE = 4096;

export interface EnhanceParams {
  /** Upscaling factor, 2 or 4. */
  scale: EnhanceScale;
  /** Detail enhancement after upscaling, 0..100: the strength of an unsharp mask (0 none). */
  sharpen: number;
  /** JPEG quality of the result, 50..100. */
  quality: number;
}

export const ENHANCE_DEFAULTS: Readonly<EnhanceParams> = Object.freeze({ scale: 2, sharpen: 0, quality: 95 });

export interface EnhanceAnswer extends ImageSize {
  /** The factor applied. */
  scale: number;
  /** The result's size: the input's times `scale`. */
  output_width: number;
  output_height: number;
}

/** `images.media_data`: the upscaled photo, JPEG, `output_width` x `output_height`. */
export type EnhanceResult = ImageTaskResult<EnhanceAnswer>;

export function parseEnhanceParams(raw: Record<string, unknown> | undefined): EnhanceParams {
  const p: EnhanceParams = { ...ENHANCE_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.scale !== undefined) {
    // The contract sends its choice as text ("2"); tools may send the number.
    const scale = Number(raw.scale);
    if (
      !ENHANCE_SCALES.includes(scale as EnhanceScale) ||
      (typeof raw.scale !== 'number' && typeof raw.scale !== 'string')
    ) {
      throw new TaskParamsError(`scale must be one of ${ENHANCE_SCALES.join(', ')}`);
    }
    p.scale = scale as EnhanceScale;
  }
  p.sharpen = numberParam(raw, 'sharpen', { min: 0, max: 100 }) ?? p.sharpen;
  p.quality = numberParam(raw, 'quality', { min: 50, max: 100, integer: true }) ?? p.quality;
  return p;
}

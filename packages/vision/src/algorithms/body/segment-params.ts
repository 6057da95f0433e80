/**
 * segment (person segmentation): parameter and result types and parameter validation. Kept apart
 * from the model code so that importing them (e.g. from the HTTP gateway) does not load
 * TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

/** No parameters yet. */
export type SegmentParams = Record<string, never>;

export interface SegmentAnswer extends ImageSize {
  /** Share of the pixels whose mask value is at least 128 (person), 0..1, 4 decimals. */
  foreground_ratio: number;
}

/**
 * `images.media_data`: the cut-out, a PNG (RGBA) of the photo with the mask as alpha;
 * `images.mask`: the mask, an 8-bit greyscale PNG (0 background .. 255 person, soft edges). Both
 * at the photo's full size as displayed (EXIF orientation applied).
 */
export type SegmentResult = ImageTaskResult<SegmentAnswer, 'mask'>;

/**
 * Takes an absent or object-valued params; other keys are ignored, as the other tasks ignore keys
 * they do not know.
 */
export function parseSegmentParams(raw: Record<string, unknown> | undefined): SegmentParams {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  return {};
}

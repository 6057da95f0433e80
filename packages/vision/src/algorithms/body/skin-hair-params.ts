/**
 * skinsegment and hairsegment (skin and hair masks): parameter and result types. Kept apart from
 * the model code so that importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export { parseSegmentParams as parseSkinHairParams } from './segment-params.ts';

/** No parameters yet (as segment). */
export type SkinHairParams = Record<string, never>;

export interface FaceMaskAnswer extends ImageSize {
  /** Share of the pixels whose mask value is at least 128, 0..1, 4 decimals. */
  foreground_ratio: number;
  /** Faces whose mesh seeded the colour models; 0 means no mask could be made. */
  face_num: number;
}

/**
 * `images.media_data`: the cut-out, a PNG (RGBA) of the photo with the mask as alpha;
 * `images.mask`: the mask, an 8-bit greyscale PNG (0 none .. 255 skin or hair, soft edges).
 */
export type FaceMaskResult = ImageTaskResult<FaceMaskAnswer, 'mask'>;

/**
 * skysegment (sky mask): parameter and result types. Kept apart from the algorithm so that
 * importing them (e.g. from the HTTP gateway) loads nothing.
 */
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export { parseSegmentParams as parseSkyParams } from '../body/segment-params.ts';

/** No parameters yet (as segment). */
export type SkyParams = Record<string, never>;

export interface SkyAnswer extends ImageSize {
  /** Share of the pixels whose mask value is at least 128 (sky), 0..1, 4 decimals; 0 without sky. */
  foreground_ratio: number;
}

/**
 * `images.media_data`: the cut-out, a PNG (RGBA) of the photo with the sky mask as alpha;
 * `images.mask`: the mask, an 8-bit greyscale PNG (0 not sky .. 255 sky, soft edges). Both at the
 * photo's full size. A photo without sky answers an all-zero mask.
 */
export type SkyResult = ImageTaskResult<SkyAnswer, 'mask'>;

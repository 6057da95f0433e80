/**
 * depth (relative depth map): parameter and result types. Kept apart from the algorithm so that
 * importing them (e.g. from the HTTP gateway) loads nothing.
 */
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export { parseSegmentParams as parseDepthParams } from '../body/segment-params.ts';

/** No parameters yet (as segment and skysegment). */
export type DepthParams = Record<string, never>;

export interface DepthAnswer extends ImageSize {
  /** Share of the pixels with a finite depth (not sky: mask value above 0), 0..1, 4 decimals. */
  foreground_ratio: number;
}

/**
 * `images.mask`: the relative inverse depth ("nearness") as a 16-bit greyscale PNG at the photo's
 * full size: 65535 the nearest point of the photo, smaller farther, 0 the sky (infinitely far);
 * `images.media_data`: the same map painted with the Turbo colour map (red near, blue far, dark
 * blue sky), an RGB PNG.
 */
export type DepthResult = ImageTaskResult<DepthAnswer, 'mask'>;

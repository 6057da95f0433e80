/**
 * restore (image restoration, test/AIDenoise): an old or damaged photo repaired in three steps,
 * all classical methods, no model:
 * 1. scratches and spots found by morphological top-hats and filled by inpainting (defects.ts),
 *    on the photo as it came, with a threshold above its measured noise;
 * 2. noise and JPEG artefacts removed (denoise-core.ts, as v2/denoise);
 * 3. sharpening: an unsharp mask on the lightness (libvips sharpen through sharp).
 */
import sharp from 'sharp';
import { ImageInputError } from '../../errors.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { findDefects, inpaint } from './defects.ts';
import { denoiseRgb, estimateNoise, toOpponent } from './denoise-core.ts';
import { DENOISE_MAX_PIXELS } from './denoise-params.ts';
import { parseRestoreParams, type RestoreParams, type RestoreResult } from './restore-params.ts';

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Steps 1 and 2 on packed RGB (a copy); also returns what was measured and repaired. */
export function restoreRgb(
  rgb: Uint8Array,
  width: number,
  height: number,
  params: Pick<RestoreParams, 'repair' | 'noiseLevel'>,
) {
  const data = Buffer.from(rgb);
  let repaired = 0;
  if (params.repair) {
    // The opponent luma is sqrt3 x the mean of R, G, B: back to the 0..255 scale for the
    // thresholds; its noise sigma is that of R, G, B.
    const y = toOpponent(data, width, height).c[0];
    const noise = estimateNoise(y, width, height);
    for (let i = 0; i < y.length; i++) y[i] = y[i]! / Math.sqrt(3);
    const mask = findDefects(y, width, height, noise);
    for (const m of mask) repaired += m;
    inpaint(data, width, height, mask);
  }
  const denoised = denoiseRgb(data, width, height, params.noiseLevel);
  return { data: denoised.data, levels: denoised.levels, repaired };
}

async function run(image: DecodedImage, params: RestoreParams): Promise<RestoreResult> {
  const { width: W, height: H } = image;
  if (W * H > DENOISE_MAX_PIXELS) {
    throw new ImageInputError(
      'TOO_MANY_PIXELS',
      `the photo has ${W * H} pixels; restoration takes at most ${DENOISE_MAX_PIXELS}`,
    );
  }
  const { data, levels, repaired } = restoreRgb(image.data, W, H, params);
  let pipeline = sharp(data, { raw: { width: W, height: H, channels: 3 } });
  if (params.sharpen > 0) {
    // Gain 0..2 on edges and in flat areas alike; sigma 1 px.
    const gain = (2 * params.sharpen) / 100;
    pipeline = pipeline.sharpen({ sigma: 1, m1: gain, m2: gain });
  }
  const jpeg = await pipeline.jpeg({ quality: params.quality }).toBuffer();
  return {
    answer: {
      image_width: W,
      image_height: H,
      repaired_pixels: repaired,
      estimated_noise: round2(levels.noise),
      applied_level: round2(levels.level),
      sharpen: params.sharpen,
    },
    images: { media_data: { bytes: jpeg, format: 'jpg' } },
  };
}

export const restore: Algorithm<RestoreParams, RestoreResult, null> = {
  task: 'restore',
  // Full size: the result is the photo itself.
  decode: {},
  parseParams: parseRestoreParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

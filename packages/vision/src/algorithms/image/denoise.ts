/**
 * denoise (image denoising, v2/denoise): noise and JPEG-artefact removal by the classical method
 * of denoise-core.ts (sliding-window DCT thresholding, Yu and Sapiro 2011, at a level measured by
 * Immerkaer's estimator and a JPEG block-edge measure, or given by the client). No model.
 */
import sharp from 'sharp';
import { ImageInputError } from '../../errors.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import { denoiseRgb } from './denoise-core.ts';
import {
  DENOISE_MAX_PIXELS,
  parseDenoiseParams,
  type DenoiseParams,
  type DenoiseResult,
} from './denoise-params.ts';

const round2 = (v: number) => Math.round(v * 100) / 100;

async function run(image: DecodedImage, params: DenoiseParams): Promise<DenoiseResult> {
  const { width: W, height: H } = image;
  if (W * H > DENOISE_MAX_PIXELS) {
    throw new ImageInputError(
      'TOO_MANY_PIXELS',
      `the photo has ${W * H} pixels; denoising takes at most ${DENOISE_MAX_PIXELS}`,
    );
  }
  const { data, levels } = denoiseRgb(image.data, W, H, params.noiseLevel);
  const jpeg = await sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: params.quality })
    .toBuffer();
  return {
    answer: {
      image_width: W,
      image_height: H,
      estimated_noise: round2(levels.noise),
      blockiness: round2(levels.blockiness),
      applied_level: round2(levels.level),
    },
    images: { media_data: { bytes: jpeg, format: 'jpg' } },
  };
}

export const denoise: Algorithm<DenoiseParams, DenoiseResult, null> = {
  task: 'denoise',
  // Full size: the result is the photo itself.
  decode: {},
  parseParams: parseDenoiseParams,
  loadModels: async () => null,
  warmup: async () => {},
  run,
};

/**
 * enhance (image enhancement, v1/aiquality): super-resolution x2 or x4 by a trained network, then
 * optional detail enhancement.
 *
 * 1. Model: the UpscalerJS "ESRGAN slim" x2 / x4 models (MIT; runtime/onnx.ts): a residual dense
 *    network (RDN, Zhang, Tian, Kong, Zhong, Fu, CVPR 2018) that maps an RGB photo (0..255) to the
 *    photo `scale` times larger. Run with onnxruntime-node on a graph converted from the
 *    package's tfjs files (runtime/keras-onnx.ts), with seven of its twelve convolutions in 8-bit
 *    integers (post-training static quantisation calibrated on the tuning photos,
 *    scripts/calibrate-enhance.ts: x2 about 1.3 times as fast, PSNR within 0.03 dB of the float
 *    network), in a session made for the job and released after it (its memory arena would
 *    otherwise keep the largest run's buffers in the worker).
 * 2. Tiles: the photo is cut into tiles of at most ENHANCE_TILE[scale] px a side, each read with
 *    TILE_MARGIN px of its neighbours around it; only the tile's own part of the answer is kept.
 *    The network sees 11 px around a pixel (ten 3x3 / 5x5 convolutions at the input size and one
 *    3x3 after upsampling), so with a 12 px margin the tiled result equals the whole-image one
 *    (test/enhance.test.ts; the integer steps are fixed, not taken from each tile), while memory
 *    stays bounded (ENHANCE_TILE).
 * 3. Detail enhancement (`sharpen` > 0): an unsharp mask on the lightness channel (libvips
 *    sharpen through sharp), radius growing with the factor.
 * The result is a JPEG of the input's size times `scale`; results above ENHANCE_MAX_OUTPUT_* are
 * refused (image resolution too large) before any inference.
 */
import sharp from 'sharp';
import { ImageInputError } from '../../errors.ts';
import type { DecodedImage } from '../../image/decode.ts';
import { openOnnxSession, runOnnx } from '../../runtime/onnx.ts';
import type { Algorithm } from '../types.ts';
import {
  ENHANCE_MAX_OUTPUT_PIXELS,
  ENHANCE_MAX_OUTPUT_SIDE,
  parseEnhanceParams,
  type EnhanceParams,
  type EnhanceResult,
  type EnhanceScale,
} from './enhance-params.ts';

type Session = Awaited<ReturnType<typeof openOnnxSession>>;

/** The network of each factor (runtime/onnx.ts). */
const MODEL: Record<EnhanceScale, 'esrgan-slim-x2-int8' | 'esrgan-slim-x4-int8'> = {
  2: 'esrgan-slim-x2-int8',
  4: 'esrgan-slim-x4-int8',
};

/**
 * Runs `use` with a session of the factor's network made for it and released after: a kept
 * session would hold its largest run's buffers in the worker between calls (openOnnxSession,
 * docs/decisions/0014-enhance-memory-over-latency.md).
 */
async function withSession<T>(scale: EnhanceScale, use: (session: Session) => Promise<T>): Promise<T> {
  const session = await openOnnxSession(MODEL[scale]);
  try {
    return await use(session);
  } finally {
    await session.release();
  }
}

/**
 * Largest tile side at the input's size: x2 192 px, x4 96 px. Smaller tiles read more margin
 * (more pixels computed) but hold smaller activations: one process, one core, a session per run,
 * peak RSS above the ready process and time per photo (throwaway script, 2026-11-28): x2 on a
 * 512-px photo, tiles of 320 (2 x 2 of 256 px) +304-310 MB, 1507-1630 ms; 192 (3 x 3 of 171 px)
 * +213-225 MB, 1589-1687 ms; 160 +169 MB, 1654-1685 ms. x4 on a 384-px photo, tiles of 192 +489
 * MB, 1452-1478 ms; 128 +366-378 MB, 1418-1538 ms; 96 +243 MB, 1598-1665 ms. x2 takes 192 (about
 * 5 % slower, 85 MB less), x4 96 (about 12 % slower, 250 MB less): a worker that serves either
 * then needs about the same memory for it. (Measured with the float network; the int8 one holds
 * its activations between layers in float too, and nine x2 tiles of 195 px peaked at 158 MB
 * above the bare process against 168 with the float one.)
 */
export const ENHANCE_TILE: Record<EnhanceScale, number> = { 2: 192, 4: 96 };
/** Context read around each tile: the network's reach (11 px) plus one. */
export const TILE_MARGIN = 12;

/** Start offsets of `n` near-equal parts of `length`. */
const cuts = (length: number, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => Math.round((i * length) / n));

/** The photo `scale` times larger as packed RGB, by the network, tile by tile. */
export async function upscaleRgb(
  image: { data: Uint8Array; width: number; height: number },
  scale: EnhanceScale,
  session: Session,
  tile: number = ENHANCE_TILE[scale],
): Promise<Buffer> {
  const { data, width: W, height: H } = image;
  const OW = W * scale;
  const out = Buffer.alloc(OW * H * scale * 3);
  const xs = cuts(W, Math.ceil(W / tile));
  const ys = cuts(H, Math.ceil(H / tile));
  for (let ty = 0; ty + 1 < ys.length; ty++) {
    for (let tx = 0; tx + 1 < xs.length; tx++) {
      // The tile [x0, x1) x [y0, y1) and the region read around it.
      const x0 = xs[tx]!;
      const x1 = xs[tx + 1]!;
      const y0 = ys[ty]!;
      const y1 = ys[ty + 1]!;
      const rx0 = Math.max(0, x0 - TILE_MARGIN);
      const rx1 = Math.min(W, x1 + TILE_MARGIN);
      const ry0 = Math.max(0, y0 - TILE_MARGIN);
      const ry1 = Math.min(H, y1 + TILE_MARGIN);
      const rw = rx1 - rx0;
      const rh = ry1 - ry0;
      const input = new Float32Array(rw * rh * 3);
      for (let y = 0; y < rh; y++) {
        const from = ((ry0 + y) * W + rx0) * 3;
        input.set(data.subarray(from, from + rw * 3), y * rw * 3);
      }
      const result = await runOnnx(session, input, [1, rh, rw, 3]);
      const res = result.data;
      const resW = rw * scale;
      // Keep the tile's own part; values are 0..255 floats, rounded (half up) and clamped.
      const ox = (x0 - rx0) * scale;
      const oy = (y0 - ry0) * scale;
      const cw = (x1 - x0) * scale;
      for (let y = 0; y < (y1 - y0) * scale; y++) {
        let src = ((oy + y) * resW + ox) * 3;
        let dst = ((y0 * scale + y) * OW + x0 * scale) * 3;
        const end = src + cw * 3;
        while (src < end) {
          const v = res[src++]!;
          // (v + 0.5) | 0 is Math.round(v) for 0 < v < 255 (v + 0.5 is exact: a float32 below
          // 256 plus a half fits a double), and measured 8x faster here than Math.round on
          // float32 data: about 90 ms less per 512-px photo at x2.
          out[dst++] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
        }
      }
    }
  }
  return out;
}

async function run(image: DecodedImage, params: EnhanceParams): Promise<EnhanceResult> {
  const { width: W, height: H } = image;
  const { scale } = params;
  const OW = W * scale;
  const OH = H * scale;
  if (OW * OH > ENHANCE_MAX_OUTPUT_PIXELS || Math.max(OW, OH) > ENHANCE_MAX_OUTPUT_SIDE) {
    throw new ImageInputError(
      'TOO_MANY_PIXELS',
      `the result of x${scale} would be ${OW}x${OH}; at most ${ENHANCE_MAX_OUTPUT_PIXELS} pixels and ${ENHANCE_MAX_OUTPUT_SIDE} px a side (an input of at most ${Math.floor(Math.sqrt(ENHANCE_MAX_OUTPUT_PIXELS) / scale)} x ${Math.floor(Math.sqrt(ENHANCE_MAX_OUTPUT_PIXELS) / scale)} px)`,
    );
  }
  const rgb = await withSession(scale, (session) => upscaleRgb(image, scale, session));
  let pipeline = sharp(rgb, { raw: { width: OW, height: OH, channels: 3 } });
  if (params.sharpen > 0) {
    // libvips sharpen: an unsharp mask on L* with a Gaussian of `sigma`, gain m1 in flat areas
    // and m2 on edges; strength 100 is a gain of 3.
    const gain = (3 * params.sharpen) / 100;
    pipeline = pipeline.sharpen({ sigma: scale / 2, m1: gain, m2: gain });
  }
  const jpeg = await pipeline.jpeg({ quality: params.quality }).toBuffer();
  return {
    answer: { image_width: W, image_height: H, scale, output_width: OW, output_height: OH },
    images: { media_data: { bytes: jpeg, format: 'jpg' } },
  };
}

export const enhance: Algorithm<EnhanceParams, EnhanceResult, null> = {
  task: 'enhance',
  // Full size: the result is the photo itself, larger.
  decode: {},
  parseParams: parseEnhanceParams,
  // Nothing is kept between jobs: each job makes its session (withSession).
  loadModels: async () => null,
  // Checks that both networks load and run (their converted files made, onnxruntime's kernels
  // initialised) before the worker says it is ready.
  warmup: async () => {
    const tiny = { data: new Uint8Array(32 * 32 * 3).fill(128), width: 32, height: 32 };
    for (const scale of [2, 4] as const)
      await withSession(scale, (session) => upscaleRgb(tiny, scale, session));
  },
  run,
};

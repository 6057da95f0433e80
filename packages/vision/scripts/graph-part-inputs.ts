/**
 * Each converted graph part's input as the measurement scripts feed it (measure-onnx.ts,
 * measure-onnx-memory.ts): the astronaut scaled to width x height, pixels mapped by `scale` to
 * the range the task gives that network; `channels` 1 (the emotion model's grey input) takes the
 * photo's grey.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { OnnxGraphName } from '../src/runtime/onnx.ts';
import { astronautPath } from '../test/fixtures.ts';

export const INPUTS: Record<
  OnnxGraphName,
  { width: number; height: number; scale: (v: number) => number; channels?: 1 }
> = {
  centernet: { width: 512, height: 512, scale: (v) => v },
  selfie: { width: 256, height: 256, scale: (v) => v / 255 },
  'handlandmark-full': { width: 224, height: 224, scale: (v) => v / 255 },
  handtrack: { width: 320, height: 320, scale: (v) => (v * 2) / 255 - 1 },
  'movenet-multipose': { width: 256, height: 256, scale: (v) => v },
  blazeface: { width: 256, height: 256, scale: (v) => v / 127.5 - 1 },
  'blazeface-front': { width: 128, height: 128, scale: (v) => v / 127.5 - 1 },
  facemesh: { width: 192, height: 192, scale: (v) => v / 255 },
  iris: { width: 64, height: 64, scale: (v) => v / 255 },
  faceres: { width: 224, height: 224, scale: (v) => v },
  gear: { width: 198, height: 198, scale: (v) => v / 255 },
  emotion: { width: 64, height: 64, scale: (v) => v / 127.5 - 1, channels: 1 },
};

/** A part's input as INPUTS describes it, NHWC, with its dimensions. */
export async function partInput(
  name: OnnxGraphName,
): Promise<{ input: Float32Array; dims: readonly [1, number, number, number] }> {
  const { width, height, scale, channels = 3 } = INPUTS[name];
  const photo = sharp(readFileSync(astronautPath())).resize(width, height);
  const pixels = await (channels === 1 ? photo.greyscale() : photo)
    .toColourspace(channels === 1 ? 'b-w' : 'srgb')
    .raw()
    .toBuffer();
  return { input: Float32Array.from(pixels, scale), dims: [1, height, width, channels] };
}

/**
 * aieffects (capability v1/mtai, "AI effects"): a named chain of other capabilities' engine tasks
 * (effects-params.ts, EFFECT_CHAINS: "portrait glow" = v1/beauty's retouch then v1/filter's airy
 * look, "comic" = v1/AICartoonStyle1's comic style then v1/EmojMaterialH5's party hat, ...).
 *
 * Each step calls the task itself: its own parameter parser, models and `run`, on the previous
 * step's result decoded again (each task answers an encoded image; its JPEG is read back to
 * pixels with sharp), so an effect is exactly what a client calling those endpoints one after
 * the other would get, and costs about the sum of their times plus one decode per step. A face
 * step on a photo without a face leaves it as it is (as those tasks do), so every effect answers
 * any photo; `face_num` says how many faces the face steps found.
 */
import sharp from 'sharp';
import type { DecodedImage } from '../../image/decode.ts';
import type { AnyAlgorithm, Algorithm } from '../types.ts';
import type { EncodedImage } from '../kinds.ts';
import { beard } from '../face/beard.ts';
import { beautify } from '../face/retouch-tasks.ts';
import { emojmaterial } from '../face/stickers.ts';
import { artstyle } from './artstyle.ts';
import { cartoon } from './cartoon.ts';
import { filter } from './filter.ts';
import { hdr } from './hdr.ts';
import { lineart } from './lineart.ts';
import {
  EFFECT_CHAINS,
  parseEffectsParams,
  type EffectStep,
  type EffectsParams,
  type EffectsResult,
} from './effects-params.ts';

/** The tasks a chain may call. */
const TASKS: Record<EffectStep['task'], AnyAlgorithm> = {
  beautify,
  filter,
  cartoon,
  artstyle,
  lineart,
  emojmaterial,
  beard,
  hdr,
};

interface StepOutcome {
  answer: { face_num?: number };
  images: { media_data: EncodedImage };
}

/** One step: the task's own parser, models and run, on `image`. */
async function runStep(step: EffectStep, image: DecodedImage): Promise<StepOutcome> {
  const task = TASKS[step.task];
  const params: unknown = task.parseParams(step.params);
  return (await task.run(image, params, await task.loadModels())) as StepOutcome;
}

/** A step's answered image read back to pixels, for the next step. */
async function pixelsOf(result: StepOutcome, before: DecodedImage): Promise<DecodedImage> {
  const { data, info } = await sharp(Buffer.from(result.images.media_data.bytes))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    ...before,
    data,
    width: info.width,
    height: info.height,
    originalWidth: info.width,
    originalHeight: info.height,
  };
}

async function run(image: DecodedImage, p: EffectsParams): Promise<EffectsResult> {
  const chain: readonly EffectStep[] = EFFECT_CHAINS[p.effect];
  const { width, height } = image;
  let current = image;
  let faceNum = 0;
  let last: StepOutcome | undefined;
  for (const step of chain) {
    if (last) current = await pixelsOf(last, current);
    last = await runStep(step, current);
    faceNum = Math.max(faceNum, last.answer.face_num ?? 0);
  }
  return {
    answer: {
      image_width: width,
      image_height: height,
      effect: p.effect,
      steps: chain.map((s) => s.task),
      face_num: faceNum,
    },
    // The last step's own encoded image is the answer: no decode and re-encode.
    images: { media_data: last!.images.media_data },
  };
}

/** Every task of every chain: their models (each task's own loader). */
async function loadModels(): Promise<null> {
  for (const task of Object.values(TASKS)) await task.loadModels();
  return null;
}

export const aieffects: Algorithm<EffectsParams, EffectsResult, null> = {
  task: 'aieffects',
  // Full size: every step works on, and answers, the photo at the size it came in.
  decode: {},
  parseParams: parseEffectsParams,
  loadModels,
  // The steps are other tasks, warmed up as those tasks.
  warmup: async () => {},
  run,
};

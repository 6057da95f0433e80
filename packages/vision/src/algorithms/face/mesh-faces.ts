/**
 * Detection + mesh for every face of a photo, the first stage of each face algorithm: BlazeFace
 * candidates (best first, at most MAX_CANDIDATES_PER_FACE per face wanted), the mesh model on each
 * (candidates under MIN_PRESENCE dropped), duplicates (a face found twice) dropped.
 * Coordinates are those of the pixels given (the working image).
 */
import type { Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { float32View } from '../../runtime/scratch.ts';
import type { RgbPixels } from '../../image/resize.ts';
import { warmupOnnxGraphs } from '../../runtime/onnx.ts';
import {
  createDetector,
  detectFaces,
  DETECTOR_INPUT,
  FRONT_DETECTOR_INPUT,
  type Detector,
  type FaceDetection,
} from './detector.ts';
import {
  IRIS_INPUT,
  landmarkFace,
  MESH_INPUT,
  roiFromDetection,
  type FaceLandmarks,
  type Point3,
} from './landmarks.ts';
import { clamp, overlapOfSmaller, round1, type Box, type RotatedSquare } from './geometry.ts';

/** Mesh face-presence threshold: measured ~1.0 on real faces and < 0.01 on detector misfires. */
export const MIN_PRESENCE = 0.5;
/** At most this many detector candidates per requested face are checked by the mesh model. */
export const MAX_CANDIDATES_PER_FACE = 3;
/** Detector boxes overlapping more than this are merged (MediaPipe uses 0.3). */
export const NMS_IOU = 0.3;
/**
 * Two meshes are the same face found twice when this much of the smaller box lies inside the
 * other (a partial-face detection inside a full one has a low IoU but a high overlap ratio).
 */
export const DUPLICATE_OVERLAP = 0.5;

export interface MeshFaceModels {
  detector: Detector;
}

/**
 * The detector (both BlazeFace variants), made once per thread. The detectors', the mesh's and
 * the iris model's networks run with onnxruntime (decision 0013): no tfjs model of theirs is
 * loaded; warmupMeshFaces makes their sessions.
 */
export function loadMeshFaceModels(): Promise<MeshFaceModels> {
  return Promise.resolve({ detector: createDetector() });
}

/** Makes the onnxruntime sessions of both detectors, the mesh and the iris model (first runs allocate). */
export async function warmupMeshFaces(): Promise<void> {
  await warmupOnnxGraphs([
    ['blazeface', DETECTOR_INPUT],
    ['blazeface-front', FRONT_DETECTOR_INPUT],
    ['facemesh', MESH_INPUT],
    ['iris', IRIS_INPUT],
  ]);
}

/**
 * A face box in original-image pixels (1 decimal, clamped to the image) from mesh bounds in
 * working pixels scaled by (sx, sy).
 */
export function imageRectangle(bounds: Box, sx: number, sy: number, W: number, H: number) {
  const left = clamp(bounds.x1 * sx, 0, W);
  const top = clamp(bounds.y1 * sy, 0, H);
  const right = clamp(bounds.x2 * sx, 0, W);
  const bottom = clamp(bounds.y2 * sy, 0, H);
  return { left: round1(left), top: round1(top), width: round1(right - left), height: round1(bottom - top) };
}

export interface MeshFace {
  detection: FaceDetection;
  /** The rotated square the mesh model saw. */
  roi: RotatedSquare;
  landmarks: FaceLandmarks;
  /** Tight box of the mesh model's own points (`landmarks.modelMesh`). */
  bounds: Box;
}

export interface MeshFaceOptions {
  maxFaces: number;
  minConfidence: number;
  smallFaces: boolean;
  /** The detector's thorough search (detector.ts THOROUGH). */
  thorough?: boolean;
  /** Run the iris model too (refined eye contours and irises). */
  iris: boolean;
}

export function boundsOf(points: readonly Point3[]): Box {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of points) {
    if (x < x1) x1 = x;
    if (y < y1) y1 = y;
    if (x > x2) x2 = x;
    if (y > y2) y2 = y;
  }
  return { x1, y1, x2, y2 };
}

/**
 * Every face of `image`, in detection order. `each` runs for each accepted face while the float
 * copy of the image is alive (for model crops of the same face); its result is kept with the face.
 */
export async function findFaceMeshes<T = undefined>(
  models: MeshFaceModels,
  image: RgbPixels,
  opts: MeshFaceOptions,
  each?: (face: MeshFace, pixels: Tensor4D) => Promise<T>,
): Promise<Array<MeshFace & { extra: T }>> {
  const detections = await detectFaces(models.detector, image, {
    minScore: opts.minConfidence,
    iouThreshold: NMS_IOU,
    tiling: opts.smallFaces,
    thorough: opts.thorough ?? false,
  });
  const faces: Array<MeshFace & { extra: T }> = [];
  if (detections.length === 0) return faces;
  // One float copy of the working image in tfjs memory for all face crops of this request.
  const pixels = tf.tensor4d(float32View(image.data), [1, image.height, image.width, 3], 'float32');
  try {
    // Every candidate costs a mesh run (~15 ms) even when rejected, so bound how many are tried.
    for (const detection of detections.slice(0, opts.maxFaces * MAX_CANDIDATES_PER_FACE)) {
      if (faces.length >= opts.maxFaces) break;
      const roi = roiFromDetection(detection);
      const landmarks = await landmarkFace(pixels, roi, {
        minPresence: MIN_PRESENCE,
        iris: opts.iris,
      });
      if (!landmarks) continue;
      // The box reads the mesh model's own points: asking for the iris refinement never moves it.
      const bounds = boundsOf(landmarks.modelMesh);
      if (faces.some((f) => overlapOfSmaller(f.bounds, bounds) > DUPLICATE_OVERLAP)) continue;
      const face: MeshFace = { detection, roi, landmarks, bounds };
      faces.push({ ...face, extra: (each ? await each(face, pixels) : undefined) as T });
    }
  } finally {
    pixels.dispose();
  }
  return faces;
}

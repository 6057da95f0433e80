/**
 * facepoints: every face in the photo with its box, score, 468-point mesh and both irises.
 *
 * Models (MediaPipe, as shipped inside @vladmandic/human): BlazeFace back-camera detector,
 * FaceMesh, Iris. See detector.ts and landmarks.ts for the pipeline; this module wires them
 * together, caps and orders the faces, and maps everything to original-image pixels.
 */
import type { GraphModel, Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { float32View } from '../../runtime/scratch.ts';
import { getModel } from '../../runtime/models.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import {
  parseFacePointsParams,
  type FacePointsFace,
  type FacePointsParams,
  type FacePointsResult,
} from './facepoints-params.ts';
import {
  createDetector,
  detectFaces,
  DETECTOR_INPUT,
  FRONT_DETECTOR_INPUT,
  type Detector,
} from './detector.ts';
import { IRIS_INPUT, landmarkFace, MESH_INPUT, roiFromDetection, type Point3 } from './landmarks.ts';
import { clamp, overlapOfSmaller, round1, type Box, type Point2 } from './geometry.ts';

export type { FacePointsFace, FacePointsParams, FacePointsResult } from './facepoints-params.ts';

export interface FaceModels {
  detector: Detector;
  mesh: GraphModel;
  iris: GraphModel;
}

/**
 * Pixels handed to the models are capped at this long side. The mesh crop is 192 px and the
 * detector input 256 px, so more resolution adds nothing but memory: a 24 MP photo would need a
 * 72 MB RGB buffer and a 288 MB float32 tensor for the crops, versus 8 MB and 34 MB at 2048 px.
 * (Decode time is about the same: measured ~130 ms either way for a 6000x4000 JPEG.)
 */
export const FACEPOINTS_WORKING_SIDE = 2048;

/** Mesh face-presence threshold: measured ~1.0 on real faces and < 0.01 on detector misfires. */
const MIN_PRESENCE = 0.5;
/** At most this many detector candidates per requested face are checked by the mesh model. */
const MAX_CANDIDATES_PER_FACE = 3;
/** Detector boxes overlapping more than this are merged (MediaPipe uses 0.3). */
const NMS_IOU = 0.3;
/**
 * Two meshes are the same face found twice when this much of the smaller box lies inside the
 * other (a partial-face detection inside a full one has a low IoU but a high overlap ratio).
 */
const DUPLICATE_OVERLAP = 0.5;

async function loadModels(): Promise<FaceModels> {
  const [blazeface, blazefaceFront, mesh, iris] = await Promise.all([
    getModel('blazeface'),
    getModel('blazeface-front'),
    getModel('facemesh'),
    getModel('iris'),
  ]);
  return { detector: createDetector(blazeface, blazefaceFront), mesh, iris };
}

/** First executions compile wasm kernels and allocate; do it at start-up, not on a request. */
async function warmup(models: FaceModels): Promise<void> {
  const outs = tf.tidy(() => {
    const image = tf.zeros([1, 300, 300, 3]) as Tensor4D;
    const crop = tf.image.transform(
      image,
      tf.tensor2d([[1, 0, 0, 0, 1, 0, 0, 0]]),
      'bilinear',
      'constant',
      0,
      [MESH_INPUT, MESH_INPUT],
    );
    const eye = tf.image.flipLeftRight(tf.slice(crop, [0, 0, 0, 0], [1, IRIS_INPUT, IRIS_INPUT, 3]));
    return [
      models.detector.model.execute(tf.zeros([1, DETECTOR_INPUT, DETECTOR_INPUT, 3])),
      models.detector.front?.model.execute(tf.zeros([1, FRONT_DETECTOR_INPUT, FRONT_DETECTOR_INPUT, 3])) ??
        [],
      models.mesh.execute(crop),
      models.iris.execute(tf.concat([eye, eye], 0)),
    ].flat();
  });
  await Promise.all(outs.map((t) => t.data()));
  tf.dispose(outs);
}

function boundsOf(points: Point3[]): Box {
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

async function run(
  image: DecodedImage,
  params: FacePointsParams,
  models: FaceModels,
): Promise<FacePointsResult> {
  const detections = await detectFaces(models.detector, image, {
    minScore: params.minConfidence,
    iouThreshold: NMS_IOU,
    tiling: params.smallFaces,
  });
  // Working-image pixels -> original (EXIF-oriented) pixels.
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const W = image.originalWidth;
  const H = image.originalHeight;
  const faces: Array<FacePointsFace & { bounds: Box }> = [];
  if (detections.length > 0) {
    // One float copy of the working image in tfjs memory for all face crops of this request.
    const pixels = tf.tensor4d(float32View(image.data), [1, image.height, image.width, 3], 'float32');
    try {
      // Every candidate costs a mesh run (~15 ms) even when rejected, so bound how many are tried.
      for (const det of detections.slice(0, params.maxFaces * MAX_CANDIDATES_PER_FACE)) {
        if (faces.length >= params.maxFaces) break;
        const lm = await landmarkFace(models, pixels, roiFromDetection(det), { minPresence: MIN_PRESENCE });
        if (!lm) continue;
        const bounds = boundsOf(lm.mesh);
        if (faces.some((f) => overlapOfSmaller(f.bounds, bounds) > DUPLICATE_OVERLAP)) continue;
        const px = (p: Point2 | Point3): [number, number] => [round1(p[0] * sx), round1(p[1] * sy)];
        const left = clamp(bounds.x1 * sx, 0, W);
        const top = clamp(bounds.y1 * sy, 0, H);
        const right = clamp(bounds.x2 * sx, 0, W);
        const bottom = clamp(bounds.y2 * sy, 0, H);
        faces.push({
          bounds,
          rectangle: {
            left: round1(left),
            top: round1(top),
            width: round1(right - left),
            height: round1(bottom - top),
          },
          score: Math.round(det.score * 1e4) / 1e4,
          // z is in mesh-crop pixels scaled like x; report it in original-pixel scale too.
          mesh: lm.mesh.map((p) => [...px(p), round1(p[2] * sx)] as [number, number, number]),
          irisLeft: (lm.irisLeft ?? []).map(px),
          irisRight: (lm.irisRight ?? []).map(px),
        });
      }
    } finally {
      pixels.dispose();
    }
  }
  faces.sort((a, b) => a.rectangle.left - b.rectangle.left);
  return {
    imageWidth: W,
    imageHeight: H,
    faces: faces.map(({ rectangle, score, mesh, irisLeft, irisRight }) => ({
      rectangle,
      score,
      mesh,
      irisLeft,
      irisRight,
    })),
  };
}

export const facepoints: Algorithm<FacePointsParams, FacePointsResult, FaceModels> = {
  task: 'facepoints',
  decode: { maxSide: FACEPOINTS_WORKING_SIDE },
  parseParams: parseFacePointsParams,
  loadModels,
  warmup,
  run,
};

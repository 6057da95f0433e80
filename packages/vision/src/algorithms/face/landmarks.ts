/**
 * 468-point face mesh and iris landmarks (MediaPipe FaceMesh + MediaPipe Iris graph models
 * shipped by @vladmandic/human), called directly on rotated crops.
 *
 * Pipeline per detected face, following MediaPipe's face_landmark_front graph:
 *  1. region of interest = detection box centre, side 1.5 x the box's long side, rotated so the
 *     eyes are horizontal (angle from the detector's two eye keypoints);
 *  2. one affine resample (`tf.image.transform`) of that region to the 192x192 mesh input;
 *  3. mesh model -> 468 points + a face-presence score; crops that are not faces score low;
 *  4. for each eye, a 64x64 crop around the mesh eye corners (2.3 x the corner distance) goes to
 *     the iris model (run with onnxruntime, GRAPH_PARTS.iris, decision 0013), which returns 71 refined eye-contour points and 5 iris points. The
 *     subject's left eye is mirrored in (and its points mirrored back) because the model was
 *     trained on right eyes only; measured on our samples, mirroring the other eye instead puts
 *     the eye contour 11-19 px (in the 192 crop) away from the mesh, versus 1-4 px;
 *  5. refined eye contours replace the mesh ones (as MediaPipe/tfjs-models do) when the head is
 *     roughly frontal, and everything is mapped back through the crop transforms.
 */
import type { Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { GRAPH_PARTS, runOnnxGraph } from '../../runtime/onnx.ts';
import { cropToImage, cropTransform, type Point2, type RotatedSquare } from './geometry.ts';
import type { FaceDetection } from './detector.ts';
import {
  EYE_CONTOURS,
  EYE_CORNERS,
  IRIS_MODEL_CONTOURS,
  IRIS_MODEL_EYE_POINTS,
  IRIS_MODEL_IRIS_POINTS,
  MESH_POINTS,
} from './mesh-topology.ts';

export const MESH_INPUT = 192;
export const IRIS_INPUT = 64;
/** MediaPipe's detection-to-ROI scale for the face mesh. */
const ROI_SCALE = 1.5;
/** Eye crop side relative to the eye-corner distance (MediaPipe iris, tfjs-models). */
const EYE_CROP_SCALE = 2.3;
/**
 * Above this z difference between the two eye corners (mesh units, head turned well sideways)
 * the iris model's eye contour is not merged into the mesh for the far eye, as in tfjs-models.
 */
const FRONTAL_DEPTH_DIFF = 30;

export type Point3 = [number, number, number];

export interface FaceLandmarks {
  /** Face-presence probability from the mesh model, 0..1. */
  presence: number;
  /**
   * 468 points in working-image pixels; z in the same pixel scale, relative to the face. With the
   * iris stage, its refined eye contours replace the mesh model's (the points a client is given).
   */
  mesh: Point3[];
  /**
   * The mesh model's own 468 points, before any iris refinement (the same array as `mesh` when
   * the iris stage was skipped). Every box, pose and attribute measurement reads these, so that a
   * face's values never depend on whether the request also asked for the refined points.
   */
  modelMesh: Point3[];
  /**
   * Subject's left iris: centre then 4 contour points, working-image pixels. Absent when the
   * iris stage was skipped (`iris: false`).
   */
  irisLeft?: Point2[];
  /** Subject's right iris: centre then 4 contour points, working-image pixels (absent likewise). */
  irisRight?: Point2[];
}

/**
 * A mesh-only result: `iris: false` skips steps 4 and 5 above. `modelMesh` and the face-presence
 * score are the same either way; only `mesh` (its eye contours) and the irises differ.
 */
export interface LandmarkOptions {
  /** Minimum face-presence score; below it the region is not a face (null is returned). */
  minPresence: number;
  /** Run the iris model and merge its eye contours (default true). */
  iris?: boolean;
}

/** Mesh points in 192-crop coordinates -> working-image pixels (z scaled like x). */
function meshToImage(roi: RotatedSquare, raw: Point3[]): Point3[] {
  const scaleZ = roi.size / MESH_INPUT;
  return raw.map((p) => {
    const [x, y] = cropToImage(roi, MESH_INPUT, p[0], p[1]);
    return [x, y, p[2] * scaleZ] as Point3;
  });
}

/** Region of interest for the mesh model, from a detection (MediaPipe detection-to-ROI). */
export function roiFromDetection(det: FaceDetection): RotatedSquare {
  const [re, le] = det.keypoints as [Point2, Point2];
  const angle = Math.atan2(le[1] - re[1], le[0] - re[0]);
  const w = det.box.x2 - det.box.x1;
  const h = det.box.y2 - det.box.y1;
  return {
    cx: (det.box.x1 + det.box.x2) / 2,
    cy: (det.box.y1 + det.box.y2) / 2,
    size: Math.max(w, h) * ROI_SCALE,
    angle,
  };
}

/** Square eye crop (in mesh-crop coordinates, axis-aligned) around two eye corners. */
function eyeRoi(points: Point3[], corners: readonly [number, number]): RotatedSquare {
  const a = points[corners[0]] as Point3;
  const b = points[corners[1]] as Point3;
  return {
    cx: (a[0] + b[0]) / 2,
    cy: (a[1] + b[1]) / 2,
    size: EYE_CROP_SCALE * Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), 1),
    angle: 0,
  };
}

/**
 * Runs mesh (+ iris unless `iris: false`) for one face. `image` is the working image as float32
 * [1, H, W, 3] in 0..255. Returns null when the mesh model says the region holds no face
 * (presence < minPresence).
 */
export async function landmarkFace(
  image: Tensor4D,
  roi: RotatedSquare,
  opts: LandmarkOptions,
): Promise<FaceLandmarks | null> {
  const { minPresence } = opts;
  const crop = tf.tidy(() => {
    const t = tf.tensor2d([cropTransform(roi, MESH_INPUT)], [1, 8], 'float32');
    const sampled = tf.image.transform(image, t, 'bilinear', 'constant', 0, [MESH_INPUT, MESH_INPUT]);
    return tf.div(sampled, 255) as Tensor4D;
  });
  let raw: Point3[];
  let presence: number;
  try {
    // The mesh network runs with onnxruntime (decision 0013) on the crop's pixels.
    const [meshName, flagName] = GRAPH_PARTS.facemesh.outputs as [string, string];
    const outputs = await runOnnxGraph('facemesh', (await crop.data()) as Float32Array, [
      1,
      MESH_INPUT,
      MESH_INPUT,
      3,
    ]);
    presence = outputs[flagName]!.data[0] ?? 0;
    if (presence < minPresence) return null;
    const data = outputs[meshName]!.data;
    raw = [];
    for (let i = 0; i < MESH_POINTS; i++)
      raw.push([data[3 * i] ?? 0, data[3 * i + 1] ?? 0, data[3 * i + 2] ?? 0]);
    const modelMesh = meshToImage(roi, raw);
    if (opts.iris === false) return { presence, mesh: modelMesh, modelMesh };

    // Iris stage, in mesh-crop coordinates.
    const leftRoi = eyeRoi(raw, EYE_CORNERS.left);
    const rightRoi = eyeRoi(raw, EYE_CORNERS.right);
    const eyes = tf.tidy(() => {
      const sample = (r: RotatedSquare) =>
        tf.image.transform(
          crop,
          tf.tensor2d([cropTransform(r, IRIS_INPUT)], [1, 8], 'float32'),
          'bilinear',
          'constant',
          0,
          [IRIS_INPUT, IRIS_INPUT],
        );
      // The iris model was trained on one eye side; the other is mirrored in, then back out.
      return tf.concat([tf.image.flipLeftRight(sample(leftRoi)), sample(rightRoi)], 0);
    });
    const eyePixels = (await eyes.data()) as Float32Array;
    tf.dispose(eyes);
    // The iris network (onnxruntime, decision 0013) takes one eye at a time.
    const eyeSize = IRIS_INPUT * IRIS_INPUT * 3;
    const perEye = (IRIS_MODEL_EYE_POINTS + IRIS_MODEL_IRIS_POINTS) * 3;
    const irisData = new Float32Array(2 * perEye);
    for (let e = 0; e < 2; e++) {
      const { Identity: out } = await runOnnxGraph(
        'iris',
        eyePixels.subarray(e * eyeSize, (e + 1) * eyeSize),
        [1, IRIS_INPUT, IRIS_INPUT, 3],
      );
      irisData.set(out!.data.subarray(0, perEye), e * perEye);
    }
    const eyePoints = (offset: number, r: RotatedSquare, mirrored: boolean): Point3[] => {
      const pts: Point3[] = [];
      for (let i = 0; i < IRIS_MODEL_EYE_POINTS + IRIS_MODEL_IRIS_POINTS; i++) {
        const x = irisData[offset + 3 * i] ?? 0;
        const y = irisData[offset + 3 * i + 1] ?? 0;
        const z = irisData[offset + 3 * i + 2] ?? 0;
        const [u, v] = cropToImage(r, IRIS_INPUT, mirrored ? IRIS_INPUT - x : x, y);
        pts.push([u, v, z]);
      }
      return pts;
    };
    const leftEye = eyePoints(0, leftRoi, true);
    const rightEye = eyePoints(perEye, rightRoi, false);

    // Merge refined eye contours into the mesh. When the head is turned, the far eye's contour
    // from the iris model diverges from the mesh, so only its main eyelid lines are replaced.
    const depthDiff = (raw[EYE_CORNERS.left[0]] as Point3)[2] - (raw[EYE_CORNERS.right[0]] as Point3)[2];
    const merge = (side: 'left' | 'right', eye: Point3[], keys?: readonly string[]) => {
      for (const { key, indices } of IRIS_MODEL_CONTOURS) {
        if (keys && !keys.includes(key)) continue;
        const meshIdx = EYE_CONTOURS[side][key];
        indices.forEach((src, j) => {
          const dst = meshIdx[j];
          const p = eye[src];
          if (dst === undefined || !p) return;
          const old = raw[dst] as Point3;
          raw[dst] = [p[0], p[1], (p[2] + old[2]) / 2];
        });
      }
    };
    if (Math.abs(depthDiff) < FRONTAL_DEPTH_DIFF) {
      merge('left', leftEye);
      merge('right', rightEye);
    } else if (depthDiff < 0) {
      merge('left', leftEye, ['EyeUpper0', 'EyeLower0']);
    } else {
      merge('right', rightEye, ['EyeUpper0', 'EyeLower0']);
    }

    const irisToImage = (eye: Point3[]): Point2[] =>
      eye.slice(IRIS_MODEL_EYE_POINTS).map((p) => cropToImage(roi, MESH_INPUT, p[0], p[1]));
    return {
      presence,
      mesh: meshToImage(roi, raw),
      modelMesh,
      irisLeft: irisToImage(leftEye),
      irisRight: irisToImage(rightEye),
    };
  } finally {
    tf.dispose(crop);
  }
}

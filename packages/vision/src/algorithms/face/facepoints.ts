/**
 * facepoints: every face in the photo with its box, score, 468-point mesh and both irises.
 *
 * Models (MediaPipe, as shipped inside @vladmandic/human): BlazeFace back-camera detector,
 * FaceMesh, Iris. See detector.ts and landmarks.ts for the pipeline; this module wires them
 * together, caps and orders the faces, and maps everything to original-image pixels.
 */
import type { Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import {
  parseFacePointsParams,
  type FacePointsFace,
  type FacePointsParams,
  type FacePointsResult,
} from './facepoints-params.ts';
import { IRIS_INPUT, MESH_INPUT, type Point3 } from './landmarks.ts';
import { round1, type Point2 } from './geometry.ts';
import { landmarks106, landmarks118 } from './landmarks106.ts';
import {
  findFaceMeshes,
  imageRectangle,
  loadMeshFaceModels,
  warmupMeshFaces,
  type MeshFaceModels,
} from './mesh-faces.ts';

export type { FacePointsFace, FacePointsParams, FacePointsResult } from './facepoints-params.ts';

export type FaceModels = MeshFaceModels;

/**
 * Pixels handed to the models are capped at this long side. The mesh crop is 192 px and the
 * detector input 256 px, so more resolution adds nothing but memory: a 24 MP photo would need a
 * 72 MB RGB buffer and a 288 MB float32 tensor for the crops, versus 8 MB and 34 MB at 2048 px.
 * (Decode time is about the same: measured ~130 ms either way for a 6000x4000 JPEG.)
 */
export const FACEPOINTS_WORKING_SIDE = 2048;

/**
 * First executions compile wasm kernels and allocate; do it at start-up, not on a request: the
 * crop sampling and mirroring of the mesh and iris stages (tfjs), then the networks' sessions.
 */
async function warmup(): Promise<void> {
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
    return [tf.concat([eye, eye], 0)];
  });
  await Promise.all(outs.map((t) => t.data()));
  tf.dispose(outs);
  await warmupMeshFaces();
}

async function run(
  image: DecodedImage,
  params: FacePointsParams,
  models: FaceModels,
): Promise<FacePointsResult> {
  const found = await findFaceMeshes(models, image, { ...params, iris: true });
  // Working-image pixels -> original (EXIF-oriented) pixels.
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const W = image.originalWidth;
  const H = image.originalHeight;
  const px = (p: Point2 | Point3): [number, number] => [round1(p[0] * sx), round1(p[1] * sy)];
  const faces: FacePointsFace[] = found.map(({ detection, landmarks: lm, bounds }) => {
    return {
      rectangle: imageRectangle(bounds, sx, sy, W, H),
      score: Math.round(detection.score * 1e4) / 1e4,
      // z is in mesh-crop pixels scaled like x; report it in original-pixel scale too.
      mesh: lm.mesh.map((p) => [...px(p), round1(p[2] * sx)] as [number, number, number]),
      irisLeft: (lm.irisLeft ?? []).map(px),
      irisRight: (lm.irisRight ?? []).map(px),
    };
  });
  faces.sort((a, b) => a.rectangle.left - b.rectangle.left);
  const { landmarkType: type } = params;
  for (const face of faces) {
    if (type === '106' || type === 'all')
      face.points106 = landmarks106(face.mesh, face.irisRight[0], face.irisLeft[0]);
    if (type === '118' || type === 'all')
      face.points118 = landmarks118(face.mesh, face.irisRight[0], face.irisLeft[0]);
  }
  return { imageWidth: W, imageHeight: H, faces };
}

export const facepoints: Algorithm<FacePointsParams, FacePointsResult, FaceModels> = {
  task: 'facepoints',
  decode: { maxSide: FACEPOINTS_WORKING_SIDE },
  parseParams: parseFacePointsParams,
  loadModels: loadMeshFaceModels,
  warmup,
  run,
};

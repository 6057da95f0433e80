/**
 * faceanalysis: faces with box, pose and (on request) mesh, age, gender, emotion, identity
 * descriptor and mesh-geometry features. Serves the gateway's face family (facedetect, macro and
 * micro analysis, comparison, baby recognition).
 *
 * Models, shipped inside @vladmandic/human and human-models, their networks run with onnxruntime
 * (GRAPH_PARTS, decision 0013; the crops are made with tfjs):
 *  - BlazeFace + FaceMesh + Iris: the facepoints pipeline (detector.ts, landmarks.ts); the iris
 *    model runs only when `landmarks` or `features` is asked (see `withIris` in run());
 *  - HSE-FaceRes (faceres.json): age (100-bin softmax), gender (sigmoid) and a 1024-d descriptor,
 *    on a 224x224 upright crop of the same region the mesh model saw (as Human feeds it);
 *  - oarriaga emotion CNN (emotion.json): 7 FER-2013 classes on a 64x64 grey crop of that region;
 *  - GEAR (gear.json, human-models): age band, gender and race, on request (`gear`).
 */
import type { Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { BEARD_PROBE } from './beard-probe-weights.ts';
import { probeAbove } from '../probe.ts';
import { GRAPH_PARTS, runOnnxGraph, warmupOnnxGraphs } from '../../runtime/onnx.ts';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import {
  EMOTIONS,
  RACES,
  parseFaceAnalysisParams,
  type Emotion,
  type GearEstimate,
  type Race,
  type FaceAnalysisFace,
  type FaceAnalysisParams,
  type FaceAnalysisResult,
} from './analysis-params.ts';
import type { Point3 } from './landmarks.ts';
import { round1, type Point2, type RotatedSquare } from './geometry.ts';
import { FACERES_INPUT, attributeRoi, crop, pixelsOf, runFaceresModel } from './faceres.ts';
import {
  findFaceMeshes,
  imageRectangle,
  loadMeshFaceModels,
  warmupMeshFaces,
  type MeshFaceModels,
} from './mesh-faces.ts';
import { headPose } from './pose.ts';
import { faceFeatures } from './features.ts';
import { appearance } from './appearance.ts';

/** The detector; every network of this task runs with onnxruntime, whose sessions are per thread. */
export type FaceAnalysisModels = MeshFaceModels;

/** Same working-size cap as facepoints (see facepoints.ts for the measurements). */
const WORKING_SIDE = 2048;
const EMOTION_INPUT = 64;
const GEAR_INPUT = 198;
/** Centres of GEAR's 7 age bands (<20, 21-25, 26-30, 31-40, 41-50, 51-60, >60), as Human uses them. */
const GEAR_AGE_BANDS = [15, 23, 28, 35.5, 45.5, 55.5, 65];
/** A face is a baby or young child when the age model puts most of its mass under this age. */
export const BABY_AGE = 4;

/** Makes the sessions of the attribute networks and of the detection and mesh ones (first runs allocate). */
async function warmup(): Promise<void> {
  await warmupOnnxGraphs([
    ['faceres', FACERES_INPUT],
    ['emotion', EMOTION_INPUT, 1],
    ['gear', GEAR_INPUT],
  ]);
  await warmupMeshFaces();
}

/**
 * Beard or moustache from the FaceRes descriptor (`d`, its norm `norm`): the linear probe of
 * beard-probe-weights.ts (logistic regression fitted on FairFace crops labelled by eye,
 * scripts/fit-beard-probe.ts), answered on faces FaceRes reads as male only (`male`): without that,
 * a woman in heavy make-up (face-api sample 1) read bearded. The score is the probe's output
 * shifted so that its cut is 0.5, for the answered value: how clear the answer is, not a
 * probability.
 */
function beardOf(d: Float32Array, norm: number, male: boolean): { value: 0 | 1; score: number } {
  const s = probeAbove(BEARD_PROBE, d, norm);
  const value = male && s >= 0.5 ? 1 : 0;
  return { value, score: Math.round((value ? s : Math.max(1 - s, male ? 0 : 0.5)) * 1e4) / 1e4 };
}

async function runFaceres(
  pixels: Tensor4D,
  roi: RotatedSquare,
  wantDescriptor: boolean,
): Promise<
  Pick<FaceAnalysisFace, 'age' | 'ageScore' | 'childProbability' | 'gender' | 'descriptor' | 'beard'>
> {
  const { male: g, ageBins: bins, descriptor: d, norm: n } = await runFaceresModel(pixels, roi);
  // Age = expectation over the 100 one-year bins (smoother than Human's argmax interpolation).
  let age = 0;
  for (let i = 0; i < bins.length; i++) age += i * (bins[i] ?? 0);
  // Score of the age: the model's mass within 5 years of the estimate; the child
  // probability: mass of the bins under BABY_AGE years (babyRecognition).
  let near = 0;
  let child = 0;
  for (let i = 0; i < bins.length; i++) {
    if (Math.abs(i - age) <= 5) near += bins[i] ?? 0;
    if (i < BABY_AGE) child += bins[i] ?? 0;
  }
  const out: Pick<
    FaceAnalysisFace,
    'age' | 'ageScore' | 'childProbability' | 'gender' | 'descriptor' | 'beard'
  > = {
    age: round1(age),
    ageScore: Math.round(near * 1e4) / 1e4,
    childProbability: Math.round(child * 1e4) / 1e4,
    gender: { value: g > 0.5 ? 1 : 0, score: Math.round(Math.max(g, 1 - g) * 1e4) / 1e4 },
  };
  out.beard = beardOf(d, n, g > 0.5);
  if (wantDescriptor) out.descriptor = Array.from(d, (v) => Math.round((v / n) * 1e5) / 1e5);
  return out;
}

async function runEmotion(pixels: Tensor4D, roi: RotatedSquare): Promise<Record<Emotion, number>> {
  const input = tf.tidy(() => {
    const rgb = tf.div(crop(pixels, roi, EMOTION_INPUT), 255);
    // Grey (ITU-R 601 weights), then [-1, 1], as the model was trained (and as Human feeds it).
    const grey = tf.sum(tf.mul(rgb, tf.tensor1d([0.2989, 0.587, 0.114])), 3, true);
    return tf.mul(tf.sub(grey, 0.5), 2) as Tensor4D;
  });
  const { Identity: out } = await runOnnxGraph('emotion', await pixelsOf(input), [
    1,
    EMOTION_INPUT,
    EMOTION_INPUT,
    1,
  ]);
  const probs = out!.data;
  return Object.fromEntries(EMOTIONS.map((e, i) => [e, Math.round((probs[i] ?? 0) * 1e4) / 1e4])) as Record<
    Emotion,
    number
  >;
}

/**
 * GEAR (age, gender, race) on the face region, fed as Human feeds it: RGB in 0..1, the central
 * 80 % of the region's width and its top 90 % (Human's empirical sub-box), resized to 198x198.
 */
export async function runGear(pixels: Tensor4D, roi: RotatedSquare): Promise<GearEstimate> {
  const n = GEAR_INPUT;
  const input = tf.tidy(() => {
    const region = crop(pixels, roi, 2 * n);
    const sub = tf.image.cropAndResize(region, [[0, 0.1, 0.9, 0.9]], [0], [n, n]);
    return tf.div(sub, 255) as Tensor4D;
  });
  // The graph's outputs: age bands, gender, race (its signature's age_output, gender_output, race_output).
  const [ageName = '', genderName = '', raceName = ''] = GRAPH_PARTS.gear.outputs;
  const outs = await runOnnxGraph('gear', await pixelsOf(input), [1, n, n, 3]);
  const ageP = outs[ageName]!.data;
  const g = outs[genderName]!.data;
  const r = outs[raceName]!.data;
  let age = 0;
  let mass = 0;
  for (let i = 0; i < GEAR_AGE_BANDS.length; i++) {
    age += (ageP[i] ?? 0) * GEAR_AGE_BANDS[i]!;
    mass += ageP[i] ?? 0;
  }
  const pMale = (g[0] ?? 0) / ((g[0] ?? 0) + (g[1] ?? 0) || 1);
  const scores = Object.fromEntries(
    RACES.map((name, i) => [name, Math.round((r[i] ?? 0) * 1e4) / 1e4]),
  ) as Record<Race, number>;
  const [top, p] = Object.entries(scores).sort((a, b) => b[1] - a[1])[0] as [Race, number];
  return {
    age: round1(age / (mass || 1)),
    gender: { value: pMale > 0.5 ? 1 : 0, score: Math.round(Math.max(pMale, 1 - pMale) * 1e4) / 1e4 },
    race: { value: top, score: p, scores },
  };
}

async function run(
  image: DecodedImage,
  params: FaceAnalysisParams,
  models: FaceAnalysisModels,
): Promise<FaceAnalysisResult> {
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const W = image.originalWidth;
  const H = image.originalHeight;
  // The iris model only refines the eye contours and gives the irises: needed for the returned
  // landmarks and for the feature analysis (eye shape and eye distance read the eye contours;
  // features always run it). Every other value — box, pose, the faceres/emotion/GEAR crops and
  // the appearance measurements — reads the mesh model's own points (`modelMesh`), so a face's
  // values are the same whether or not the request also asked for landmarks.
  const withIris = params.landmarks || params.features;
  const found = await findFaceMeshes(
    models,
    image,
    { ...params, iris: withIris },
    async ({ detection, roi, landmarks: lm, bounds }, pixels) => {
      const px = (p: Point2 | Point3): [number, number] => [round1(p[0] * sx), round1(p[1] * sy)];
      const face: FaceAnalysisFace = {
        rectangle: imageRectangle(bounds, sx, sy, W, H),
        score: Math.round(detection.score * 1e4) / 1e4,
        pose: headPose(lm.modelMesh),
      };
      const meshRoi = attributeRoi({ roi, bounds });
      if (params.faceres) Object.assign(face, await runFaceres(pixels, meshRoi, params.descriptor));
      if (params.emotion) face.emotion = await runEmotion(pixels, meshRoi);
      if (params.gear) face.gear = await runGear(pixels, meshRoi);
      if (params.appearance) face.appearance = appearance(image, lm.modelMesh);
      if (params.features) face.features = faceFeatures(lm.mesh);
      if (params.landmarks) {
        face.mesh = lm.mesh.map((p) => [...px(p), round1(p[2] * sx)] as [number, number, number]);
        face.irisLeft = (lm.irisLeft ?? []).map(px);
        face.irisRight = (lm.irisRight ?? []).map(px);
      }
      return face;
    },
  );
  const faces = found.map((f) => f.extra);
  faces.sort((a, b) => a.rectangle.left - b.rectangle.left);
  return { imageWidth: W, imageHeight: H, faces };
}

export const faceanalysis: Algorithm<FaceAnalysisParams, FaceAnalysisResult, FaceAnalysisModels> = {
  task: 'faceanalysis',
  decode: { maxSide: WORKING_SIDE },
  parseParams: parseFaceAnalysisParams,
  loadModels: loadMeshFaceModels,
  warmup,
  run,
};

import {
  BEAUTY_DEFAULTS,
  cosineSimilarity,
  landmarks106,
  type BeautyResult,
  type FaceAnalysisFace,
  type FaceAnalysisResult,
  type FacePointsResult,
  type HeadPose,
  type InferenceBackend,
} from '@pixora/vision';
import { ApiError } from '../../platform/error-catalogue.ts';

export interface AlgorithmCall {
  backend: InferenceBackend;
  images: Buffer[];
  parameter: Record<string, unknown>;
  timeoutMs: number;
}

/**
 * A result image of an image-producing endpoint: the answer's `media_data`, as base64 or as a
 * short-lived URL (`parameter.rsp_media_type`, result-media.ts).
 */
export interface ResultImage {
  bytes: Buffer;
  type: 'jpg';
}

/**
 * What an endpoint answers: `media_info_list[0].media_extra`, and for image-producing algorithms
 * the image they made, sent as `media_info_list[0].media_data` (architecture.md).
 */
export interface AlgorithmAnswer {
  mediaExtra: Record<string, unknown>;
  image?: ResultImage;
}

/** One gateway endpoint: how many images it takes and how its engine result becomes the answer. */
export interface GatewayAlgorithm {
  endpoint: string;
  images: number;
  run(call: AlgorithmCall): Promise<AlgorithmAnswer>;
}

/** An analysis endpoint: its answer is `media_extra` alone. */
function analysis(spec: {
  endpoint: string;
  images: number;
  run(call: AlgorithmCall): Promise<Record<string, unknown>>;
}): GatewayAlgorithm {
  return { ...spec, run: async (call) => ({ mediaExtra: await spec.run(call) }) };
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/**
 * Which landmark layouts v2/facepoints returns (`parameter.landmark_type`, or `return_landmark`
 * set to 106): '468' the full mesh and irises (the default, unchanged), '106' the 106-point
 * layout derived from the mesh (packages/vision/src/algorithms/face/landmarks106.ts), 'all' both.
 */
export function landmarkType(parameter: Record<string, unknown>): '468' | '106' | 'all' {
  const raw = parameter.landmark_type ?? (String(parameter.return_landmark) === '106' ? '106' : undefined);
  if (raw === undefined || raw === null || raw === '') return '468';
  const v = String(raw);
  if (v === '468' || v === '106' || v === 'all') return v;
  throw new ApiError(10000, 'landmark_type must be 468, 106 or all');
}

const facepoints = analysis({
  endpoint: 'v2/facepoints',
  images: 1,
  async run({ backend, images, parameter, timeoutMs }) {
    const type = landmarkType(parameter);
    const maxFaces = Number(parameter.max_face_num ?? parameter.nFront ?? 20);
    const result = await backend.run<FacePointsResult>(
      'facepoints',
      { image: images[0]!, params: { maxFaces: Number.isFinite(maxFaces) && maxFaces > 0 ? maxFaces : 20 } },
      { timeoutMs },
    );
    if (result.faces.length === 0) throw new ApiError(20003);
    return {
      image_width: result.imageWidth,
      image_height: result.imageHeight,
      faces: result.faces.map((face) => ({
        face_rectangle: {
          left: round(face.rectangle.left, 1),
          top: round(face.rectangle.top, 1),
          width: round(face.rectangle.width, 1),
          height: round(face.rectangle.height, 1),
        },
        score: round(face.score, 4),
        face_landmark: {
          ...(type !== '106'
            ? {
                mesh: face.mesh.map(([x, y, z]) => [round(x, 1), round(y, 1), round(z, 2)]),
                iris_left: face.irisLeft.map(([x, y]) => [round(x, 1), round(y, 1)]),
                iris_right: face.irisRight.map(([x, y]) => [round(x, 1), round(y, 1)]),
              }
            : {}),
          ...(type !== '468'
            ? { points_106: landmarks106(face.mesh, face.irisRight[0], face.irisLeft[0]) }
            : {}),
        },
      })),
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Face family on the engine's `faceanalysis` task (packages/vision/src/algorithms/face/analysis.ts).

type AnalysisFace = FaceAnalysisFace;
type AnalysisResult = FaceAnalysisResult;

/**
 * Near-frontal limits for comparison and feature analysis (20021 pitch, 20022 yaw), degrees.
 * Measured (docs/quality.md): every face of our reference photos that a person calls "facing
 * the camera" reads |yaw| <= 29 and |pitch| <= 22; sample2's three-quarter profile reads yaw -50.
 */
export const MAX_PITCH = 30;
export const MAX_YAW = 30;
/** Smallest face (mesh box width, pixels) accepted where identity or geometry is measured (20023). */
export const MIN_FACE_PX = 48;
/**
 * Same-person threshold on the 0-100 similarity (100 x cosine of the FaceRes descriptors).
 * Measured on 21 same-person and 414 different-person pairs (docs/quality.md): at 60, 4/21 false
 * rejects and 1/414 false accepts; at 50, 0/21 and 26/414.
 */
export const SAME_PERSON_THRESHOLD = 60;
/** babyRecognition: a face is a baby or young child when P(age < 4 years) >= 0.5. */
export const BABY_PROBABILITY = 0.5;

/**
 * Attributes of v2/macro_facial_analysis, in answer order. `mustache` is the beard/moustache
 * attribute (`beard` is accepted as its alias in return_attributes); `beauty` is attractiveness.
 */
const MACRO_ATTRIBUTES = [
  'gender',
  'age',
  'emotion',
  'race',
  'glasses',
  'mustache',
  'eyelid',
  'beauty',
  'poseestimation',
] as const;
const APPEARANCE_ATTRIBUTES = ['glasses', 'mustache', 'eyelid', 'beauty'] as const;

function analyse(call: AlgorithmCall, image: Buffer, params: Record<string, unknown>) {
  return call.backend.run<AnalysisResult>('faceanalysis', { image, params }, { timeoutMs: call.timeoutMs });
}

function maxFaces(parameter: Record<string, unknown>, key: string, fallback = 20): number {
  const v = Number(parameter[key] ?? parameter.max_face_num ?? fallback);
  return Number.isInteger(v) && v >= 1 && v <= 100 ? v : fallback;
}

function wantsLandmark(parameter: Record<string, unknown>): boolean {
  const v = parameter.return_landmark;
  return v === true || v === 1 || v === '1' || v === 'true' || v === 2 || v === '2';
}

/** `return_attributes` as a set; undefined when the client did not restrict it. */
function requested(parameter: Record<string, unknown>): Set<string> | undefined {
  const raw = parameter.return_attributes;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string')
    throw new ApiError(10000, 'return_attributes must be a comma-separated string');
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .map((s) => (s === 'beard' ? 'mustache' : s === 'attractiveness' ? 'beauty' : s))
      .filter(Boolean),
  );
}

// The engine params each endpoint sends, exported so that `npm run bench` (scripts/bench.ts)
// measures exactly the work the endpoints ask for.

/** v1/facedetect, v2/facedetect: box, score and pose need the detector and the mesh only. */
export function detectParams(parameter: Record<string, unknown>, facesKey: string) {
  return { maxFaces: maxFaces(parameter, facesKey), landmarks: wantsLandmark(parameter) };
}

/**
 * v2/macro_facial_analysis; with no `return_attributes` every attribute is asked. Age and gender
 * come from HSE-FaceRes and race from GEAR (measured on labelled photos, docs/quality.md: FaceRes
 * is right on 125/129 genders, GEAR on 88/129, SSR-Net on 74/129). GEAR (~270 ms a face) runs
 * as a second job so that two workers compute it beside FaceRes: see `macroJobs`.
 */
export function macroParams(parameter: Record<string, unknown>) {
  const asked = requested(parameter);
  const want = (name: string) => !asked || asked.has(name);
  return {
    maxFaces: maxFaces(parameter, 'max_face_num'),
    landmarks: wantsLandmark(parameter),
    faceres: want('gender') || want('age'),
    emotion: want('emotion'),
    appearance: APPEARANCE_ATTRIBUTES.some(want),
    gear: want('race'),
  };
}

/**
 * The engine jobs of one macro analysis: everything but GEAR in the first, GEAR alone in a second
 * (when race is asked and something else is too), so two workers share the work. Both jobs run
 * the same deterministic detection on the same bytes, so they find the same faces in the same order.
 */
export function macroJobs(parameter: Record<string, unknown>) {
  const { gear, ...rest } = macroParams(parameter);
  const main = { ...rest, gear: false };
  const others = main.faceres || main.emotion || main.appearance || main.landmarks;
  if (!gear) return [main];
  if (!others) return [{ ...main, gear: true }];
  return [main, { maxFaces: main.maxFaces, gear: true }];
}

/** v1/face_compare, per image (each image is one job). */
export const COMPARE_PARAMS = Object.freeze({ maxFaces: 5, descriptor: true, smallFaces: false });

function rectangle(face: Pick<AnalysisFace, 'rectangle'>) {
  const r = face.rectangle;
  return {
    left: round(r.left, 1),
    top: round(r.top, 1),
    width: round(r.width, 1),
    height: round(r.height, 1),
  };
}

function landmark(face: AnalysisFace) {
  return {
    mesh: (face.mesh ?? []).map(([x, y, z]) => [round(x, 1), round(y, 1), round(z, 2)]),
    iris_left: (face.irisLeft ?? []).map(([x, y]) => [round(x, 1), round(y, 1)]),
    iris_right: (face.irisRight ?? []).map(([x, y]) => [round(x, 1), round(y, 1)]),
  };
}

function poseAttribute(pose: HeadPose) {
  return { pitch_angle: pose.pitch, yaw_angle: pose.yaw, roll_angle: pose.roll };
}

/** Exactly one usable face: 20003/20010 none, 20004 several, 20023 too small, 20021/20022 not frontal. */
function singleFrontalFace(result: AnalysisResult, noFaceCode: 20003 | 20010): AnalysisFace {
  if (result.faces.length === 0) throw new ApiError(noFaceCode);
  if (result.faces.length > 1) throw new ApiError(20004);
  const face = result.faces[0]!;
  if (face.rectangle.width < MIN_FACE_PX) throw new ApiError(20023);
  if (Math.abs(face.pose.pitch) > MAX_PITCH) throw new ApiError(20021);
  if (Math.abs(face.pose.yaw) > MAX_YAW) throw new ApiError(20022);
  return face;
}

function detectEndpoint(endpoint: string, facesKey: string): GatewayAlgorithm {
  return analysis({
    endpoint,
    images: 1,
    async run(call) {
      const { parameter } = call;
      const params = detectParams(parameter, facesKey);
      const { landmarks } = params;
      const result = await analyse(call, call.images[0]!, params);
      if (result.faces.length === 0) throw new ApiError(20003);
      return {
        image_width: result.imageWidth,
        image_height: result.imageHeight,
        face_num: result.faces.length,
        faces: result.faces.map((face) => ({
          face_rectangle: rectangle(face),
          score: round(face.score, 4),
          face_attributes: { headpose: poseAttribute(face.pose) },
          ...(landmarks ? { face_landmark: landmark(face) } : {}),
        })),
      };
    },
  });
}

const macroAnalysis = analysis({
  endpoint: 'v2/macro_facial_analysis',
  images: 1,
  async run(call) {
    const { parameter } = call;
    const asked = requested(parameter);
    const want = (name: string) => !asked || asked.has(name);
    const jobs = macroJobs(parameter);
    const landmarks = wantsLandmark(parameter);
    const [result, gearResult] = await Promise.all(jobs.map((p) => analyse(call, call.images[0]!, p)));
    if (result!.faces.length === 0) throw new ApiError(20003);
    const gearOf = (face: AnalysisFace) =>
      face.gear ??
      gearResult?.faces.find(
        (g) => g.rectangle.left === face.rectangle.left && g.rectangle.top === face.rectangle.top,
      )?.gear;
    return {
      image_width: result!.imageWidth,
      image_height: result!.imageHeight,
      face_num: result!.faces.length,
      faces: result!.faces.map((face) => {
        const attrs: Record<string, unknown> = {};
        if (want('gender') && face.gender)
          attrs.gender = { value: face.gender.value, confidence: face.gender.confidence };
        if (want('age') && face.age !== undefined) {
          attrs.age = { value: Math.round(face.age), confidence: round(face.ageConfidence ?? 0, 4) };
        }
        if (want('emotion') && face.emotion) {
          const [label, p] = Object.entries(face.emotion).sort((a, b) => b[1] - a[1])[0]!;
          attrs.emotion = { value: label, confidence: round(p, 4), probabilities: face.emotion };
        }
        const race = gearOf(face)?.race;
        if (want('race') && race) {
          attrs.race = {
            value: race.value,
            confidence: round(race.confidence, 4),
            probabilities: race.probabilities,
          };
        }
        const look = face.appearance;
        if (look) {
          if (want('glasses'))
            attrs.glasses = { value: look.glasses.value, confidence: look.glasses.confidence };
          if (want('mustache'))
            attrs.mustache = { value: look.beard.value, confidence: look.beard.confidence };
          if (want('eyelid')) attrs.eyelid = { value: look.eyelid.value, confidence: look.eyelid.confidence };
          if (want('beauty')) attrs.beauty = { value: look.beauty.value, confidence: look.beauty.confidence };
        }
        if (want('poseestimation'))
          attrs.poseestimation = { value: poseAttribute(face.pose), confidence: null };
        return {
          face_rectangle: rectangle(face),
          score: round(face.score, 4),
          face_attributes: attrs,
          ...(landmarks ? { face_landmark: landmark(face) } : {}),
        };
      }),
      supported_attributes: MACRO_ATTRIBUTES,
    };
  },
});

const microAnalysis = analysis({
  endpoint: 'v1/micro_facial_analysis',
  images: 1,
  async run(call) {
    const { parameter } = call;
    const landmarks = wantsLandmark(parameter);
    const result = await analyse(call, call.images[0]!, { maxFaces: 5, features: true, landmarks });
    const face = singleFrontalFace(result, 20003);
    const { measures, ...labels } = face.features!;
    const facial_analysis: Record<string, unknown> = { measures };
    for (const [key, v] of Object.entries(labels)) {
      facial_analysis[key] = typeof v === 'string' ? { value: v } : v;
    }
    return {
      image_width: result.imageWidth,
      image_height: result.imageHeight,
      faces: [
        {
          face_rectangle: rectangle(face),
          face_attributes: { facial_analysis, headpose: poseAttribute(face.pose) },
          ...(landmarks ? { face_landmark: landmark(face) } : {}),
        },
      ],
    };
  },
});

const faceCompare = analysis({
  endpoint: 'v1/face_compare',
  images: 2,
  async run(call) {
    // Two jobs, one per image: with two workers they run in parallel.
    const [first, second] = await Promise.all([
      analyse(call, call.images[0]!, COMPARE_PARAMS),
      analyse(call, call.images[1]!, COMPARE_PARAMS),
    ]);
    const a = singleFrontalFace(first, 20003);
    const b = singleFrontalFace(second, 20010);
    const similarity = round(Math.max(0, cosineSimilarity(a.descriptor ?? [], b.descriptor ?? [])) * 100, 2);
    return {
      similarity,
      is_same_person: similarity >= SAME_PERSON_THRESHOLD ? 1 : 0,
      threshold: SAME_PERSON_THRESHOLD,
      // Each image's size (EXIF orientation applied), so a client can draw the boxes without
      // measuring the photos itself.
      faces: [
        {
          face_rectangle: rectangle(a),
          image: 0,
          image_width: first.imageWidth,
          image_height: first.imageHeight,
        },
        {
          face_rectangle: rectangle(b),
          image: 1,
          image_width: second.imageWidth,
          image_height: second.imageHeight,
        },
      ],
    };
  },
});

/**
 * The identity descriptor of the one usable face of an image, for face sets and face search:
 * the same engine job and rules as v1/face_compare (20003 no face, 20004 several, 20023 too
 * small, 20021/20022 not frontal).
 */
export async function describeSingleFace(
  call: Omit<AlgorithmCall, 'images' | 'parameter'>,
  image: Buffer,
): Promise<{
  descriptor: number[];
  rectangle: ReturnType<typeof rectangle>;
  imageWidth: number;
  imageHeight: number;
}> {
  const result = await analyse({ ...call, images: [image], parameter: {} }, image, COMPARE_PARAMS);
  const face = singleFrontalFace(result, 20003);
  return {
    descriptor: face.descriptor ?? [],
    rectangle: rectangle(face),
    imageWidth: result.imageWidth,
    imageHeight: result.imageHeight,
  };
}

const babyRecognition = analysis({
  endpoint: 'v1/baby_recognition',
  images: 1,
  async run(call) {
    const result = await analyse(call, call.images[0]!, {
      maxFaces: maxFaces(call.parameter, 'max_face_num'),
      faceres: true,
    });
    if (result.faces.length === 0) throw new ApiError(20003);
    return {
      image_width: result.imageWidth,
      image_height: result.imageHeight,
      faces: result.faces.map((face) => {
        const p = face.childProbability ?? 0;
        return {
          face_rectangle: rectangle(face),
          face_attributes: {
            baby: {
              value: p >= BABY_PROBABILITY ? 1 : 0,
              confidence: round(p >= BABY_PROBABILITY ? p : 1 - p, 4),
            },
            age: { value: Math.round(face.age ?? 0), confidence: round(face.ageConfidence ?? 0, 4) },
          },
        };
      }),
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Image-producing endpoints.

/** A 0-100 setting of `parameter` (number or numeric string); `fallback` when absent. */
function setting(parameter: Record<string, unknown>, key: string, fallback: number): number {
  const raw = parameter[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const v = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100)
    throw new ApiError(10000, `${key} must be a number from 0 to 100`);
  return v;
}

/**
 * v3/AIBeauty parameters as engine params (`facebeauty`): smooth, whiten, slim and eye, each
 * 0-100 (defaults: BEAUTY_DEFAULTS of the engine).
 */
export function beautyParams(parameter: Record<string, unknown>) {
  return {
    smooth: setting(parameter, 'smooth', BEAUTY_DEFAULTS.smooth),
    whiten: setting(parameter, 'whiten', BEAUTY_DEFAULTS.whiten),
    slim: setting(parameter, 'slim', BEAUTY_DEFAULTS.slim),
    eye: setting(parameter, 'eye', BEAUTY_DEFAULTS.eye),
    maxFaces: maxFaces(parameter, 'max_face_num'),
  };
}

const aiBeauty: GatewayAlgorithm = {
  endpoint: 'v3/AIBeauty',
  images: 1,
  async run({ backend, images, parameter, timeoutMs }) {
    const result = await backend.run<BeautyResult>(
      'facebeauty',
      { image: images[0]!, params: beautyParams(parameter) },
      { timeoutMs },
    );
    if (result.faces.length === 0 || !result.image) throw new ApiError(20003);
    const mediaExtra = {
      image_width: result.imageWidth,
      image_height: result.imageHeight,
      face_num: result.faces.length,
      faces: result.faces.map((face) => ({ face_rectangle: rectangle(face), score: round(face.score, 4) })),
      beauty: result.settings,
    };
    return { mediaExtra, image: { bytes: Buffer.from(result.image), type: 'jpg' } };
  },
};

/** Every endpoint the engine serves in this build. Adding an algorithm adds one entry here. */
export const gatewayAlgorithms: readonly GatewayAlgorithm[] = [
  facepoints,
  detectEndpoint('v1/facedetect', 'nFront'),
  detectEndpoint('v2/facedetect', 'max_face_num'),
  macroAnalysis,
  microAnalysis,
  faceCompare,
  babyRecognition,
  aiBeauty,
];

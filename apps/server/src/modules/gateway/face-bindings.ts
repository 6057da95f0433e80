/**
 * The face family's bindings. Their answers predate the output kinds and keep their own shapes
 * (the recorded face answers are their golden files), so each has a mapper of its own; detection,
 * crops and models are the engine's (`facepoints`, `faceanalysis`, `facebeauty`).
 */
import {
  aibeauty,
  babyRecognition,
  FACE_COUNT,
  faceAnalysis,
  faceCharacter,
  faceDetect,
  faceDetectServerVersion,
  facePoint,
  faceRecognition,
  FLAT_FEATURES,
  type ParametersOf,
} from '@pixora/catalog';
import {
  BABY_THRESHOLD,
  cosineSimilarity,
  SAME_PERSON_THRESHOLD,
  type FaceAnalysisFace,
  type FaceAnalysisResult,
  type HeadPose,
  type LandmarkType,
} from '@pixora/vision';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bind, jobOptions, type Binding, type CapabilityCall } from './binding.ts';

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/**
 * Near-frontal limits for comparison and feature analysis (20021 pitch, 20022 yaw), degrees.
 * Measured (docs/quality.md): every face of our reference photos that a person calls "facing
 * the camera" reads |yaw| <= 29 and |pitch| <= 22; sample2's three-quarter profile reads yaw -50.
 */
const MAX_PITCH = 30;
const MAX_YAW = 30;
/** Smallest face (mesh box width, pixels) accepted where identity or geometry is measured (20023). */
const MIN_FACE_PX = 48;
/** The vision package's same-person threshold (its measured rates are documented there). */
export { SAME_PERSON_THRESHOLD };

/** An attribute a heuristic decided: no confidence, the cue's score, and the method named. */
const heuristic = <V>(look: { value: V; score: number }) => ({
  value: look.value,
  confidence: null,
  score: round(look.score, 4),
  method: 'heuristic' as const,
});
/** A model's answer: its own output as the score; no confidence, since nothing here calibrates it. */
const modelOutput = <V>(value: V, score: number) => ({
  value,
  confidence: null,
  score: round(score, 4),
  method: 'model' as const,
});

function rectangle(face: Pick<FaceAnalysisFace, 'rectangle'>) {
  const r = face.rectangle;
  return {
    left: round(r.left, 1),
    top: round(r.top, 1),
    width: round(r.width, 1),
    height: round(r.height, 1),
  };
}

function landmark(face: Pick<FaceAnalysisFace, 'mesh' | 'irisLeft' | 'irisRight'>) {
  return {
    mesh: (face.mesh ?? []).map(([x, y, z]) => [round(x, 1), round(y, 1), round(z, 2)]),
    iris_left: (face.irisLeft ?? []).map(([x, y]) => [round(x, 1), round(y, 1)]),
    iris_right: (face.irisRight ?? []).map(([x, y]) => [round(x, 1), round(y, 1)]),
  };
}

const poseAttribute = (pose: HeadPose) => ({
  pitch_angle: pose.pitch,
  yaw_angle: pose.yaw,
  roll_angle: pose.roll,
});

/** Exactly one usable face: 20003/20010 none, 20004 several, 20023 too small, 20021/20022 not frontal. */
function singleFrontalFace(result: FaceAnalysisResult, noFaceCode: 20003 | 20010): FaceAnalysisFace {
  if (result.faces.length === 0) throw new ApiError(noFaceCode);
  if (result.faces.length > 1) throw new ApiError(20004);
  const face = result.faces[0]!;
  if (face.rectangle.width < MIN_FACE_PX) throw new ApiError(20023);
  if (Math.abs(face.pose.pitch) > MAX_PITCH) throw new ApiError(20021);
  if (Math.abs(face.pose.yaw) > MAX_YAW) throw new ApiError(20022);
  return face;
}

function analyse(call: Omit<CapabilityCall, 'parameter' | 'images'>, image: Buffer, params: object) {
  return call.backend.run<FaceAnalysisResult>(
    'faceanalysis',
    { image, params: { ...params } },
    jobOptions(call),
  );
}

// ---------------------------------------------------------------------------------------------
// v2/facepoints

/** Which layouts v2/facepoints returns: `landmark_type`, else `return_landmark` 106, else the mesh. */
function landmarkType(p: ParametersOf<typeof facePoint>): LandmarkType {
  return p.landmark_type ?? (p.return_landmark === '106' ? '106' : '468');
}

const facePointsParams = (p: ParametersOf<typeof facePoint>) => ({
  maxFaces: p.max_face_num ?? p.nFront ?? FACE_COUNT.default,
  landmarkType: landmarkType(p),
});

const facePoints = bind(facePoint, 'facepoints', {
  params: facePointsParams,
  answer(result, p) {
    if (result.faces.length === 0) throw new ApiError(20003);
    const type = landmarkType(p);
    return {
      mediaExtra: {
        image_width: result.imageWidth,
        image_height: result.imageHeight,
        faces: result.faces.map((face) => ({
          face_rectangle: rectangle(face),
          score: round(face.score, 4),
          face_landmark: {
            ...(type === '468' || type === 'all' ? landmark(face) : {}),
            ...(face.points106 ? { points_106: face.points106 } : {}),
            ...(face.points118 ? { points_118: face.points118 } : {}),
          },
        })),
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// v1/facedetect, v2/facedetect on the engine's `faceanalysis` task

/**
 * Box, score and pose need the detector and the mesh only; the mesh is answered with
 * return_landmark. v2/facedetect, the server version, runs the detector's thorough search for
 * small faces (tiles at every size, a finer grid on large photos).
 */
function detectParams(count: number | undefined, landmarks: boolean, thorough: boolean) {
  return { maxFaces: count ?? FACE_COUNT.default, landmarks, ...(thorough ? { thorough } : {}) };
}

function faceDetection<C extends typeof faceDetect | typeof faceDetectServerVersion>(
  capability: C,
  count: (p: ParametersOf<C>) => number | undefined,
  thorough = false,
): Binding<C> {
  return {
    capability,
    tasks: ['faceanalysis'],
    async run(call) {
      const landmarks = call.parameter.return_landmark;
      const result = await analyse(
        call,
        call.images[0]!,
        detectParams(count(call.parameter), landmarks, thorough),
      );
      if (result.faces.length === 0) throw new ApiError(20003);
      return {
        mediaExtra: {
          image_width: result.imageWidth,
          image_height: result.imageHeight,
          face_num: result.faces.length,
          faces: result.faces.map((face) => ({
            face_rectangle: rectangle(face),
            score: round(face.score, 4),
            face_attributes: { headpose: poseAttribute(face.pose) },
            ...(landmarks ? { face_landmark: landmark(face) } : {}),
          })),
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// v2/macro_facial_analysis

/**
 * Attributes of v2/macro_facial_analysis, in answer order. `mustache` is the beard/moustache
 * attribute (`beard` is accepted as its alias in return_attributes); `beauty` is attractiveness.
 */
export const MACRO_ATTRIBUTES = [
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

/** `return_attributes` as a set; undefined when the client did not restrict it. */
function requested(raw: string | undefined): Set<string> | undefined {
  if (raw === undefined || raw === '') return undefined;
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .map((s) => (s === 'beard' ? 'mustache' : s === 'attractiveness' ? 'beauty' : s))
      .filter(Boolean),
  );
}

/**
 * The engine params of v2/macro_facial_analysis; with no `return_attributes` every attribute is
 * asked. Age and gender come from HSE-FaceRes and race from GEAR (measured on labelled photos,
 * docs/quality.md: FaceRes is right on 125/129 genders, GEAR on 88/129, SSR-Net on 74/129).
 */
function macroParams(p: ParametersOf<typeof faceAnalysis>) {
  const asked = requested(p.return_attributes);
  const want = (name: string) => !asked || asked.has(name);
  return {
    maxFaces: p.max_face_num,
    landmarks: p.return_landmark,
    // The beard/moustache answer is a probe on FaceRes's descriptor.
    faceres: want('gender') || want('age') || want('mustache'),
    emotion: want('emotion'),
    appearance: APPEARANCE_ATTRIBUTES.some(want),
    gear: want('race'),
  };
}

/**
 * The engine jobs of one macro analysis: everything but GEAR (~270 ms a face) in the first, GEAR
 * alone in a second (when race is asked and something else is too), so two workers share the
 * work. Both jobs run the same deterministic detection on the same bytes, so they find the same
 * faces in the same order.
 */
function macroJobs(p: ParametersOf<typeof faceAnalysis>) {
  const { gear, ...rest } = macroParams(p);
  const main = { ...rest, gear: false };
  const others = main.faceres || main.emotion || main.appearance || main.landmarks;
  if (!gear) return [main];
  if (!others) return [{ ...main, gear: true }];
  return [main, { maxFaces: main.maxFaces, gear: true }];
}

const macroAnalysis: Binding<typeof faceAnalysis> = {
  capability: faceAnalysis,
  tasks: ['faceanalysis'],
  async run(call) {
    const p = call.parameter;
    const asked = requested(p.return_attributes);
    const want = (name: string) => !asked || asked.has(name);
    const landmarks = p.return_landmark;
    const [result, gearResult] = await Promise.all(
      macroJobs(p).map((params) => analyse(call, call.images[0]!, params)),
    );
    if (result!.faces.length === 0) throw new ApiError(20003);
    const gearOf = (face: FaceAnalysisFace) =>
      face.gear ??
      gearResult?.faces.find(
        (g) => g.rectangle.left === face.rectangle.left && g.rectangle.top === face.rectangle.top,
      )?.gear;
    return {
      mediaExtra: {
        image_width: result!.imageWidth,
        image_height: result!.imageHeight,
        face_num: result!.faces.length,
        faces: result!.faces.map((face) => {
          const attrs: Record<string, unknown> = {};
          if (want('gender') && face.gender) attrs.gender = modelOutput(face.gender.value, face.gender.score);
          if (want('age') && face.age !== undefined)
            attrs.age = modelOutput(Math.round(face.age), face.ageScore ?? 0);
          if (want('emotion') && face.emotion) {
            const [label, top] = Object.entries(face.emotion).sort((a, b) => b[1] - a[1])[0]!;
            attrs.emotion = { ...modelOutput(label, top), scores: face.emotion };
          }
          const race = gearOf(face)?.race;
          if (want('race') && race)
            attrs.race = { ...modelOutput(race.value, race.score), scores: race.scores };
          const look = face.appearance;
          if (look) {
            if (want('glasses')) attrs.glasses = heuristic(look.glasses);
            if (want('mustache') && face.beard)
              attrs.mustache = modelOutput(face.beard.value, face.beard.score);
            if (want('eyelid')) attrs.eyelid = heuristic(look.eyelid);
            if (want('beauty'))
              attrs.beauty = { value: look.beauty.value, confidence: null, method: 'heuristic' };
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
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------
// v1/micro_facial_analysis

const microAnalysis: Binding<typeof faceCharacter> = {
  capability: faceCharacter,
  tasks: ['faceanalysis'],
  async run(call) {
    const landmarks = call.parameter.return_landmark;
    const result = await analyse(call, call.images[0]!, { maxFaces: 5, features: true, landmarks });
    const face = singleFrontalFace(result, 20003);
    const { measures, ...labels } = face.features!;
    const facial_analysis: Record<string, unknown> = { measures };
    for (const [key, v] of Object.entries(labels))
      facial_analysis[key] = typeof v === 'string' ? { value: v } : v;
    // The same labels under the flat names client code of this kind of platform reads; they come
    // from fixed cut points on geometric ratios, so there is no calibrated confidence to give.
    const flat: Record<string, { value: string | number; confidence: null }> = {};
    for (const [name, ours] of Object.entries(FLAT_FEATURES))
      flat[name] = { value: labels[ours], confidence: null };
    for (const [shape, score] of Object.entries(labels.face_shape.scores))
      flat[`facetype_${shape}`] = { value: score, confidence: null };
    return {
      mediaExtra: {
        image_width: result.imageWidth,
        image_height: result.imageHeight,
        faces: [
          {
            face_rectangle: rectangle(face),
            face_attributes: { facial_analysis, headpose: poseAttribute(face.pose), ...flat },
            ...(landmarks ? { face_landmark: landmark(face) } : {}),
          },
        ],
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------
// v1/face_compare and the face sets

/** v1/face_compare, per image (each image is one job). */
export const COMPARE_PARAMS = Object.freeze({ maxFaces: 5, descriptor: true, smallFaces: false });

const faceCompare: Binding<typeof faceRecognition> = {
  capability: faceRecognition,
  tasks: ['faceanalysis'],
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
      mediaExtra: {
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
      },
    };
  },
};

/**
 * The identity descriptor of the one usable face of an image, for face sets and face search:
 * the same engine job and rules as v1/face_compare (20003 no face, 20004 several, 20023 too
 * small, 20021/20022 not frontal).
 */
export async function describeSingleFace(call: Omit<CapabilityCall, 'parameter' | 'images'>, image: Buffer) {
  const result = await analyse(call, image, COMPARE_PARAMS);
  const face = singleFrontalFace(result, 20003);
  return {
    descriptor: face.descriptor ?? [],
    rectangle: rectangle(face),
    imageWidth: result.imageWidth,
    imageHeight: result.imageHeight,
  };
}

// ---------------------------------------------------------------------------------------------
// v1/baby_recognition

const baby: Binding<typeof babyRecognition> = {
  capability: babyRecognition,
  tasks: ['faceanalysis'],
  async run(call) {
    const result = await analyse(call, call.images[0]!, {
      maxFaces: call.parameter.max_face_num,
      faceres: true,
    });
    if (result.faces.length === 0) throw new ApiError(20003);
    return {
      mediaExtra: {
        image_width: result.imageWidth,
        image_height: result.imageHeight,
        faces: result.faces.map((face) => {
          const p = face.childProbability ?? 0;
          const baby = p >= BABY_THRESHOLD ? 1 : 0;
          return {
            face_rectangle: rectangle(face),
            face_attributes: {
              baby: modelOutput(baby, baby ? p : 1 - p),
              age: modelOutput(Math.round(face.age ?? 0), face.ageScore ?? 0),
            },
          };
        }),
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------
// v3/AIBeauty

/** v3/AIBeauty parameters as engine params (`facebeauty`). */
export const beautyParams = (p: ParametersOf<typeof aibeauty>) => ({
  smooth: p.smooth,
  whiten: p.whiten,
  slim: p.slim,
  eye: p.eye,
  maxFaces: p.max_face_num,
});

const beauty = bind(aibeauty, 'facebeauty', {
  params: beautyParams,
  answer(result) {
    if (result.faces.length === 0 || !result.image) throw new ApiError(20003);
    return {
      mediaExtra: {
        image_width: result.imageWidth,
        image_height: result.imageHeight,
        face_num: result.faces.length,
        faces: result.faces.map((face) => ({ face_rectangle: rectangle(face), score: round(face.score, 4) })),
        beauty: result.settings,
      },
      image: { bytes: Buffer.from(result.image), type: 'jpg' },
    };
  },
});

export const faceBindings = {
  facePoints,
  faceDetect: faceDetection(faceDetect, (p) => p.nFront ?? p.max_face_num),
  faceDetectServerVersion: faceDetection(faceDetectServerVersion, (p) => p.max_face_num ?? p.nFront, true),
  macroAnalysis,
  microAnalysis,
  faceCompare,
  baby,
  beauty,
};

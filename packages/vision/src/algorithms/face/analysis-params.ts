/**
 * faceanalysis: parameter and result types, defaults and validation. Kept apart from the model
 * code so that importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 *
 * One task serves the whole face family of the gateway (detection, attribute analysis, feature
 * analysis, comparison, baby recognition): each asks only for the stages it needs, and every
 * stage's model is loaded once per worker.
 */
import { booleanParam, readDetectionParams } from './facepoints-params.ts';
import type { FaceFeatures } from './features.ts';
import type { Appearance } from './appearance.ts';

/**
 * v1/baby_recognition says baby when the FaceRes age bins under 4 years (analysis.ts BABY_AGE) hold
 * at least this mass. Chosen on the tuning half of test/fixtures/baby-labels.json: the lowest cut of
 * its table (steps of 0.1) that calls no more children baby than 0.5 did (1 of 32), finding 19 of
 * 27 babies there (14 at 0.5); docs/quality.md, "Baby recognition".
 */
export const BABY_THRESHOLD = 0.2;

export interface FaceAnalysisParams {
  /** Maximum number of faces returned (highest detector scores win). Default 20, max 100. */
  maxFaces: number;
  /** Minimum detector confidence, 0.05..1 (default 0.4, as facepoints; the mesh re-checks). */
  minConfidence: number;
  /** Scan overlapping tiles of photos above 800 px to find small faces (default true). */
  smallFaces: boolean;
  /** The detector's thorough search for small faces (default false; v2/facedetect). */
  thorough?: boolean;
  /** Return the 468-point mesh and irises (default false: they are large). */
  landmarks: boolean;
  /** Run HSE-FaceRes: age, gender and the 1024-d identity descriptor (~210 ms a face). */
  faceres: boolean;
  /** Return the faceres descriptor (implies faceres). */
  descriptor: boolean;
  /** Run the emotion classifier (~27 ms a face). */
  emotion: boolean;
  /** Measure facial features (shape, eyes, brows, nose, lips, chin, cheekbones) on the mesh. */
  features: boolean;
  /** Run the GEAR model (198x198): race, and its own age and gender estimates (~270 ms a face). */
  gear: boolean;
  /** Measure glasses, beard/moustache, eyelid and attractiveness on the mesh and pixels (~2 ms). */
  appearance: boolean;
}

export const FACEANALYSIS_DEFAULTS: Readonly<FaceAnalysisParams> = Object.freeze({
  maxFaces: 20,
  minConfidence: 0.4,
  smallFaces: true,
  landmarks: false,
  faceres: false,
  descriptor: false,
  emotion: false,
  features: false,
  gear: false,
  appearance: false,
});

/** The race classes of the GEAR model, in its output order. */
export const RACES = ['white', 'black', 'asian', 'indian', 'other'] as const;
export type Race = (typeof RACES)[number];

/** What the GEAR model says about one face. */
export interface GearEstimate {
  /** Expected age over the model's 7 age bands, years. */
  age: number;
  /** 0 female, 1 male; score: the model's output for the answered gender, max(p, 1 - p). */
  gender: { value: 0 | 1; score: number };
  /** The race class with the highest softmax output, that output, and every class's output. */
  race: { value: Race; score: number; scores: Record<Race, number> };
}

/** The seven classes of the emotion model (oarriaga/face_classification, FER-2013 labels). */
export const EMOTIONS = ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'] as const;
export type Emotion = (typeof EMOTIONS)[number];

export interface HeadPose {
  /** Degrees; positive = chin down (head tilted forward). */
  pitch: number;
  /** Degrees; positive = face turned towards the image's right (subject's left). */
  yaw: number;
  /** Degrees; positive = head tilted clockwise on screen. */
  roll: number;
}

export interface FaceAnalysisFace {
  /** Tight box around the 468 mesh points, original-image pixels, 1 decimal. */
  rectangle: { left: number; top: number; width: number; height: number };
  /** Detector confidence, 0..1. */
  score: number;
  /** Head pose from the 3-D mesh (see pose.ts). */
  pose: HeadPose;
  /** Present when `landmarks` was asked. Same layout as facepoints. */
  mesh?: Array<[number, number, number]>;
  irisLeft?: Array<[number, number]>;
  irisRight?: Array<[number, number]>;
  /** HSE-FaceRes age estimate in years (present when `faceres`). */
  age?: number;
  /** The model's mass of the age bins within 5 years of `age` (a score: not calibrated). */
  ageScore?: number;
  /** Probability mass of the age bins under 4 years (baby or young child). */
  childProbability?: number;
  /** HSE-FaceRes gender: 0 female, 1 male; score: the model's output for it, max(p, 1 - p). */
  gender?: { value: 0 | 1; score: number };
  /** The emotion model's softmax outputs, summing to ~1 (present when `emotion`; not calibrated). */
  emotion?: Record<Emotion, number>;
  /**
   * Beard or moustache from the FaceRes descriptor's linear probe (present when `faceres`); score:
   * how clear the answer is (0.5 at the probe's cut), not a probability.
   */
  beard?: { value: 0 | 1; score: number };
  /** L2-normalised 1024-d faceres descriptor (present when `descriptor`). */
  descriptor?: number[];
  /** Mesh-geometry feature analysis (present when `features`). */
  features?: FaceFeatures;
  /** GEAR estimates (present when `gear`). */
  gear?: GearEstimate;
  /** Glasses, beard, eyelid, attractiveness and the measurements behind them (when `appearance`). */
  appearance?: Appearance;
}

export interface FaceAnalysisResult {
  imageWidth: number;
  imageHeight: number;
  /** Sorted left to right by rectangle.left. */
  faces: FaceAnalysisFace[];
}

export function parseFaceAnalysisParams(raw: Record<string, unknown> | undefined): FaceAnalysisParams {
  const p = { ...FACEANALYSIS_DEFAULTS };
  const given = readDetectionParams(raw, p);
  if (!given) return p;
  for (const key of [
    'landmarks',
    'faceres',
    'descriptor',
    'emotion',
    'features',
    'gear',
    'appearance',
  ] as const) {
    p[key] = booleanParam(given, key) ?? p[key];
  }
  if (p.descriptor) p.faceres = true;
  return p;
}

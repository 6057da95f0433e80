/**
 * bodypose: the product's 14-point body layout, parameter and result types, defaults and
 * parameter validation. Kept apart from the model code so that importing them (e.g. from the HTTP
 * gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Keypoint, Rectangle } from '../kinds.ts';

/**
 * The product's "14 body keypoints", in this order (AI Challenger's order). Right/left are the
 * subject's own sides: `right_shoulder` is on the left of a non-mirrored photo of a person facing
 * the camera.
 */
export const BODY_14_POINTS = [
  'right_shoulder',
  'right_elbow',
  'right_wrist',
  'left_shoulder',
  'left_elbow',
  'left_wrist',
  'right_hip',
  'right_knee',
  'right_ankle',
  'left_hip',
  'left_knee',
  'left_ankle',
  'head_top',
  'neck',
] as const;

export type Body14Point = (typeof BODY_14_POINTS)[number];

/** Skeleton lines between the 14 points, for drawing: arms, legs, neck to shoulders and head, torso sides. */
export const BODY_14_EDGES: ReadonlyArray<readonly [Body14Point, Body14Point]> = [
  ['right_shoulder', 'right_elbow'],
  ['right_elbow', 'right_wrist'],
  ['left_shoulder', 'left_elbow'],
  ['left_elbow', 'left_wrist'],
  ['right_hip', 'right_knee'],
  ['right_knee', 'right_ankle'],
  ['left_hip', 'left_knee'],
  ['left_knee', 'left_ankle'],
  ['neck', 'right_shoulder'],
  ['neck', 'left_shoulder'],
  ['neck', 'head_top'],
  ['right_shoulder', 'right_hip'],
  ['left_shoulder', 'left_hip'],
];

/** The model's own 17 points (MoveNet, COCO order and names), returned as `model_keypoints`. */
export const COCO_17_POINTS = [
  'nose',
  'left_eye',
  'right_eye',
  'left_ear',
  'right_ear',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
] as const;

export type Coco17Point = (typeof COCO_17_POINTS)[number];

/**
 * Most people MoveNet MultiPose reports: its output has six person slots. Larger counts would need
 * tiling the photo and merging the tiles' people, which costs a model run per tile (see the model
 * choice in bodypose.ts); not done.
 */
export const BODYPOSE_MAX_PERSONS = 6;

export interface BodyPoseParams {
  /** Most people returned (highest scores win), 1..6. Public name `max_person_num`. */
  maxPersonNum: number;
  /** Lowest person score returned, 0..1. Public name `min_score`. */
  minScore: number;
}

/**
 * Defaults. minScore 0.15 was set on photos that are not in the quality report: face-api samples
 * 1-4 (13 people), opencv-doc's example.jpg (three copies of one man's head and shoulders) and
 * 227943776_1.jpg / face_swapped.jpg (one man each), and 21 scikit-image photos without people.
 * At the shipped input size the 18 people there score 0.164 to 0.644, while the best misfire is
 * 0.144 (scikit-image's logo, a snake) and the next 0.073; 0.15 lies between them. The margin is
 * thin: a person the model sees badly (seated, turned away, cut by the frame) can score under it.
 */
export const BODYPOSE_DEFAULTS: Readonly<BodyPoseParams> = Object.freeze({
  maxPersonNum: BODYPOSE_MAX_PERSONS,
  minScore: 0.15,
});

export interface BodyPosePerson {
  /** The person's box in original-image pixels (0.1 px), clamped to the image. */
  person_rectangle: Rectangle;
  /** Person score, 0..1 (4 decimals). */
  score: number;
  /** The 14 points of BODY_14_POINTS, in that order, each with its score. */
  keypoints: Keypoint[];
  /** The model's 17 points of COCO_17_POINTS, in that order, each with its score. */
  model_keypoints: Keypoint[];
}

export interface BodyPoseResult extends ImageSize {
  person_num: number;
  /** Sorted left to right by person_rectangle.left. */
  persons: BodyPosePerson[];
}

export function parseBodyPoseParams(raw: Record<string, unknown> | undefined): BodyPoseParams {
  return parsePeopleParams(raw, BODYPOSE_DEFAULTS, BODYPOSE_MAX_PERSONS);
}

/**
 * The parameters every task that finds people takes, over its `defaults`: `maxPersonNum`, an
 * integer from 1 to `maxPersons`, and `minScore`, a number from 0 to 1. Other keys are copied from
 * the defaults; the caller reads its own.
 */
export function parsePeopleParams<P extends { maxPersonNum: number; minScore: number }>(
  raw: Record<string, unknown> | undefined,
  defaults: Readonly<P>,
  maxPersons: number,
): P {
  const p: P = { ...(defaults as P) };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.maxPersonNum !== undefined) {
    const v = raw.maxPersonNum;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > maxPersons) {
      throw new TaskParamsError(`maxPersonNum must be an integer between 1 and ${maxPersons}`);
    }
    p.maxPersonNum = v;
  }
  if (raw.minScore !== undefined) {
    const v = raw.minScore;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) {
      throw new TaskParamsError('minScore must be a number between 0 and 1');
    }
    p.minScore = v;
  }
  return p;
}

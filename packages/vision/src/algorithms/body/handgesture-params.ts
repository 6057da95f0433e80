/**
 * handgesture: the 21-point hand layout, the gesture codes, parameter and result types, defaults
 * and parameter validation. Kept apart from the model code so that importing them (e.g. from the
 * HTTP gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, Keypoint, Rectangle } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

/**
 * The 21 hand points of MediaPipe Hands (its order and names): the wrist, then each finger from
 * its base to its tip, thumb first.
 */
export const HAND_21_POINTS = [
  'wrist',
  'thumb_cmc',
  'thumb_mcp',
  'thumb_ip',
  'thumb_tip',
  'index_finger_mcp',
  'index_finger_pip',
  'index_finger_dip',
  'index_finger_tip',
  'middle_finger_mcp',
  'middle_finger_pip',
  'middle_finger_dip',
  'middle_finger_tip',
  'ring_finger_mcp',
  'ring_finger_pip',
  'ring_finger_dip',
  'ring_finger_tip',
  'pinky_mcp',
  'pinky_pip',
  'pinky_dip',
  'pinky_tip',
] as const;

/** Lines drawn between the 21 points: each finger from the wrist, and across the palm. */
export const HAND_21_EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [0, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [9, 10],
  [10, 11],
  [11, 12],
  [13, 14],
  [14, 15],
  [15, 16],
  [0, 17],
  [17, 18],
  [18, 19],
  [19, 20],
  [5, 9],
  [9, 13],
  [13, 17],
];

/**
 * Gesture codes the rule set of hand-gestures.ts tells apart, and `none` for a hand showing none
 * of them. Counting gestures also carry their number (see GESTURE_NUMBERS).
 */
export const GESTURES = [
  'open_palm',
  'fist',
  'victory',
  'thumbs_up',
  'thumbs_down',
  'ok',
  'pointing',
  'i_love_you',
  'call_me',
  'three',
  'four',
  'none',
] as const;

export type Gesture = (typeof GESTURES)[number];

/** The number a counting gesture shows with the fingers held up (index finger first). */
export const GESTURE_NUMBERS: Partial<Record<Gesture, number>> = {
  pointing: 1,
  victory: 2,
  three: 3,
  four: 4,
  open_palm: 5,
};

/** Most hands reported. The detector keeps its best boxes; each costs one landmark-model run. */
export const HANDGESTURE_MAX_HANDS = 10;

export interface HandGestureParams {
  /** Most hands returned (highest scores win), 1..10. Public name `max_hand_num`. */
  maxHandNum: number;
  /** Lowest hand score returned, 0..1. Public name `min_score`. */
  minScore: number;
}

/**
 * Defaults. minScore 0.5 is the landmark model's own hand-presence cut (its output is a
 * probability-like sigmoid; MediaPipe Hands uses 0.5). It was not tuned on our photos.
 */
export const HANDGESTURE_DEFAULTS: Readonly<HandGestureParams> = Object.freeze({
  maxHandNum: 4,
  minScore: 0.5,
});

export type Handedness = 'left' | 'right';

export interface HandGestureHand {
  /** The hand's box (around its 21 points) in original-image pixels (0.1 px), clamped to the image. */
  hand_rectangle: Rectangle;
  /** Hand score, 0..1 (4 decimals): the landmark model's hand presence. */
  score: number;
  /** The 21 points of HAND_21_POINTS, in that order; each point's score is the hand's score. */
  keypoints: Keypoint[];
  attributes: {
    /** The subject's own hand, assuming the photo is not mirrored; score = the model's for that side. */
    handedness: { value: Handedness; score: number };
    gesture: { value: Gesture };
    /** The number a counting gesture shows, else null. */
    number: { value: number | null };
  };
}

export interface HandGestureResult extends ImageSize {
  hand_num: number;
  /** Sorted left to right by hand_rectangle.left. */
  hands: HandGestureHand[];
}

export function parseHandGestureParams(raw: Record<string, unknown> | undefined): HandGestureParams {
  const p = { ...HANDGESTURE_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  p.maxHandNum =
    numberParam(raw, 'maxHandNum', { min: 1, max: HANDGESTURE_MAX_HANDS, integer: true }) ?? p.maxHandNum;
  p.minScore = numberParam(raw, 'minScore', { min: 0, max: 1 }) ?? p.minScore;
  return p;
}

/**
 * Gestures from the 21 hand points: a documented rule set on finger curl and direction.
 *
 * Method: FingerPose (Andreas Hackl, MIT, https://github.com/andypotato/fingerpose, also ported
 * in @vladmandic/human's src/hand/fingerpose.ts). A finger's curl is read from the angle at its
 * middle joint between its base and its tip: above 130 degrees it is straight, above 60 half
 * curled, else fully curled (FingerPose's NO_CURL_START_LIMIT and HALF_CURL_START_LIMIT). Its
 * direction is the image direction from its base to its tip, in eight sectors. A gesture is a
 * pattern of the five fingers' states (the table GESTURE_RULES below); a hand matching none, or
 * more than one, is `none`. The thresholds are FingerPose's published ones plus the few rules
 * added below, each named. None was fitted to our photos, but the folded-thumb rule
 * (FOLDED_THUMB_REACH) was written after two reference photos showed fists read as thumbs up, so
 * those photos do not test it blind (docs/quality.md).
 *
 * Points are (x, y, z) with x to the right and y down in image pixels, z the landmark model's
 * relative depth in the same unit.
 */
import type { Gesture } from './handgesture-params.ts';

export type Point3 = readonly [number, number, number];

export type Curl = 'straight' | 'half' | 'full';
export type Direction =
  'up' | 'up_right' | 'right' | 'down_right' | 'down' | 'down_left' | 'left' | 'up_left';
export type FingerName = 'thumb' | 'index' | 'middle' | 'ring' | 'pinky';

export interface FingerState {
  curl: Curl;
  direction: Direction;
}

/** FingerPose's curl limits, degrees at the finger's middle joint. */
export const NO_CURL_START_LIMIT = 130;
export const HALF_CURL_START_LIMIT = 60;

/**
 * Added rule: a thumb tip nearer than this share of the palm (wrist to middle finger base) to a
 * folded finger's joints lies on them (fingerStates).
 */
export const FOLDED_THUMB_REACH = 0.25;

/** Base, middle joint and tip of each finger (indices into the 21 points), as FingerPose reads them. */
const FINGER_JOINTS: Record<FingerName, readonly [number, number, number]> = {
  thumb: [1, 2, 4],
  index: [5, 6, 8],
  middle: [9, 10, 12],
  ring: [13, 14, 16],
  pinky: [17, 18, 20],
};

const sub = (a: Point3, b: Point3): Point3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (v: Point3): number => Math.hypot(v[0], v[1], v[2]);
const dist2d = (a: Point3, b: Point3): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Angle at `mid` between `start` and `end`, degrees (180: a straight line). */
export function jointAngle(start: Point3, mid: Point3, end: Point3): number {
  const u = sub(start, mid);
  const v = sub(end, mid);
  const n = norm(u) * norm(v);
  if (n === 0) return 180;
  const cos = Math.min(1, Math.max(-1, (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / n));
  return (Math.acos(cos) * 180) / Math.PI;
}

/** The eight image directions, clockwise from up, for an angle measured from "up" towards "right". */
const SECTORS: readonly Direction[] = [
  'up',
  'up_right',
  'right',
  'down_right',
  'down',
  'down_left',
  'left',
  'up_left',
];

/** Image direction from `from` to `to`, in eight 45-degree sectors. */
export function direction(from: Point3, to: Point3): Direction {
  const angle = (Math.atan2(to[0] - from[0], from[1] - to[1]) * 180) / Math.PI; // 0 = up, 90 = right
  return SECTORS[Math.round((((angle % 360) + 360) % 360) / 45) % 8]!;
}

/** Curl and direction of each finger of a 21-point hand. */
export function fingerStates(points: readonly Point3[]): Record<FingerName, FingerState> {
  const out = {} as Record<FingerName, FingerState>;
  for (const [name, [base, mid, tip]] of Object.entries(FINGER_JOINTS) as Array<
    [FingerName, readonly [number, number, number]]
  >) {
    const angle = jointAngle(points[base]!, points[mid]!, points[tip]!);
    let curl: Curl =
      angle > NO_CURL_START_LIMIT ? 'straight' : angle > HALF_CURL_START_LIMIT ? 'half' : 'full';
    // Added rule: a finger (not the thumb) whose tip is nearer the wrist than its middle joint is
    // folded back over the palm however straight its last joints look.
    if (
      name !== 'thumb' &&
      curl === 'straight' &&
      dist2d(points[tip]!, points[0]!) < dist2d(points[mid]!, points[0]!)
    )
      curl = 'half';
    out[name] = { curl, direction: direction(points[base]!, points[tip]!) };
  }
  // Added rule for the thumb: it counts as held out only when straight and its tip stands away
  // from the index finger's base by at least half the palm (wrist to middle finger base); a
  // straight thumb laid along the index finger is not held out.
  const palm = dist2d(points[0]!, points[9]!);
  if (out.thumb.curl === 'straight' && dist2d(points[4]!, points[5]!) < 0.5 * palm) out.thumb.curl = 'half';
  // Added rule for the thumb: a thumb whose tip lies on the folded fingers (within
  // FOLDED_THUMB_REACH of the palm of the middle joint, end joint or tip of a finger that is not
  // straight, in the image) is folded across them, however straight its own joints are: the thumb
  // of a fist seen palm-on or from the thumb side. A thumb held out stands at least its last
  // phalanx clear of the folded fingers.
  if (out.thumb.curl === 'straight') {
    const folded = (['index', 'middle', 'ring', 'pinky'] as const).filter((f) => out[f].curl !== 'straight');
    const onFolded = folded.some((f) => {
      const [base] = FINGER_JOINTS[f];
      return [base + 1, base + 2, base + 3].some(
        (j) => dist2d(points[4]!, points[j]!) < FOLDED_THUMB_REACH * palm,
      );
    });
    if (onFolded) out.thumb.curl = 'half';
  }
  return out;
}

/** What a rule asks of a finger: held out (`out`), folded (`in`, half or full), or either. */
type Want = 'out' | 'in' | 'any';

interface GestureRule {
  gesture: Gesture;
  fingers: Record<FingerName, Want>;
  /** Further condition on the points and states. */
  when?: (points: readonly Point3[], states: Record<FingerName, FingerState>) => boolean;
}

const isUp = (d: Direction) => d === 'up' || d === 'up_left' || d === 'up_right';
const isDown = (d: Direction) => d === 'down' || d === 'down_left' || d === 'down_right';

/**
 * Added rule for OK: the thumb and index finger tips touch, i.e. lie closer than a third of the
 * palm (wrist to middle finger base) in the image.
 */
export const OK_TOUCH = 1 / 3;

/**
 * The rule set. Fingers: thumb, index, middle, ring, pinky. `out` = straight, `in` = half or
 * fully curled. Counting gestures show their number with the fingers held up, index first.
 */
export const GESTURE_RULES: readonly GestureRule[] = [
  { gesture: 'open_palm', fingers: { thumb: 'out', index: 'out', middle: 'out', ring: 'out', pinky: 'out' } },
  { gesture: 'four', fingers: { thumb: 'in', index: 'out', middle: 'out', ring: 'out', pinky: 'out' } },
  { gesture: 'three', fingers: { thumb: 'in', index: 'out', middle: 'out', ring: 'out', pinky: 'in' } },
  { gesture: 'victory', fingers: { thumb: 'in', index: 'out', middle: 'out', ring: 'in', pinky: 'in' } },
  { gesture: 'pointing', fingers: { thumb: 'in', index: 'out', middle: 'in', ring: 'in', pinky: 'in' } },
  { gesture: 'i_love_you', fingers: { thumb: 'out', index: 'out', middle: 'in', ring: 'in', pinky: 'out' } },
  { gesture: 'call_me', fingers: { thumb: 'out', index: 'in', middle: 'in', ring: 'in', pinky: 'out' } },
  {
    gesture: 'thumbs_up',
    fingers: { thumb: 'out', index: 'in', middle: 'in', ring: 'in', pinky: 'in' },
    when: (_, s) => isUp(s.thumb.direction),
  },
  {
    gesture: 'thumbs_down',
    fingers: { thumb: 'out', index: 'in', middle: 'in', ring: 'in', pinky: 'in' },
    when: (_, s) => isDown(s.thumb.direction),
  },
  { gesture: 'fist', fingers: { thumb: 'in', index: 'in', middle: 'in', ring: 'in', pinky: 'in' } },
  {
    gesture: 'ok',
    fingers: { thumb: 'any', index: 'any', middle: 'out', ring: 'out', pinky: 'out' },
    when: (p) => dist2d(p[4]!, p[8]!) < OK_TOUCH * dist2d(p[0]!, p[9]!),
  },
];

const matches = (want: Want, state: FingerState): boolean =>
  want === 'any' || (want === 'out') === (state.curl === 'straight');

/** The gesture of a 21-point hand: the one rule it matches, else `none`. */
export function classifyGesture(points: readonly Point3[]): Gesture {
  const states = fingerStates(points);
  const hits = GESTURE_RULES.filter(
    (rule) =>
      (Object.keys(rule.fingers) as FingerName[]).every((f) => matches(rule.fingers[f], states[f])) &&
      (rule.when ? rule.when(points, states) : true),
  );
  // OK is an open hand whose thumb and index tips touch: it wins over open_palm, three and four,
  // which its straight fingers may also match.
  if (hits.some((h) => h.gesture === 'ok')) return 'ok';
  return hits.length === 1 ? hits[0]!.gesture : 'none';
}

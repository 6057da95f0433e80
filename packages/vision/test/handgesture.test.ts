import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  GESTURES,
  HAND_21_POINTS,
  HANDGESTURE_DEFAULTS,
  parseHandGestureParams,
  type Gesture,
  type HandGestureResult,
} from '../src/algorithms/body/handgesture-params.ts';
import { classifyGesture, fingerStates, type Point3 } from '../src/algorithms/body/hand-gestures.ts';
import { handednessOf } from '../src/algorithms/body/handgesture.ts';
import { chelseaPath, coffeePath, read } from './fixtures.ts';
import { HAND_REFERENCES, handPhotoPath, handReference, type ReferenceHand } from './hand-references.ts';

const handgesture = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<HandGestureResult>('handgesture', { image, params });

/** Overlap of a found box with a reference box ([left, top, right, bottom]). */
function iou(found: HandGestureResult['hands'][number]['hand_rectangle'], ref: ReferenceHand['box']): number {
  const w = Math.min(found.left + found.width, ref[2]) - Math.max(found.left, ref[0]);
  const h = Math.min(found.top + found.height, ref[3]) - Math.max(found.top, ref[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (found.width * found.height + (ref[2] - ref[0]) * (ref[3] - ref[1]) - inter);
}

/**
 * Share of a found box inside a reference box. The found box is the points' extent: on a fist they
 * can bunch over the knuckles (a third of the marked box), so some tests ask that the box lies on
 * the hand, not that it covers it.
 */
function insideShare(
  found: HandGestureResult['hands'][number]['hand_rectangle'],
  ref: ReferenceHand['box'],
): number {
  const w = Math.min(found.left + found.width, ref[2]) - Math.max(found.left, ref[0]);
  const h = Math.min(found.top + found.height, ref[3]) - Math.max(found.top, ref[1]);
  return w > 0 && h > 0 ? (w * h) / (found.width * found.height) : 0;
}

beforeAll(async () => {
  await getInProcessEngine();
});

describe.each(['opencv-doc:opencv4/html/handSrc.jpg', 'opencv-doc:opencv4/html/handDst.jpg'])(
  'handgesture on an open left hand lying palm up (%s)',
  (file) => {
    const ref = handReference(file);
    let result: HandGestureResult;

    beforeAll(async () => {
      result = await handgesture(read(await handPhotoPath(ref)));
    });

    it('finds one hand, with its 21 points in order inside the photo', () => {
      expect([result.image_width, result.image_height, result.hand_num]).toEqual([640, 480, 1]);
      const hand = result.hands[0]!;
      expect(hand.keypoints.map((k) => k.name)).toEqual([...HAND_21_POINTS]);
      for (const k of hand.keypoints) {
        expect(k.x).toBeGreaterThanOrEqual(0);
        expect(k.x).toBeLessThanOrEqual(640);
        expect(k.y).toBeGreaterThanOrEqual(0);
        expect(k.y).toBeLessThanOrEqual(480);
      }
      expect(hand.score).toBeGreaterThan(0.5);
    });

    it('boxes the hand where it is, the finger tips to the right of the wrist', () => {
      const hand = result.hands[0]!;
      expect(iou(hand.hand_rectangle, ref.hands[0]!.box)).toBeGreaterThan(0.3);
      const at = (name: string) => hand.keypoints.find((k) => k.name === name)!;
      // The four fingers point right: their tips lie right of their bases.
      for (const f of ['index_finger', 'middle_finger', 'ring_finger', 'pinky'])
        expect(at(`${f}_tip`).x, f).toBeGreaterThan(at(`${f}_mcp`).x);
      // The thumb is at the top of the photo, the little finger at the bottom.
      expect(at('thumb_tip').y).toBeLessThan(at('pinky_tip').y);
    });

    it('reads an open palm (number 5) of a left hand', () => {
      const { attributes } = result.hands[0]!;
      expect(attributes.gesture.value).toBe('open_palm');
      expect(attributes.number.value).toBe(5);
      expect(attributes.handedness.value).toBe('left');
    });
  },
);

describe('handgesture on photos without hands', () => {
  it.each([
    ['coffee', coffeePath],
    ['chelsea (a cat)', chelseaPath],
  ])('finds no hand on %s', async (_, photo) => {
    const result = await handgesture(read(photo()));
    expect(result.hand_num).toBe(0);
    expect(result.hands).toEqual([]);
  });
});

describe('handgesture on hands gripping things', () => {
  // Photos whose every hand a person marked as a grip (hand-references.json, "why").
  it.each(
    HAND_REFERENCES.filter(
      (p) => p.hands.length > 0 && p.hands.every((h) => h.gesture === 'none' && /\bgrip/.test(h.why)),
    ),
  )('never calls a grip a gesture ($file)', async (photo) => {
    const result = await handgesture(read(await handPhotoPath(photo)));
    expect(result.hand_num).toBeLessThanOrEqual(photo.hands.length);
    for (const hand of result.hands) expect(hand.attributes.gesture.value).toBe('none');
  });
});

describe('handgesture on fists (kphotoalbum demo qt-logo.jpg)', () => {
  const ref = handReference('kphotoalbum:/usr/share/kphotoalbum/demo/qt-logo.jpg');
  let result: HandGestureResult;
  beforeAll(async () => {
    result = await handgesture(read(await handPhotoPath(ref)));
  });

  it('finds at least two of the three raised fists, each box over a marked fist', () => {
    // Three fists side by side (hand-references.json); the third, touching its neighbour, is
    // missed today.
    expect(result.hand_num).toBeGreaterThanOrEqual(2);
    for (const hand of result.hands)
      expect(Math.max(...ref.hands.map((h) => iou(hand.hand_rectangle, h.box)))).toBeGreaterThan(0.3);
  });

  it('reads each found fist as a fist (the thumb lies along the folded fingers, not held up)', () => {
    expect(result.hand_num).toBeGreaterThanOrEqual(2);
    for (const hand of result.hands) expect(hand.attributes.gesture.value).toBe('fist');
  });
});

describe('handgesture on single right hands (fingerpose, mediapipe-samples)', () => {
  it.each([
    ['fixture:photos/fingerpose-fullcurl.jpg', 'fist', null],
    ['fixture:photos/fingerpose-nocurl.jpg', 'pointing', 1],
    ['fixture:photos/mediapipe-samples-thumbs-up.jpg', 'thumbs_up', null],
    ['fixture:photos/mediapipe-samples-hand_victory.jpg', 'victory', 2],
  ] as const)('%s: one right hand on the marked box, read as %s', async (file, gesture, number) => {
    const ref = handReference(file);
    const result = await handgesture(read(await handPhotoPath(ref)));
    expect(result.hand_num).toBe(1);
    const [hand] = result.hands;
    // On the fist the points bunch over the knuckles: the box lies on the hand (insideShare).
    expect(insideShare(hand!.hand_rectangle, ref.hands[0]!.box)).toBeGreaterThan(0.8);
    expect(hand!.attributes.handedness.value).toBe('right');
    expect(hand!.attributes.gesture.value).toBe(gesture);
    expect(hand!.attributes.number.value).toBe(number);
  });
});

describe('handgesture on thumbs up side by side and open hands from the back (mediapipe-samples, tfjs-models)', () => {
  it('finds at least one of the two thumbs up side by side, as a thumbs up', async () => {
    const ref = handReference('fixture:photos/mediapipe-samples-test_image.jpg');
    const result = await handgesture(read(await handPhotoPath(ref)));
    expect(result.hand_num).toBeGreaterThanOrEqual(1);
    for (const hand of result.hands) {
      expect(Math.max(...ref.hands.map((h) => insideShare(hand.hand_rectangle, h.box)))).toBeGreaterThan(0.8);
      expect(hand.attributes.gesture.value).toBe('thumbs_up');
    }
  });

  it('finds both open left hands seen from the back, one of them upside down', async () => {
    const ref = handReference('fixture:photos/tfjs-models-hands.jpg');
    const result = await handgesture(read(await handPhotoPath(ref)));
    expect(result.hand_num).toBe(2);
    // Sorted left to right, as the references.
    result.hands.forEach((hand, i) => {
      expect(insideShare(hand.hand_rectangle, ref.hands[i]!.box)).toBeGreaterThan(0.8);
      expect(hand.attributes.gesture.value).toBe('open_palm');
      expect(hand.attributes.handedness.value).toBe('left');
    });
  });
});

describe('handgesture parameters', () => {
  it('has its defaults and refuses what is out of range', () => {
    expect(parseHandGestureParams(undefined)).toEqual(HANDGESTURE_DEFAULTS);
    expect(parseHandGestureParams({ maxHandNum: 2, minScore: 0.8 })).toEqual({
      maxHandNum: 2,
      minScore: 0.8,
    });
    expect(() => parseHandGestureParams({ maxHandNum: 0 })).toThrow(TaskParamsError);
    expect(() => parseHandGestureParams({ maxHandNum: 11 })).toThrow(TaskParamsError);
    expect(() => parseHandGestureParams({ minScore: 2 })).toThrow(TaskParamsError);
  });

  it('keeps no hand above a score of 1', async () => {
    const ref = handReference('opencv-doc:opencv4/html/handSrc.jpg');
    const result = await handgesture(read(await handPhotoPath(ref)), { minScore: 1 });
    expect(result.hand_num).toBe(0);
  });
});

describe('handedness', () => {
  it("reads MediaPipe's raw 'Left' score of a mirrored picture as the subject's right hand", () => {
    expect(handednessOf(0.9)).toEqual({ value: 'right', score: 0.9 });
    expect(handednessOf(0.2)).toEqual({ value: 'left', score: 0.8 });
  });
});

/**
 * The rule set on hand-built point sets (not photos): a right hand seen palm-on, wrist at the
 * bottom, each finger either straight up or folded down into the palm.
 */
type Pose = Record<'thumb' | 'index' | 'middle' | 'ring' | 'pinky', 'out' | 'in'>;

interface BuiltOptions {
  thumbDown?: boolean;
  okTouch?: boolean;
  /** A thumb straight at its joints laid across the folded fingers, its tip on the little finger's. */
  thumbAcross?: boolean;
}

function builtHand(pose: Pose, options: BuiltOptions = {}): Point3[] {
  const p: Point3[] = new Array(21);
  p[0] = [0, 0, 0];
  // Thumb: from the wrist to the left; held out it goes on straight away from the hand, folded it
  // crosses the palm.
  const thumbOut = pose.thumb === 'out';
  p[1] = [-25, -20, 0];
  p[2] = thumbOut ? [-50, -35, 0] : [-45, -45, 0];
  p[3] = thumbOut ? [-75, -50, 0] : [-30, -70, 0];
  p[4] = thumbOut ? [-100, -65, 0] : [-5, -70, 0];
  const bases: Array<[keyof Pose, number, number]> = [
    ['index', 5, -30],
    ['middle', 9, -10],
    ['ring', 13, 10],
    ['pinky', 17, 28],
  ];
  for (const [finger, i, x] of bases) {
    const y0 = -100;
    p[i] = [x, y0, 0];
    if (pose[finger] === 'out') {
      p[i + 1] = [x, y0 - 35, 0];
      p[i + 2] = [x, y0 - 60, 0];
      p[i + 3] = [x, y0 - 80, 0];
    } else {
      p[i + 1] = [x, y0 - 30, 0];
      p[i + 2] = [x, y0 - 10, -15];
      p[i + 3] = [x, y0 + 10, -10];
    }
  }
  if (options.okTouch) p[4] = p[8] = [-30, -150, 0];
  if (options.thumbAcross) {
    p[2] = [-15, -50, 0];
    p[3] = [5, -70, 0];
    p[4] = [25, -85, 0];
  }
  // Turn upside down (a thumb pointing down) by mirroring y.
  return options.thumbDown ? p.map(([x, y, z]) => [x, -y, z] as Point3) : p;
}

const pose = (
  thumb: 'out' | 'in',
  index: 'out' | 'in',
  middle: 'out' | 'in',
  ring: 'out' | 'in',
  pinky: 'out' | 'in',
): Pose => ({
  thumb,
  index,
  middle,
  ring,
  pinky,
});

describe('the gesture rules (hand-built points)', () => {
  it.each<[Gesture, Pose, BuiltOptions?]>([
    ['open_palm', pose('out', 'out', 'out', 'out', 'out')],
    ['fist', pose('in', 'in', 'in', 'in', 'in')],
    ['pointing', pose('in', 'out', 'in', 'in', 'in')],
    ['victory', pose('in', 'out', 'out', 'in', 'in')],
    ['three', pose('in', 'out', 'out', 'out', 'in')],
    ['four', pose('in', 'out', 'out', 'out', 'out')],
    ['i_love_you', pose('out', 'out', 'in', 'in', 'out')],
    ['call_me', pose('out', 'in', 'in', 'in', 'out')],
    ['thumbs_up', pose('out', 'in', 'in', 'in', 'in')],
    ['thumbs_down', pose('out', 'in', 'in', 'in', 'in'), { thumbDown: true }],
    ['ok', pose('out', 'out', 'out', 'out', 'out'), { okTouch: true }],
    // A straight thumb whose tip rests on the folded fingers is folded: a fist, not thumbs up.
    ['fist', pose('out', 'in', 'in', 'in', 'in'), { thumbAcross: true }],
    ['pointing', pose('out', 'out', 'in', 'in', 'in'), { thumbAcross: true }],
    ['none', pose('in', 'out', 'in', 'in', 'out')],
  ])('%s', (gesture, p, options) => {
    expect(classifyGesture(builtHand(p, options))).toBe(gesture);
  });

  it('reads straight and folded fingers as such', () => {
    const states = fingerStates(builtHand(pose('out', 'out', 'in', 'out', 'in')));
    expect(states.thumb.curl).toBe('straight');
    expect(states.index.curl).toBe('straight');
    expect(states.middle.curl).not.toBe('straight');
    expect(states.pinky.curl).not.toBe('straight');
    expect(states.index.direction).toBe('up');
  });

  it('covers every gesture code but none with a rule', () => {
    expect(GESTURES.filter((g) => g !== 'none')).toHaveLength(11);
  });
});

describe('handgesture on the round 11 report photos (HaGRID people, ASL letter close-ups)', () => {
  // One hand each, marked in hand-references.json before the model ran on them; the gesture is
  // the one a person read off the hand. Each found hand must lie on the marked one and carry its
  // gesture, and the counting gestures their number.
  it.each([
    ['fixture:photos/hagrid-00af1db1.jpg', 'thumbs_down'],
    ['fixture:photos/hagrid-06aa70cc.jpg', 'four'],
    ['fixture:photos/hagrid-055f8be9.jpg', 'none'],
    ['fixture:photos/asl-F0.jpg', 'ok'],
    ['fixture:photos/asl-V0.jpg', 'victory'],
    ['fixture:photos/asl-W25.jpg', 'three'],
    ['fixture:photos/asl-Y0.jpg', 'call_me'],
    // HandTrack boxes a part of this close-up that the landmark model rejects: found by the
    // whole-photo crop tried when no box yields a hand.
    ['fixture:photos/asl-W16.jpg', 'three'],
  ] as const)('%s shows %s', async (file, gesture) => {
    const ref = handReference(file);
    expect(ref.hands[0]!.gesture).toBe(gesture);
    const result = await handgesture(read(await handPhotoPath(ref)));
    const onHand = result.hands.filter((h) => insideShare(h.hand_rectangle, ref.hands[0]!.box) >= 0.5);
    expect(onHand).toHaveLength(1);
    expect(onHand[0]!.attributes.gesture.value).toBe(gesture);
    const number = { four: 4, victory: 2, three: 3 }[gesture as string];
    if (number) expect(onHand[0]!.attributes.number.value).toBe(number);
  });
});

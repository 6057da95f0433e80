import { HAND_21, HAND_GESTURES, handGesture } from '@pixora/catalog';
import {
  GESTURES,
  HAND_21_EDGES,
  HAND_21_POINTS,
  HANDGESTURE_DEFAULTS,
  HANDGESTURE_MAX_HANDS,
  type HandGestureResult,
} from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';
import { opencvDocPath, read } from '../../../../../packages/vision/test/fixtures.ts';

describe('the hand gesture contract agrees with the engine', () => {
  it('documents the 21-point layout, the gesture codes, the defaults and limits the engine has', () => {
    expect(HAND_21.points).toEqual(HAND_21_POINTS);
    expect(HAND_21.edges).toEqual(HAND_21_EDGES.map(([a, b]) => [HAND_21_POINTS[a], HAND_21_POINTS[b]]));
    expect(Object.keys(HAND_GESTURES).sort()).toEqual([...GESTURES].sort());
    expect(handGesture.api.parameters.parse({})).toEqual({
      max_hand_num: HANDGESTURE_DEFAULTS.maxHandNum,
      min_score: HANDGESTURE_DEFAULTS.minScore,
    });
    expect(handGesture.api.parameters.safeParse({ max_hand_num: HANDGESTURE_MAX_HANDS + 1 }).success).toBe(
      false,
    );
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/HandGesture through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let hand: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    hand = read(await opencvDocPath('opencv4/html/handSrc.jpg'));
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/HandGesture', image, parameter);

  it('finds the open left hand lying palm up, with its 21 points inside its box', async () => {
    const res = await post(hand);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra as HandGestureResult;
    expect([extra.image_width, extra.image_height, extra.hand_num]).toEqual([640, 480, 1]);
    const found = extra.hands[0]!;
    expect(found.keypoints.map((k) => k.name)).toEqual(HAND_21.points);
    const r = found.hand_rectangle;
    for (const k of found.keypoints) {
      expect(k.x, k.name).toBeGreaterThanOrEqual(r.left - 0.1);
      expect(k.x, k.name).toBeLessThanOrEqual(r.left + r.width + 0.1);
      expect(k.y, k.name).toBeGreaterThanOrEqual(r.top - 0.1);
      expect(k.y, k.name).toBeLessThanOrEqual(r.top + r.height + 0.1);
    }
    expect(found.attributes.gesture.value).toBe('open_palm');
    expect(found.attributes.number.value).toBe(5);
    expect(found.attributes.handedness.value).toBe('left');
  });

  it('finds no hand on the coffee cup: an empty list, not an error', async () => {
    const res = await post(coffee);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ hand_num: 0, hands: [] });
  });

  it('refuses a wrong max_hand_num by its name', async () => {
    const res = await post(hand, { max_hand_num: '0' });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_hand_num must be an integer from 1 to 10',
    ]);
  });
});

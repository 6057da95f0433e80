import { BODY_14, bodyPose } from '@pixora/catalog';
import {
  BODY_14_EDGES,
  BODY_14_POINTS,
  BODYPOSE_DEFAULTS,
  BODYPOSE_MAX_PERSONS,
  createLocalBackend,
  type InferenceBackend,
} from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayBody, skimagePhoto, testApp } from '../../../test/helpers.ts';
import { groupSamplePath, read } from '../../../../../packages/vision/test/fixtures.ts';

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

interface Person {
  person_rectangle: { left: number; top: number; width: number; height: number };
  score: number;
  keypoints: Array<{ name: string; x: number; y: number; score: number }>;
  model_keypoints: Array<{ name: string; x: number; y: number; score: number }>;
}

describe('the body contracts agree with the engine', () => {
  it('answers the 14-point layout the contract documents, with the same defaults and limits', () => {
    expect(BODY_14.points).toEqual(BODY_14_POINTS);
    expect(BODY_14.edges).toEqual(BODY_14_EDGES);
    const defaults = bodyPose.api.parameters.parse({});
    expect(defaults).toEqual({
      max_person_num: BODYPOSE_DEFAULTS.maxPersonNum,
      min_score: BODYPOSE_DEFAULTS.minScore,
    });
    expect(bodyPose.api.parameters.safeParse({ max_person_num: BODYPOSE_MAX_PERSONS + 1 }).success).toBe(
      false,
    );
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/BodyPose through the gateway on the real engine', () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let astronaut: Buffer;
  let cat: Buffer;

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    ({ app } = await testApp(backend));
    const jpeg = async (name: 'astronaut' | 'chelsea') =>
      sharp(await skimagePhoto(name))
        .jpeg()
        .toBuffer();
    astronaut = await jpeg('astronaut');
    cat = await jpeg('chelsea');
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const post = (endpoint: string, image: Buffer, parameter: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/${endpoint}?${KEY}`,
      payload: { ...gatewayBody(image), parameter } as object,
    });

  it('finds the astronaut with her 14 points inside her box, and the model’s 17', async () => {
    const res = await post('v1/BodyPose', astronaut);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect([extra.image_width, extra.image_height, extra.person_num]).toEqual([512, 512, 1]);
    const person = extra.persons[0] as Person;
    expect(person.keypoints.map((k) => k.name)).toEqual(BODY_14.points);
    expect(person.model_keypoints).toHaveLength(17);
    const r = person.person_rectangle;
    const seen = person.keypoints.filter((k) => k.score >= 0.3);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (const k of seen) {
      expect(k.x, k.name).toBeGreaterThanOrEqual(r.left - 1);
      expect(k.x, k.name).toBeLessThanOrEqual(r.left + r.width + 1);
      expect(k.y, k.name).toBeGreaterThanOrEqual(r.top - 1);
      expect(k.y, k.name).toBeLessThanOrEqual(r.top + r.height + 1);
    }
    // Her right shoulder is on the photo's left, below her head top.
    const at = (name: string) => person.keypoints.find((k) => k.name === name)!;
    expect(at('right_shoulder').x).toBeLessThan(at('left_shoulder').x);
    expect(at('head_top').y).toBeLessThan(at('neck').y);
  });

  it('finds the four people of a group photo, left to right, and at most max_person_num of them', async () => {
    const group = read(groupSamplePath(6));
    const all = (await post('v1/BodyPose', group)).json().media_info_list[0].media_extra;
    expect(all.person_num).toBe(4);
    const lefts = (all.persons as Person[]).map((p) => p.person_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    const two = (await post('v1/BodyPose', group, { max_person_num: '2' })).json().media_info_list[0]
      .media_extra;
    expect(two.person_num).toBe(2);
  });

  it('finds nobody on the cat: an empty list, not an error', async () => {
    const res = await post('v1/BodyPose', cat);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ person_num: 0, persons: [] });
  });

  it('refuses a wrong max_person_num or min_score by its name', async () => {
    const res = await post('v1/BodyPose', astronaut, { min_score: 2 });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.min_score must be a number from 0 to 1',
    ]);
  });
});

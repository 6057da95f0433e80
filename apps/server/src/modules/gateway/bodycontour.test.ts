import { BODY_CONTOUR_63, humanContourPointDetection } from '@pixora/catalog';
import { BODYCONTOUR_DEFAULTS, CONTOUR_EDGES, CONTOUR_POINTS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

interface Person {
  person_rectangle: { left: number; top: number; width: number; height: number };
  score: number;
  keypoints: Array<{ name: string; x: number; y: number; score: number }>;
  model_keypoints: Array<{ name: string; x: number; y: number; score: number }>;
  contour?: Array<[number, number]>;
}

describe('the body contour contract agrees with the engine', () => {
  it('answers the 63-point layout the contract documents, with the same defaults', () => {
    expect(BODY_CONTOUR_63.points).toEqual(CONTOUR_POINTS);
    expect(BODY_CONTOUR_63.edges).toEqual(CONTOUR_EDGES);
    expect(humanContourPointDetection.api.parameters.parse({})).toEqual({
      max_person_num: BODYCONTOUR_DEFAULTS.maxPersonNum,
      full_contour: BODYCONTOUR_DEFAULTS.fullContour,
    });
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/BodyContour through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let cat: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    const jpeg = async (name: 'astronaut' | 'chelsea') =>
      sharp(await skimagePhoto(name))
        .jpeg()
        .toBuffer();
    astronaut = await jpeg('astronaut');
    cat = await jpeg('chelsea');
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/BodyContour', image, parameter);

  it('outlines the astronaut with 63 points from her head top, and the whole outline when asked', async () => {
    const res = await post(astronaut, { full_contour: '1' });
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect([extra.image_width, extra.image_height, extra.person_num]).toEqual([512, 512, 1]);
    const person = extra.persons[0] as Person;
    expect(person.keypoints.map((k) => k.name)).toEqual(BODY_CONTOUR_63.points);
    // Her head top was marked by hand at (228, 20).
    expect(Math.hypot(person.keypoints[0]!.x - 228, person.keypoints[0]!.y - 20)).toBeLessThan(10);
    expect(person.contour!.length).toBeGreaterThan(63);
    const r = person.person_rectangle;
    for (const k of person.keypoints) {
      expect(k.x, k.name).toBeGreaterThanOrEqual(r.left);
      expect(k.x, k.name).toBeLessThanOrEqual(r.left + r.width);
      expect(k.y, k.name).toBeGreaterThanOrEqual(r.top);
      expect(k.y, k.name).toBeLessThanOrEqual(r.top + r.height);
    }
    const plain = (await post(astronaut)).json().media_info_list[0].media_extra.persons[0] as Person;
    expect(plain.contour).toBeUndefined();
  });

  it('finds nobody on the cat: an empty list, not an error', async () => {
    const res = await post(cat);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ person_num: 0, persons: [] });
  });

  it('refuses a wrong full_contour or max_person_num by its name', async () => {
    const res = await post(astronaut, { full_contour: 2 });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.full_contour must be 0 or 1',
    ]);
    const many = await post(astronaut, { max_person_num: 7 });
    expect([many.statusCode, many.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_person_num must be an integer from 1 to 6',
    ]);
  });
});

import { humanDetect } from '@pixora/catalog';
import { HUMANDETECT_DEFAULTS, HUMANDETECT_MAX_PERSONS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';
import { groupSamplePath, read } from '../../../../../packages/vision/test/fixtures.ts';

interface Person {
  person_rectangle: { left: number; top: number; width: number; height: number };
  score: number;
}

describe('the HumanDetect contract agrees with the engine', () => {
  it('has the engine’s defaults and limits', () => {
    expect(humanDetect.api.parameters.parse({})).toEqual({
      max_person_num: HUMANDETECT_DEFAULTS.maxPersonNum,
      min_score: HUMANDETECT_DEFAULTS.minScore,
      small_people: HUMANDETECT_DEFAULTS.smallPeople,
    });
    const max = humanDetect.api.parameters.safeParse({ max_person_num: HUMANDETECT_MAX_PERSONS + 1 });
    expect(max.success).toBe(false);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/HumanDetect through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let cat: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    cat = await sharp(await skimagePhoto('chelsea'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/HumanDetect', image, parameter);

  it('boxes the four women of a group photo, left to right, in an answer its contract parses', async () => {
    const res = await post(read(groupSamplePath(6)));
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(humanDetect.api.answer.safeParse(extra).success).toBe(true);
    expect([extra.image_width, extra.image_height, extra.person_num]).toEqual([1920, 1537, 4]);
    const persons = extra.persons as Person[];
    const lefts = persons.map((p) => p.person_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    for (const p of persons) expect(p.score).toBeGreaterThanOrEqual(0.3);
  });

  it('keeps at most max_person_num people, sent as text as clients do', async () => {
    const res = await post(read(groupSamplePath(6)), { max_person_num: '2', small_people: '0' });
    expect(res.json().media_info_list[0].media_extra.person_num).toBe(2);
  });

  it('finds nobody on the cat: an empty list, not an error', async () => {
    const res = await post(cat);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ person_num: 0, persons: [] });
  });

  it('refuses a wrong parameter by its name', async () => {
    const res = await post(cat, { max_person_num: 0 });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_person_num must be an integer from 1 to 100',
    ]);
    const flag = await post(cat, { small_people: 2 });
    expect([flag.statusCode, flag.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.small_people must be 0 or 1',
    ]);
  });
});

import { hairAnalysis, HAIR_MAX_FACES } from '@pixora/catalog';
import { HAIR_ATTRIBUTES_DEFAULTS, HAIR_ATTRIBUTES_MAX_FACES } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

describe('the hair attribute contract agrees with the engine', () => {
  it('has the engine’s default and limit of faces', () => {
    expect(HAIR_MAX_FACES).toBe(HAIR_ATTRIBUTES_MAX_FACES);
    expect(hairAnalysis.api.parameters.parse({})).toEqual({
      max_face_num: HAIR_ATTRIBUTES_DEFAULTS.maxFaceNum,
    });
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/hairclassifier through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg()
      .toBuffer();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/hairclassifier', image, parameter);

  it("answers the astronaut's one face with her unbound hair and no bald top", async () => {
    const res = await post(astronaut, { max_face_num: '1' });
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(hairAnalysis.api.answer.safeParse(extra).success).toBe(true);
    expect([extra.image_width, extra.image_height, extra.face_num]).toEqual([512, 512, 1]);
    const { attributes } = extra.faces[0];
    expect(Object.keys(attributes)).toEqual([
      'length',
      'bangs',
      'curl',
      'hairline',
      'ponytail',
      'bun',
      'shaved',
      'bald',
      'colour',
    ]);
    expect(['short', 'medium', 'long']).toContain(attributes.length.value);
    expect(attributes.bald.value).toBe('no');
    expect(attributes.ponytail.value).toBe('no');
  });

  it('finds no face on the coffee cup: an empty list, not an error', async () => {
    const res = await post(coffee);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ face_num: 0, faces: [] });
  });

  it('refuses a wrong max_face_num by its name', async () => {
    const res = await post(astronaut, { max_face_num: '11' });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_face_num must be an integer from 1 to 10',
    ]);
  });
});

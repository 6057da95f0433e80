import { APPAREL_COLOURS, APPAREL_MAX_PERSONS, APPAREL_NAMES, apperal } from '@pixora/catalog';
import {
  APPAREL_COLOUR_NAMES,
  APPAREL_DEFAULTS,
  BODYPOSE_MAX_PERSONS,
  CLOTHING_TYPES,
  PATTERNS,
  SLEEVES,
} from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupSamplePath } from '../../../../../packages/vision/test/fixtures.ts';
import { engineGateway, skimageJpeg } from '../../../test/helpers.ts';

describe('the apparel contract agrees with the engine', () => {
  it('has the engine’s people limit, colour names and attribute values, each with a display name', () => {
    expect(APPAREL_MAX_PERSONS).toBe(BODYPOSE_MAX_PERSONS);
    expect(apperal.api.parameters.parse({})).toEqual({ max_person_num: APPAREL_DEFAULTS.maxPersonNum });
    expect([...APPAREL_COLOURS]).toEqual([...APPAREL_COLOUR_NAMES]);
    const attributes = apperal.api.answer.shape.persons.element.shape.attributes.shape;
    expect(attributes.sleeve.shape.value.options).toEqual([...SLEEVES]);
    expect(attributes.pattern.shape.value.options).toEqual([...PATTERNS]);
    expect(attributes.clothing_type.shape.value.options).toEqual([...CLOTHING_TYPES]);
    for (const value of [...APPAREL_COLOURS, ...SLEEVES, ...PATTERNS, ...CLOTHING_TYPES])
      expect(APPAREL_NAMES, value).toHaveProperty(value);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/apperal through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await skimageJpeg('astronaut');
    coffee = await skimageJpeg('coffee');
  });
  afterAll(() => gateway?.close());

  const extraOf = async (image: Buffer, parameter: Record<string, unknown> = {}) => {
    const res = await gateway.post('v1/apperal', image, parameter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().media_info_list[0].media_extra;
  };

  it('sees the four women of face-api sample 6 left to right: bare arms but one long sleeve', async () => {
    const extra = await extraOf(await sharp(groupSamplePath(6)).jpeg().toBuffer());
    expect(extra.person_num).toBe(4);
    const lefts = extra.persons.map((p: { person_rectangle: { left: number } }) => p.person_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(
      extra.persons.map((p: { attributes: { sleeve: { value: string } } }) => p.attributes.sleeve.value),
    ).toEqual(['sleeveless', 'long', 'sleeveless', 'sleeveless']);
    // The first wears green, the second burgundy (a dark red).
    expect(extra.persons[0].attributes.upper_color.value).toBe('green');
    expect(extra.persons[1].attributes.upper_color.value).toBe('red');
  });

  it('answers the astronaut’s long sleeves, and no lower garment where the photo ends at her waist', async () => {
    const extra = await extraOf(astronaut, { max_person_num: '1' });
    expect([extra.image_width, extra.image_height, extra.person_num]).toEqual([512, 512, 1]);
    const { attributes } = extra.persons[0];
    expect(Object.keys(attributes)).toEqual([
      'upper_color',
      'lower_color',
      'sleeve',
      'pattern',
      'clothing_type',
    ]);
    expect(attributes.sleeve.value).toBe('long');
    expect(attributes.lower_color).toEqual({ value: 'not_visible' });
    expect(['orange', 'red']).toContain(attributes.upper_color.value);
  });

  it('finds nobody on the coffee cup: an empty list, not an error', async () => {
    expect(await extraOf(coffee)).toMatchObject({ person_num: 0, persons: [] });
  });

  it('refuses a wrong max_person_num by its name', async () => {
    const res = await gateway.post('v1/apperal', astronaut, { max_person_num: '7' });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_person_num must be an integer from 1 to 6',
    ]);
  });
});

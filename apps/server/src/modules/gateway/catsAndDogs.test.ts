import { catsAndDogs, PET_NAMES } from '@pixora/catalog';
import { PET_LABELS, PETS_DEFAULTS, PETS_MAX } from '@pixora/vision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimageJpeg } from '../../../test/helpers.ts';

describe('the cats and dogs contract agrees with the engine', () => {
  it('has the engine’s defaults, limits and labels', () => {
    expect(catsAndDogs.api.parameters.parse({})).toEqual({
      max_animal_num: PETS_DEFAULTS.maxAnimalNum,
      min_score: PETS_DEFAULTS.minScore,
    });
    expect(catsAndDogs.api.parameters.safeParse({ max_animal_num: PETS_MAX + 1 }).success).toBe(false);
    expect(Object.keys(PET_NAMES)).toEqual([...PET_LABELS]);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/animal through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let cat: Buffer;
  let astronaut: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    cat = await skimageJpeg('chelsea');
    astronaut = await skimageJpeg('astronaut');
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/animal', image, parameter);

  it('finds the cat in chelsea, labelled cat, in an answer its contract parses', async () => {
    const res = await post(cat);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(catsAndDogs.api.answer.safeParse(extra).success).toBe(true);
    expect([extra.image_width, extra.image_height, extra.animal_num]).toEqual([451, 300, 1]);
    expect(extra.animals[0].label).toBe('cat');
    expect(extra.animals[0].animal_rectangle.width).toBeGreaterThan(300);
  });

  it('finds no pet on the astronaut: an empty list, not an error', async () => {
    const res = await post(astronaut);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ animal_num: 0, animals: [] });
  });

  it('drops the cat above a min_score sent as text, and refuses a wrong parameter by its name', async () => {
    const high = await post(cat, { min_score: '0.99' });
    expect(high.json().media_info_list[0].media_extra.animal_num).toBe(0);
    const res = await post(cat, { max_animal_num: 0 });
    expect([res.statusCode, res.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_animal_num must be an integer from 1 to 50',
    ]);
  });
});

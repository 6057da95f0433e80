import {
  OIL_AREAS,
  SKIN_SEVERITIES,
  SKIN_SHAPE_LABELS,
  SKIN_TONE_CATEGORIES,
  SKIN_TYPES,
} from '@pixora/catalog';
import {
  SKIN_OIL_AREAS,
  SKIN_SEVERITY_LEVELS,
  SKIN_SHAPES,
  SKIN_TYPE_VALUES,
  TONE_CATEGORIES,
} from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v2/skin (skin analysis) through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    const jpeg = async (name: 'astronaut' | 'coffee') =>
      sharp(await skimagePhoto(name))
        .jpeg({ quality: 92 })
        .toBuffer();
    [astronaut, coffee] = await Promise.all([jpeg('astronaut'), jpeg('coffee')]);
  });
  afterAll(() => gateway?.close());

  it('the astronaut: one face, light skin, every attribute, the cheeks the tone was measured on', async () => {
    const res = await gateway.post('v2/skin', astronaut);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra).toMatchObject({ image_width: 512, image_height: 512, face_num: 1 });
    const face = extra.faces[0];
    const r = face.face_rectangle;
    // Her nose tip is at about (222, 130).
    expect(r.left < 222 && r.left + r.width > 222 && r.top < 130 && r.top + r.height > 130).toBe(true);
    expect(Object.keys(face.attributes)).toEqual([
      'skin_tone',
      'skin_tone_category',
      'ita',
      'pores',
      'blackheads',
      'acne',
      'moles',
      'wrinkles',
      'forehead_wrinkles',
      'crows_feet',
      'nasolabial_folds',
      'dark_circles',
      'skin_type',
      'oil_area',
      'rosacea',
      'skin_age',
    ]);
    expect(face.attributes.skin_tone.value).toBeLessThanOrEqual(10);
    expect(['very_light', 'light']).toContain(face.attributes.skin_tone_category.value);
    const cheeks = (face.shapes as Array<{ label: string; polygon?: number[][] }>).filter(
      (s) => s.label === 'skin_tone',
    );
    expect(cheeks).toHaveLength(2);
    for (const c of cheeks)
      for (const [x, y] of c.polygon!) {
        expect(x).toBeGreaterThan(r.left - 1);
        expect(x).toBeLessThan(r.left + r.width + 1);
        expect(y).toBeGreaterThan(r.top - 1);
        expect(y).toBeLessThan(r.top + r.height + 1);
      }
  });

  it("the contract's value sets are the engine's", () => {
    expect(Object.keys(SKIN_SEVERITIES)).toEqual([...SKIN_SEVERITY_LEVELS]);
    expect(Object.keys(SKIN_TONE_CATEGORIES)).toEqual([...TONE_CATEGORIES]);
    expect(Object.keys(SKIN_TYPES)).toEqual([...SKIN_TYPE_VALUES]);
    expect(['none', ...Object.keys(OIL_AREAS)]).toEqual([...SKIN_OIL_AREAS]);
    expect(Object.keys(SKIN_SHAPE_LABELS)).toEqual([...SKIN_SHAPES]);
  });

  it('answers 20003 (no face) on the coffee photo', async () => {
    const res = await gateway.post('v2/skin', coffee);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 20003, ErrorMsg: 'No face detected' });
  });

  it('refuses max_face_num 0 before any engine work, naming the parameter', async () => {
    const res = await gateway.post('v2/skin', astronaut, { max_face_num: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 10000 });
    expect(res.json().ErrorMsg).toContain('max_face_num');
  });
});

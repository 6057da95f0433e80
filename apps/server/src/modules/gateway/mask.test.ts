import { accessoriesRecognition, mask, ORNAMENT_NAMES } from '@pixora/catalog';
import {
  FACEMASK_DEFAULTS,
  FACEMASK_MAX_FACES,
  ORNAMENT_LABELS,
  ORNAMENTS_DEFAULTS,
  ORNAMENTS_MAX,
} from '@pixora/vision';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');
const sample = (file: string) => fs.readFileSync(path.join(samples, file));

describe('the mask and Ornaments contracts agree with the engine', () => {
  it('have the engine’s defaults, limits and labels', () => {
    expect(mask.api.parameters.parse({})).toEqual({ max_face_num: FACEMASK_DEFAULTS.maxFaceNum });
    expect(mask.api.parameters.safeParse({ max_face_num: FACEMASK_MAX_FACES + 1 }).success).toBe(false);
    expect(accessoriesRecognition.api.parameters.parse({})).toEqual({
      max_ornament_num: ORNAMENTS_DEFAULTS.maxOrnamentNum,
      min_score: ORNAMENTS_DEFAULTS.minScore,
    });
    const max = accessoriesRecognition.api.parameters.safeParse({ max_ornament_num: ORNAMENTS_MAX + 1 });
    expect(max.success).toBe(false);
    expect(Object.keys(ORNAMENT_NAMES)).toEqual([...ORNAMENT_LABELS]);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/mask and v1/Ornaments through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  it('v1/mask: the masked astronaut wears one, in an answer its contract parses', async () => {
    const res = await gateway.post('v1/mask', sample('masked-astronaut.jpg'));
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(mask.api.answer.safeParse(extra).success).toBe(true);
    expect(extra.face_num).toBe(1);
    expect(extra.faces[0].attributes.mask.value).toBe(1);
  });

  it('v1/mask: the bare astronaut wears none', async () => {
    const res = await gateway.post('v1/mask', sample('astronaut.jpg'), { max_face_num: '3' });
    expect(res.json().media_info_list[0].media_extra.faces[0].attributes.mask.value).toBe(0);
  });

  it('v1/mask: no face answers 20003, a wrong parameter 10000 by its name', async () => {
    const none = await gateway.post('v1/mask', coffee);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    const bad = await gateway.post('v1/mask', coffee, { max_face_num: 0 });
    expect([bad.statusCode, bad.json().ErrorMsg]).toEqual([
      400,
      'Wrong parameter: parameter.max_face_num must be an integer from 1 to 20',
    ]);
  });

  it('v1/Ornaments: the glasses of the man in glasses; nothing on the coffee cup, not an error', async () => {
    const res = await gateway.post('v1/Ornaments', sample('glasses-man.jpg'));
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(accessoriesRecognition.api.answer.safeParse(extra).success).toBe(true);
    expect(extra.ornaments.map((o: { label: string }) => o.label)).toEqual(['glasses']);
    const cup = await gateway.post('v1/Ornaments', coffee);
    expect(cup.statusCode).toBe(200);
    expect(cup.json().media_info_list[0].media_extra).toMatchObject({ ornament_num: 0, ornaments: [] });
  });

  it('v1/Ornaments refuses a wrong parameter by its name', async () => {
    const res = await gateway.post('v1/Ornaments', coffee, { min_score: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMsg).toMatch(/^Wrong parameter: parameter\.min_score /);
  });
});

/** v1/beard and v1/EmojMaterialH5: drawing on the faces of a photo (one gateway for both). */
import {
  BEARD,
  BEARD_COLOUR_NAMES,
  BEARD_STYLE_NAMES,
  beard,
  demoControls,
  emojMaterial,
  MAX_STICKERS,
  STICKER_DEFAULT,
  STICKER_NAMES,
} from '@pixora/catalog';
import {
  BEARD_COLOURS,
  BEARD_DEFAULTS,
  BEARD_STYLES,
  MAX_MATERIALS,
  STICKER_DEFAULTS,
  STICKER_MATERIALS,
} from '@pixora/vision';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
const astronaut = fs.readFileSync(path.join(web, 'samples/astronaut.jpg'));

describe('the v1/beard contract agrees with the engine', () => {
  it('has the engine’s defaults, styles and colours, named in three languages', () => {
    expect(beard.api.parameters.parse({})).toEqual({ ...BEARD, max_face_num: 20, rsp_media_type: 'jpg' });
    expect(BEARD).toEqual({
      style: BEARD_DEFAULTS.style,
      color: BEARD_DEFAULTS.color,
      strength: BEARD_DEFAULTS.strength,
      density: BEARD_DEFAULTS.density,
    });
    expect(Object.keys(BEARD_STYLE_NAMES)).toEqual([...BEARD_STYLES]);
    expect(Object.keys(BEARD_COLOUR_NAMES)).toEqual(Object.keys(BEARD_COLOURS));
    const style = demoControls(beard.api).find((c) => c.name === 'style')!;
    expect(style.optionNames?.goatee).toEqual({ zh: '山羊胡', zh_tw: '山羊鬍', en: 'Goatee' });
  });
});

describe('the v1/EmojMaterialH5 contract agrees with the engine', () => {
  it('has the engine’s materials, default and limit, each named in three languages with a preview the web serves', () => {
    expect(Object.keys(STICKER_NAMES)).toEqual([...STICKER_MATERIALS]);
    expect(STICKER_DEFAULT).toBe(STICKER_DEFAULTS.material);
    expect(MAX_STICKERS).toBe(MAX_MATERIALS);
    expect(emojMaterial.api.parameters.parse({})).toEqual({
      material: STICKER_DEFAULT,
      max_face_num: 20,
      rsp_media_type: 'jpg',
    });
    const control = demoControls(emojMaterial.api).find((c) => c.name === 'material')!;
    expect(control.optionNames?.bunny_ears).toEqual({ zh: '兔耳朵', zh_tw: '兔耳朵', en: 'Bunny ears' });
    for (const name of STICKER_MATERIALS) {
      const preview = control.optionPreviews![name]!;
      expect(fs.existsSync(path.join(web, preview)), preview).toBe(true);
    }
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/beard and v1/EmojMaterialH5 through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  it('v1/beard draws the style asked for, darker below her mouth, and names what it drew', async () => {
    const res = await gateway.post('v1/beard', astronaut, {
      style: 'Goatee',
      color_hex: '#202020',
      density: '70',
    });
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    const extra = media.media_extra;
    expect(extra).toMatchObject({
      face_num: 1,
      beard: { style: 'goatee', color: '#202020', strength: 85, density: 70 },
    });
    const image = Buffer.from(media.media_data, 'base64');
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    // The chin: the middle of the face box's bottom tenth is much darker; the forehead is not.
    const face = extra.faces[0].face_rectangle;
    const [after, before] = (await Promise.all(
      [image, astronaut].map((b) => sharp(b).greyscale().raw().toBuffer()),
    )) as [Buffer, Buffer];
    const mean = (px: Buffer, fy: number) => {
      const x0 = Math.round(face.left + 0.4 * face.width);
      const y = Math.round(face.top + fy * face.height);
      let sum = 0;
      for (let x = x0; x < x0 + Math.round(0.2 * face.width); x++) sum += px[y * 512 + x]!;
      return sum / Math.round(0.2 * face.width);
    };
    expect(mean(before, 0.95) - mean(after, 0.95)).toBeGreaterThan(40);
    expect(Math.abs(mean(before, 0.2) - mean(after, 0.2))).toBeLessThan(3);
  });

  it('v1/beard: no face answers 20003; wrong parameters 10000 by their names', async () => {
    const none = await gateway.post('v1/beard', coffee);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ style: 'mullet' }, `parameter.style must be one of ${BEARD_STYLES.join(', ')}`],
      [{ color: 'green' }, 'parameter.color must be one of black, brown, grey, blond'],
      [{ color_hex: 'green' }, 'parameter.color_hex must be a colour #rrggbb'],
      [{ density: 101 }, 'parameter.density must be a number from 0 to 100'],
    ];
    for (const [parameter, message] of cases) {
      const bad = await gateway.post('v1/beard', astronaut, parameter);
      expect([bad.statusCode, bad.json().ErrorMsg]).toEqual([400, `Wrong parameter: ${message}`]);
    }
  });
  it('v1/EmojMaterialH5 draws the stickers asked for: a red clown nose in the middle of her face, nothing in the sky', async () => {
    const res = await gateway.post('v1/EmojMaterialH5', astronaut, { materials: 'Clown_Nose, crown' });
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({ face_num: 1, materials: ['clown_nose', 'crown'] });
    const image = Buffer.from(media.media_data, 'base64');
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const face = media.media_extra.faces[0].face_rectangle;
    const at = (x: number, y: number) => 3 * (Math.round(y) * info.width + Math.round(x));
    // The face box's centre, a little low: the nose tip.
    const nose = at(face.left + face.width / 2, face.top + 0.62 * face.height);
    expect(data[nose]! - data[nose + 1]!).toBeGreaterThan(100);
    const before = await sharp(astronaut).raw().toBuffer();
    const sky = at(500, 10);
    expect(Math.abs(data[sky]! - before[sky]!)).toBeLessThan(8);
  });

  it('v1/EmojMaterialH5: no face answers 20003; wrong parameters 10000 by their names', async () => {
    const none = await gateway.post('v1/EmojMaterialH5', coffee);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    const source = 'an enabled option of /api/v1/materials?type=sticker';
    const list = `must list 1 to ${MAX_STICKERS} of ${STICKER_MATERIALS.join(', ')} or ${source}, separated by commas`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { material: 'tiara' },
        `parameter.material must be one of ${STICKER_MATERIALS.join(', ')} or ${source}`,
      ],
      [{ materials: 'crown,tiara' }, `parameter.materials ${list}`],
      [{ materials: 'crown,glasses,blush,moustache,clown_nose' }, `parameter.materials ${list}`],
    ];
    for (const [parameter, message] of cases) {
      const bad = await gateway.post('v1/EmojMaterialH5', astronaut, parameter);
      expect([bad.statusCode, bad.json().ErrorMsg]).toEqual([400, `Wrong parameter: ${message}`]);
    }
  });
});

import { BEAUTIFY, beautify, demoControls, makeup, MAKEUP_LOOKS, SHAPE, shapeTuning } from '@pixora/catalog';
import { BEAUTIFY_DEFAULTS, MAKEUP_LOOK_NAMES, SHAPE_DEFAULTS } from '@pixora/vision';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');
const sample = (file: string) => fs.readFileSync(path.join(samples, file));

describe('the beautify, shape tuning and makeup contracts agree with the engine', () => {
  it('have the engine’s defaults and looks', () => {
    expect(beautify.api.parameters.parse({})).toEqual({
      ...BEAUTIFY,
      max_face_num: 20,
      rsp_media_type: 'jpg',
    });
    expect(BEAUTIFY).toEqual({
      smooth: BEAUTIFY_DEFAULTS.smooth,
      whiten: BEAUTIFY_DEFAULTS.whiten,
      blemish: BEAUTIFY_DEFAULTS.blemish,
      eye_bright: BEAUTIFY_DEFAULTS.eyeBright,
    });
    expect(SHAPE).toEqual({
      face_slim: SHAPE_DEFAULTS.faceSlim,
      chin: SHAPE_DEFAULTS.chin,
      eye_enlarge: SHAPE_DEFAULTS.eyeEnlarge,
      nose_narrow: SHAPE_DEFAULTS.noseNarrow,
      forehead: SHAPE_DEFAULTS.forehead,
    });
    expect(shapeTuning.api.parameters.parse({ chin: '-20' })).toMatchObject({ ...SHAPE, chin: -20 });
    expect(makeup.api.parameters.parse({}).look).toBe('natural');
    expect(Object.keys(MAKEUP_LOOKS)).toEqual(MAKEUP_LOOK_NAMES);
    expect(MAKEUP_LOOK_NAMES.length).toBeGreaterThanOrEqual(8);
  });

  it('name the looks in three languages for the demo', () => {
    const look = demoControls(makeup.api).find((c) => c.name === 'look')!;
    expect(look.options).toEqual(MAKEUP_LOOK_NAMES);
    expect(look.optionNames?.classic_red).toEqual({ zh: '经典红唇', zh_tw: '經典紅唇', en: 'Classic red' });
    expect(Object.keys(look.optionNames ?? {})).toEqual(MAKEUP_LOOK_NAMES);
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/beauty, v1/beauty_shape and v3/makeup through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;
  const astronaut = sample('astronaut.jpg');

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  /** Mean absolute grey change per 32 px block at (left, top) between two JPEGs of one size. */
  async function blockChange(a: Buffer, b: Buffer, left: number, top: number) {
    const [ga, gb] = await Promise.all([a, b].map((x) => sharp(x).greyscale().raw().toBuffer()));
    const { width } = await sharp(a).metadata();
    let sum = 0;
    for (let y = top; y < top + 32; y++)
      for (let x = left; x < left + 32; x++) sum += Math.abs(ga![y * width! + x]! - gb![y * width! + x]!);
    return sum / 1024;
  }

  const answerOf = async (endpoint: string, parameter: Record<string, unknown>) => {
    const res = await gateway.post(endpoint, astronaut, parameter);
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_profiles.media_data_type).toBe('jpg');
    return { extra: media.media_extra, image: Buffer.from(media.media_data, 'base64') };
  };

  it('v1/beauty: a JPEG of the same size, her cheek changed and the sky behind her not', async () => {
    const { extra, image } = await answerOf('v1/beauty', { smooth: '80', eye_bright: 50 });
    expect(extra).toMatchObject({
      face_num: 1,
      beauty: { smooth: 80, whiten: 30, blemish: 50, eye_bright: 50 },
    });
    const input = await sharp(astronaut).metadata();
    expect([extra.image_width, extra.image_height]).toEqual([input.width, input.height]);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', input.width, input.height]);
    const face = extra.faces[0].face_rectangle;
    const cheek = await blockChange(
      astronaut,
      image,
      Math.round(face.left + 0.1 * face.width),
      Math.round(face.top + 0.5 * face.height),
    );
    expect(cheek).toBeGreaterThan(2);
    // The top right corner: sky. Re-encoding alone changes it a little.
    expect(await blockChange(astronaut, image, input.width! - 40, 8)).toBeLessThan(1.5);
  });

  it('v1/beauty_shape: negative chin and forehead are read, the answer names them', async () => {
    const { extra } = await answerOf('v1/beauty_shape', { chin: -40, forehead: '25', nose_narrow: 0 });
    expect(extra).toMatchObject({
      face_num: 1,
      shape: { face_slim: 30, chin: -40, eye_enlarge: 20, nose_narrow: 0, forehead: 25 },
    });
  });

  it('v3/makeup: a look with one part replaced; the lips take the lipstick', async () => {
    const { extra, image } = await answerOf('v3/makeup', { look: 'Rose', lipstick_color: '2040D0' });
    expect(extra.makeup.look).toBe('rose');
    expect(extra.makeup.lipstick).toEqual({ color: '#2040d0', strength: 60 });
    // The lips: a little below the middle of the face box, where blue is now strong.
    const face = extra.faces[0].face_rectangle;
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const before = await sharp(astronaut).raw().toBuffer();
    const blueness = (px: Buffer, x: number, y: number) =>
      px[3 * (y * info.width + x) + 2]! - px[3 * (y * info.width + x)]!;
    const mouth = { x: Math.round(face.left + face.width / 2), y: Math.round(face.top + 0.85 * face.height) };
    let gained = 0;
    for (let y = mouth.y - 10; y <= mouth.y + 10; y++)
      gained = Math.max(gained, blueness(data, mouth.x, y) - blueness(before, mouth.x, y));
    expect(gained).toBeGreaterThan(40);
  });

  it('no face answers 20003; wrong parameters 10000 by their names', async () => {
    for (const endpoint of ['v1/beauty', 'v1/beauty_shape', 'v3/makeup']) {
      const none = await gateway.post(endpoint, coffee);
      expect([endpoint, none.statusCode, none.json().ErrorCode]).toEqual([endpoint, 400, 20003]);
    }
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['v1/beauty', { blemish: 101 }, 'parameter.blemish must be a number from 0 to 100'],
      ['v1/beauty_shape', { chin: -101 }, 'parameter.chin must be a number from -100 to 100'],
      [
        'v3/makeup',
        { look: 'clown' },
        `parameter.look must be one of ${MAKEUP_LOOK_NAMES.join(', ')} or an enabled option of /api/v1/materials?type=makeup_look`,
      ],
      ['v3/makeup', { blush_color: 'pink' }, 'parameter.blush_color must be a colour #rrggbb'],
    ];
    for (const [endpoint, parameter, message] of cases) {
      const bad = await gateway.post(endpoint, astronaut, parameter);
      expect([bad.statusCode, bad.json().ErrorMsg]).toEqual([400, `Wrong parameter: ${message}`]);
    }
  });
});

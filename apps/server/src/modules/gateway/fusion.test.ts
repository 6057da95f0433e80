/** v3/facefuse (and the other fusions) through the gateway on the real engine. */
import {
  CHILD_GENDER_NAMES,
  demoControls,
  FACEFUSE,
  FACEFUSECHILD,
  facefusechild,
  facefusion,
  FUSION_TEMPLATE_NAMES,
  HEADREPLACE,
  headReplace,
} from '@pixora/catalog';
import {
  CHILD_DEFAULTS,
  CHILD_GENDERS,
  FACEFUSE_DEFAULTS,
  FUSION_TEMPLATES,
  HEADREPLACE_DEFAULTS,
} from '@pixora/vision';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
const sample = (name: string) => fs.readFileSync(path.join(web, 'samples', name));
const astronaut = sample('astronaut.jpg');
const glassesMan = sample('glasses-man.jpg');

describe('the v3/facefuse contract agrees with the engine', () => {
  it('has the engine’s templates and defaults, each template named in three languages with a picture the web serves', () => {
    expect(Object.keys(FUSION_TEMPLATE_NAMES)).toEqual([...FUSION_TEMPLATES]);
    expect(FACEFUSE).toEqual({
      template: FACEFUSE_DEFAULTS.template,
      merge_rate: FACEFUSE_DEFAULTS.mergeRate,
    });
    expect(facefusion.api.parameters.parse({})).toEqual({ ...FACEFUSE, rsp_media_type: 'jpg' });
    expect(facefusion.api.maxImages).toBe(2);
    const control = demoControls(facefusion.api).find((c) => c.name === 'template')!;
    expect(control.optionNames?.window).toEqual({ zh: '窗边', zh_tw: '窗邊', en: 'By the window' });
    for (const name of FUSION_TEMPLATES) {
      const preview = control.optionPreviews![name]!;
      expect(fs.existsSync(path.join(web, preview)), preview).toBe(true);
    }
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('the v1/facefusechild contract agrees with the engine', () => {
  it('has the engine’s genders and defaults, and takes two photos', () => {
    expect(Object.keys(CHILD_GENDER_NAMES)).toEqual([...CHILD_GENDERS]);
    expect(FACEFUSECHILD).toEqual(CHILD_DEFAULTS);
    expect(facefusechild.api.parameters.parse({})).toEqual({ ...FACEFUSECHILD, rsp_media_type: 'jpg' });
    expect([facefusechild.api.images, facefusechild.api.maxImages]).toEqual([2, 2]);
  });
  it('v2/headreplace has the engine’s default template', () => {
    expect(HEADREPLACE).toEqual({ template: HEADREPLACE_DEFAULTS.template });
    expect(headReplace.api.parameters.parse({})).toEqual({ ...HEADREPLACE, rsp_media_type: 'jpg' });
  });
});

describe('v3/facefuse and v1/facefusechild through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;
  const twoImages = (
    first: Buffer,
    second: Buffer,
    parameter: Record<string, unknown> = {},
    endpoint = 'v3/facefuse',
  ) =>
    gateway.app.inject({
      method: 'POST',
      url: `/${endpoint}?${DEMO_KEY}`,
      payload: {
        parameter,
        extra: {},
        media_info_list: [first, second].map((b) => ({
          media_data: b.toString('base64'),
          media_profiles: { media_data_type: 'jpg' },
        })),
      },
    });

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(() => gateway?.close());

  it('fuses her face into the template asked for, answering the template’s size and both faces', async () => {
    const res = await gateway.post('v3/facefuse', astronaut, { template: 'Party', merge_rate: '100' });
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({
      image_width: 560,
      image_height: 720,
      face_num: 1,
      template_face_num: 1,
      template: 'party',
      merge_rate: 100,
    });
    const meta = await sharp(Buffer.from(media.media_data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 560, 720]);
  });

  it('takes a second image as the template: the man in glasses, at his photo’s size', async () => {
    const res = await twoImages(astronaut, glassesMan);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({
      image_width: 387,
      image_height: 580,
      template: 'image',
      merge_rate: 80,
    });
  });

  it('no face in the user’s photo answers 20003, none in the sent template 220003; wrong parameters 10000 by name', async () => {
    const none = await gateway.post('v3/facefuse', coffee);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    const noTemplateFace = await twoImages(astronaut, coffee);
    expect([noTemplateFace.statusCode, noTemplateFace.json().ErrorCode]).toEqual([400, 220003]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { template: 'moon' },
        `parameter.template must be one of ${FUSION_TEMPLATES.join(', ')} or an enabled option of /api/v1/materials?type=fusion_template`,
      ],
      [{ merge_rate: 101 }, 'parameter.merge_rate must be a number from 0 to 100'],
    ];
    for (const [parameter, message] of cases) {
      const bad = await gateway.post('v3/facefuse', astronaut, parameter);
      expect([bad.statusCode, bad.json().ErrorMsg]).toEqual([400, `Wrong parameter: ${message}`]);
    }
  });

  it('v1/facefusechild draws the child on the photo with the larger share', async () => {
    const res = await twoImages(glassesMan, astronaut, { gender: 'Girl', weight: '40' }, 'v1/facefusechild');
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({
      image_width: 512,
      image_height: 512,
      face_num: 1,
      second_face_num: 1,
      gender: 'girl',
      weight: 40,
      base: 'second',
    });
  });

  it('v1/facefusechild: no face in the first photo answers 20003, in the second 20010; one photo 10000', async () => {
    const first = await twoImages(coffee, astronaut, {}, 'v1/facefusechild');
    expect([first.statusCode, first.json().ErrorCode]).toEqual([400, 20003]);
    const second = await twoImages(astronaut, coffee, {}, 'v1/facefusechild');
    expect([second.statusCode, second.json().ErrorCode]).toEqual([400, 20010]);
    const one = await gateway.post('v1/facefusechild', astronaut);
    expect([one.statusCode, one.json().ErrorCode]).toEqual([400, 10000]);
  });

  it('v2/headreplace puts her head on the template; no face answers 20003, none in a sent template 220003', async () => {
    const res = await gateway.post('v2/headreplace', astronaut, { template: 'glasses_man' });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({
      image_width: 387,
      image_height: 580,
      face_num: 1,
      template_face_num: 1,
      template: 'glasses_man',
    });
    const none = await gateway.post('v2/headreplace', coffee);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    const noTemplateFace = await twoImages(astronaut, coffee, {}, 'v2/headreplace');
    expect([noTemplateFace.statusCode, noTemplateFace.json().ErrorCode]).toEqual([400, 220003]);
  });
});

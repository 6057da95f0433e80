import { ART_STYLE, ART_STYLES, CARTOON_STYLE, CARTOON_STYLES, LINE_ART } from '@pixora/catalog';
import {
  ART_STYLE_DEFAULTS,
  CARTOON_DEFAULTS,
  ENGINE_ART_STYLES,
  ENGINE_CARTOON_STYLES,
  LINE_ART_DEFAULTS,
} from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

/** Grey levels of a JPEG, the share of near-white pixels and the mean HSV saturation. */
async function looks(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  let saturation = 0;
  const n = info.width * info.height;
  for (let i = 0; i < n; i++) {
    const [r, g, b] = [data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!];
    const max = Math.max(r, g, b);
    if (Math.min(r, g, b) > 200) white++;
    saturation += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  return { width: info.width, height: info.height, white: white / n, saturation: saturation / n };
}

describe('the style contracts and the engine', () => {
  it('offer the same styles and the same defaults', () => {
    expect([...CARTOON_STYLES]).toEqual([...ENGINE_CARTOON_STYLES]);
    expect([...ART_STYLES]).toEqual([...ENGINE_ART_STYLES]);
    expect(CARTOON_STYLE).toBe(CARTOON_DEFAULTS.style);
    expect(LINE_ART).toEqual({ line_weight: LINE_ART_DEFAULTS.lineWeight, detail: LINE_ART_DEFAULTS.detail });
    expect(ART_STYLE).toEqual({ style: ART_STYLE_DEFAULTS.style, strength: ART_STYLE_DEFAULTS.strength });
  });
});

// Answers are checked against their contracts before they are sent (CHECK_ANSWERS in tests).
describe('v1/AICartoonStyle1, v1/AICartoonStyle2 and v1/mtstyle through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg({ quality: 90 })
      .toBuffer();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg({ quality: 90 })
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const image = (res: { json: () => { media_info_list: Array<{ media_data: string }> } }) =>
    Buffer.from(res.json().media_info_list[0]!.media_data, 'base64');

  it('v1/AICartoonStyle1 draws the astronaut as a comic with her face from the mesh; the cup without a face', async () => {
    const res = await gateway.post('v1/AICartoonStyle1', astronaut, { style: 'comic' });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toEqual({
      image_width: 512,
      image_height: 512,
      style: 'comic',
      face_num: 1,
    });
    const out = await looks(image(res));
    expect([out.width, out.height]).toEqual([512, 512]);
    const cup = await gateway.post('v1/AICartoonStyle1', coffee);
    expect(cup.statusCode).toBe(200);
    expect(cup.json().media_info_list[0].media_extra).toMatchObject({ style: 'anime', face_num: 0 });
  });

  it('v1/AICartoonStyle2 answers a drawing on white with the line weight asked for', async () => {
    const res = await gateway.post('v1/AICartoonStyle2', astronaut, { line_weight: '4', detail: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toEqual({
      image_width: 512,
      image_height: 512,
      line_weight: 4,
      detail: 30,
      face_num: 1,
    });
    const out = await looks(image(res));
    expect(out.white).toBeGreaterThan(0.7);
    expect(out.saturation).toBeLessThan(0.02);
  });

  it('v1/mtstyle renders a grey pencil sketch and a vivid pop-art print of the cup', async () => {
    const photo = await looks(coffee);
    const pencil = await gateway.post('v1/mtstyle', coffee, { style: 'pencil' });
    expect(pencil.statusCode).toBe(200);
    expect(pencil.json().media_info_list[0].media_extra).toEqual({
      image_width: 600,
      image_height: 400,
      style: 'pencil',
      strength: 100,
    });
    expect((await looks(image(pencil))).saturation).toBeLessThan(0.05);
    const pop = await gateway.post('v1/mtstyle', coffee, { style: 'pop_art', rsp_media_type: 'url' });
    expect(pop.json().media_info_list[0].media_profiles.media_data_type).toBe('url');
    const vivid = await gateway.post('v1/mtstyle', coffee, { style: 'pop_art' });
    expect((await looks(image(vivid))).saturation).toBeGreaterThan(photo.saturation);
  });

  it('refuse an unknown style, weight or strength by its parameter name', async () => {
    for (const [endpoint, parameter, name] of [
      ['v1/AICartoonStyle1', { style: 'manga' }, 'parameter.style'],
      ['v1/AICartoonStyle2', { line_weight: 9 }, 'parameter.line_weight'],
      ['v1/AICartoonStyle2', { detail: 'lots' }, 'parameter.detail'],
      ['v1/mtstyle', { style: 'cubism' }, 'parameter.style'],
      ['v1/mtstyle', { strength: 120 }, 'parameter.strength'],
    ] as const) {
      const res = await gateway.post(endpoint, astronaut, parameter);
      expect([res.statusCode, res.json().ErrorCode], JSON.stringify(parameter)).toEqual([400, 10000]);
      expect(JSON.stringify(res.json())).toContain(name);
    }
  });
});

import { FILTER, FILTER_LOOKS, HDR_STRENGTH, NIGHT } from '@pixora/catalog';
import { FILTER_DEFAULTS, HDR_DEFAULTS, LOOK_IDS, NIGHT_DEFAULTS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

/** Grey levels of a JPEG or PNG (0..255), their mean, and its size. */
async function meanLuma(image: Buffer) {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (const v of data) sum += v;
  return { grey: data, mean: sum / data.length, width: info.width, height: info.height };
}

/** Mean R - B of a photo (its warmth). */
async function warmth(image: Buffer) {
  const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += 3) sum += data[i]! - data[i + 2]!;
  return sum / (data.length / 3);
}

describe('the tone contracts and the engine', () => {
  it('offer the same looks and the same defaults', () => {
    expect([...FILTER_LOOKS]).toEqual(LOOK_IDS);
    expect(FILTER).toEqual({
      filterType: FILTER_DEFAULTS.filterType,
      filterAlpha: FILTER_DEFAULTS.filterAlpha,
      beautyAlpha: FILTER_DEFAULTS.beautyAlpha,
    });
    expect(HDR_STRENGTH).toBe(HDR_DEFAULTS.strength);
    expect(NIGHT).toEqual({ strength: NIGHT_DEFAULTS.strength, denoise: NIGHT_DEFAULTS.denoise });
  });
});

// Answers are checked against their contracts before they are sent (CHECK_ANSWERS in tests).
describe('v1/filter, v1/hdr and v1/night_denoise through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;
  let darkCoffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg({ quality: 90 })
      .toBuffer();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg({ quality: 90 })
      .toBuffer();
    // Under-exposed on purpose: a quarter of the light, gamma 1.8.
    darkCoffee = await sharp(await skimagePhoto('coffee'))
      .removeAlpha()
      .linear(1, 0)
      .gamma(1.8, 1)
      .linear(0.45, 0)
      .jpeg({ quality: 90 })
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const image = (res: { json: () => { media_info_list: Array<{ media_data: string }> } }) =>
    Buffer.from(res.json().media_info_list[0]!.media_data, 'base64');

  it('v1/filter warms the astronaut with the warm look, smooths her face with beautyAlpha', async () => {
    const res = await gateway.post('v1/filter', astronaut, { filterType: 'warm', filterAlpha: '100' });
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles.media_data_type).toBe('jpg');
    expect(item.media_extra).toEqual({
      image_width: 512,
      image_height: 512,
      filter_type: 'warm',
      filter_alpha: 100,
      beauty_alpha: 0,
      face_num: 0,
    });
    expect(await warmth(image(res))).toBeGreaterThan((await warmth(astronaut)) + 5);

    const beauty = await gateway.post('v1/filter', astronaut, { filterType: 'mono', beautyAlpha: 70 });
    expect(beauty.json().media_info_list[0].media_extra).toMatchObject({ filter_type: 'mono', face_num: 1 });
    const cup = await gateway.post('v1/filter', coffee, { beautyAlpha: 70 });
    expect(cup.statusCode).toBe(200);
    expect(cup.json().media_info_list[0].media_extra).toMatchObject({
      filter_type: 'film_warm',
      face_num: 0,
    });
  });

  it('v1/filter refuses an unknown look or strength by its parameter name', async () => {
    for (const [parameter, name] of [
      [{ filterType: 'sparkle' }, 'parameter.filterType'],
      [{ filterAlpha: 150 }, 'parameter.filterAlpha'],
      [{ beautyAlpha: 'lots' }, 'parameter.beautyAlpha'],
    ] as const) {
      const res = await gateway.post('v1/filter', astronaut, parameter);
      expect([res.statusCode, res.json().ErrorCode], JSON.stringify(parameter)).toEqual([400, 10000]);
      expect(JSON.stringify(res.json())).toContain(name);
    }
  });

  it('v1/hdr lifts the coffee photo’s shadows at the photo size', async () => {
    const res = await gateway.post('v1/hdr', coffee, { strength: 80 });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toEqual({
      image_width: 600,
      image_height: 400,
      strength: 80,
    });
    const [before, after] = await Promise.all([meanLuma(coffee), meanLuma(image(res))]);
    expect([after.width, after.height]).toEqual([600, 400]);
    // The shadows: the darkest fifth of the photo's pixels, before and after.
    const dark = Array.from(before.grey.keys())
      .sort((i, j) => before.grey[i]! - before.grey[j]!)
      .slice(0, before.grey.length / 5);
    const mean = (grey: Buffer) => dark.reduce((s, i) => s + grey[i]!, 0) / dark.length;
    expect(mean(after.grey)).toBeGreaterThan(mean(before.grey) + 8);
    const bad = await gateway.post('v1/hdr', coffee, { strength: -5 });
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 10000]);
  });

  it('v1/night_denoise brightens an under-exposed photo and says by how much', async () => {
    const res = await gateway.post('v1/night_denoise', darkCoffee);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra).toMatchObject({ image_width: 600, image_height: 400, strength: 80, denoise: 60 });
    expect(extra.gain).toBeGreaterThan(2);
    const [before, after] = await Promise.all([meanLuma(darkCoffee), meanLuma(image(res))]);
    expect(after.mean).toBeGreaterThan(before.mean * 1.8);
    const url = await gateway.post('v1/night_denoise', darkCoffee, { rsp_media_type: 'url', denoise: 0 });
    expect(url.json().media_info_list[0].media_profiles.media_data_type).toBe('url');
  });
});

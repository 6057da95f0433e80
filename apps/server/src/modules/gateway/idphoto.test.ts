import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';
import { groupSamplePath } from '../../../../../packages/vision/test/fixtures.ts';

/** Largest channel difference from `colour` over a size x size block at (x, y) of a JPEG. */
async function blockDistance(jpeg: Buffer, x0: number, y0: number, size: number, colour: number[]) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let worst = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      for (let c = 0; c < 3; c++)
        worst = Math.max(worst, Math.abs(data[3 * (y * info.width + x) + c]! - colour[c]!));
    }
  }
  return worst;
}

// Answers are checked against their contract before they are sent (CHECK_ANSWERS in tests).
describe('v1/certified through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg({ quality: 90 })
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const image = (res: { json: () => { media_info_list: Array<{ media_data: string }> } }) =>
    Buffer.from(res.json().media_info_list[0]!.media_data, 'base64');

  it('makes a blue 1-inch ID photo of the astronaut: 295 x 413, the head two thirds of the height', async () => {
    const res = await gateway.post('v1/certified', astronaut, { spec: '1inch', bg_color: 'blue' });
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles.media_data_type).toBe('jpg');
    expect(item.media_extra).toMatchObject({
      image_width: 512,
      image_height: 512,
      output_width: 295,
      output_height: 413,
      spec: '1inch',
      bg_color: '#438edb',
      head_height_ratio: 0.66,
      layout: 'none',
      copies: 1,
    });
    const photo = image(res);
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([295, 413, 300]);
    expect(await blockDistance(photo, 4, 4, 20, [0x43, 0x8e, 0xdb])).toBeLessThanOrEqual(6);
  });

  it('takes any hex colour and lays copies on a 5-inch sheet', async () => {
    const res = await gateway.post('v1/certified', astronaut, {
      spec: 'small_1inch',
      bg_color: 'C0FFEE',
      layout: '5inch',
    });
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra).toMatchObject({
      bg_color: '#c0ffee',
      layout: '5inch',
      output_width: 260,
      output_height: 378,
    });
    const sheet = await sharp(image(res)).metadata();
    expect([sheet.width, sheet.height]).toEqual([extra.sheet_width, extra.sheet_height]);
    expect(extra.copies).toBeGreaterThanOrEqual(6);
  });

  it('answers 20004 for two people, 20003 for a cat, 20022 for a profile, 20008 for a crown cut off', async () => {
    const two = await sharp(groupSamplePath(3))
      .extract({ left: 940, top: 60, width: 980, height: 800 })
      .jpeg()
      .toBuffer();
    const profile = await sharp(groupSamplePath(2))
      .extract({ left: 200, top: 0, width: 520, height: 640 })
      .jpeg()
      .toBuffer();
    const cut = await sharp(astronaut)
      .extract({ left: 0, top: 70, width: 512, height: 442 })
      .jpeg()
      .toBuffer();
    const cat = await skimagePhoto('chelsea');
    for (const [photo, code] of [
      [two, 20004],
      [cat, 20003],
      [profile, 20022],
      [cut, 20008],
    ] as const) {
      const res = await gateway.post('v1/certified', photo);
      expect([res.statusCode, res.json().ErrorCode]).toEqual([400, code]);
    }
  });

  it('answers 20008 when the photo has too few pixels for the size, 10000 for a custom size without its height', async () => {
    const small = await sharp(astronaut).resize(200).jpeg().toBuffer();
    const tooSmall = await gateway.post('v1/certified', small, { spec: '2inch' });
    expect([tooSmall.statusCode, tooSmall.json().ErrorCode]).toEqual([400, 20008]);
    expect(tooSmall.json().ErrorMsg).toMatch(/too small/);
    const custom = await gateway.post('v1/certified', astronaut, { spec: 'custom', width: 300 });
    expect([custom.statusCode, custom.json().ErrorCode]).toEqual([400, 10000]);
    const colour = await gateway.post('v1/certified', astronaut, { bg_color: 'green' });
    expect([colour.statusCode, colour.json().ErrorCode]).toEqual([400, 10000]);
  });
});

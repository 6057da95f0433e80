import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo's sample: a launch pad at dusk under a dark blue sky (scikit-image's rocket.jpg, public domain). */
const rocket = fs.readFileSync(path.join(here, '../../../../web/public/samples/rocket.jpg'));

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('test/skysegment through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('finds the sky over the launch pad: a full-size grey mask, sky at the top, not the rocket', async () => {
    const res = await gateway.post('test/skysegment', rocket);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles).toEqual({ media_data_type: 'png' });
    expect(Object.keys(item.media_extra)).toEqual([
      'image_width',
      'image_height',
      'mask',
      'foreground_ratio',
    ]);
    expect(item.media_extra.foreground_ratio).toBeGreaterThan(0.4);
    const { data, info } = await sharp(Buffer.from(item.media_extra.mask, 'base64'))
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([640, 427, 1]);
    // The middle of the top row is sky; the rocket's white body in the middle is not.
    expect(data[320]).toBeGreaterThanOrEqual(128);
    expect(data[250 * 640 + 320]).toBeLessThan(128);
  });

  it('answers an empty mask, not an error, for the coffee cup (no sky)', async () => {
    const res = await gateway.post('test/skysegment', coffee);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra.foreground_ratio).toBe(0);
  });
});

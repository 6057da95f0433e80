import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway } from '../../../test/helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const samples = path.join(here, '../../../../web/public/samples');
/** The demo's samples: a cobbled street under an overcast sky (opencv-doc's leuvenA.jpg) and the astronaut. */
const street = fs.readFileSync(path.join(samples, 'street.jpg'));
const astronaut = fs.readFileSync(path.join(samples, 'astronaut.jpg'));

/** A 16-bit grey PNG (base64) as its values, and a value at a point given in percent. */
async function grey16(base64: string) {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .extractChannel(0)
    .toColourspace('grey16')
    .raw({ depth: 'ushort' })
    .toBuffer({ resolveWithObject: true });
  const values = new Uint16Array(data.buffer, data.byteOffset, data.length / 2);
  return {
    info,
    at: (px: number, py: number) =>
      values[Math.floor((py / 100) * info.height) * info.width + Math.floor((px / 100) * info.width)]!,
  };
}

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/MonoDepth through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;

  beforeAll(async () => {
    gateway = await engineGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('maps the street: a 16-bit map at full size, the sky at 0, the cobbles at the bottom nearest', async () => {
    const res = await gateway.post('v1/MonoDepth', street);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles).toEqual({ media_data_type: 'png' });
    expect(Object.keys(item.media_extra)).toEqual([
      'image_width',
      'image_height',
      'mask',
      'foreground_ratio',
    ]);
    const { width, height } = await sharp(street).metadata();
    const map = await grey16(item.media_extra.mask);
    expect([map.info.width, map.info.height, map.info.channels]).toEqual([width, height, 1]);
    expect((await sharp(Buffer.from(item.media_extra.mask, 'base64')).metadata()).depth).toBe('ushort');
    expect(map.at(50, 8)).toBe(0);
    expect(map.at(50, 95)).toBeGreaterThan(map.at(47, 45));
    expect(item.media_extra.foreground_ratio).toBeGreaterThan(0.6);
    expect(item.media_extra.foreground_ratio).toBeLessThan(0.95);
    const painted = await sharp(Buffer.from(item.media_data, 'base64')).metadata();
    expect([painted.format, painted.width, painted.height, painted.channels]).toEqual([
      'png',
      width,
      height,
      3,
    ]);
  });

  it('puts the astronaut in front of the backdrop, and sends both PNGs as links with rsp_media_type url', async () => {
    const res = await gateway.post('v1/MonoDepth', astronaut, { rsp_media_type: 'URL' });
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles.media_data_type).toBe('url');
    for (const link of [item.media_data as string, item.media_extra.mask as string]) {
      const got = await gateway.app.inject({ method: 'GET', url: new URL(link).pathname });
      expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/png']);
    }
    const plain = (await gateway.post('v1/MonoDepth', astronaut)).json().media_info_list[0];
    const map = await grey16(plain.media_extra.mask);
    expect(map.at(40, 25)).toBeGreaterThan(map.at(5, 30));
    expect(map.at(40, 25)).toBeGreaterThan(map.at(80, 30));
  });
});

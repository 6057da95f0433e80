import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v2/AsestheticsAssess through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let chelsea: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    chelsea = await sharp(await skimagePhoto('chelsea'))
      .jpeg({ quality: 92 })
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const scores = async (image: Buffer) => {
    const res = await gateway.post('v2/AsestheticsAssess', image);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra.photo_num).toBe(1);
    expect(extra.photos[0].photo_rectangle).toEqual({ left: 0, top: 0, width: 451, height: 300 });
    return Object.fromEntries(
      Object.entries(extra.photos[0].attributes as Record<string, { value: number }>).map(([k, v]) => [
        k,
        v.value,
      ]),
    );
  };

  it('scores the cat photo on the six measures and a total, each 0 to 100', async () => {
    const s = await scores(chelsea);
    expect(Object.keys(s)).toEqual([
      'content',
      'light',
      'colour_vividness',
      'colour_harmony',
      'balance',
      'sharpness',
      'total',
    ]);
    for (const v of Object.values(s)) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of Object.values(s)) expect(v).toBeLessThanOrEqual(100);
  });

  it('scores a darkened and blurred copy lower in light, sharpness and total', async () => {
    const original = await scores(chelsea);
    const spoilt = await scores(await sharp(chelsea).linear(0.3, 0).blur(2).jpeg({ quality: 92 }).toBuffer());
    expect(spoilt.light!).toBeLessThan(original.light! - 30);
    expect(spoilt.sharpness!).toBeLessThan(original.sharpness! - 25);
    expect(spoilt.total!).toBeLessThan(original.total! - 10);
  });
});

import { MTAI, MTAI_EFFECTS } from '@pixora/catalog';
import { ENGINE_MTAI_EFFECTS, MTAI_DEFAULTS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

describe('the v1/mtai contract and the engine', () => {
  it('offer the same effects and the same default', () => {
    expect([...MTAI_EFFECTS]).toEqual([...ENGINE_MTAI_EFFECTS]);
    expect(MTAI.effect).toBe(MTAI_DEFAULTS.effect);
  });
});

/** Mean absolute difference of two images of one size, per channel value (0..255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

// Answers are checked against their contracts before they are sent (CHECK_ANSWERS in tests).
describe('v1/mtai through the gateway on the real engine', () => {
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

  it('runs the default effect (portrait glow: beautify, then the airy look) on the astronaut', async () => {
    const res = await gateway.post('v1/mtai', astronaut);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_extra).toEqual({
      image_width: 512,
      image_height: 512,
      effect: 'portrait_glow',
      steps: ['beautify', 'filter'],
      face_num: 1,
    });
    const out = Buffer.from(item.media_data, 'base64');
    expect((await sharp(out).metadata()).format).toBe('jpeg');
    expect(await difference(astronaut, out)).toBeGreaterThan(4);
  });

  it('runs a named effect (comic: the comic style, then a party hat)', async () => {
    const res = await gateway.post('v1/mtai', astronaut, { effect: 'comic' });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({
      effect: 'comic',
      steps: ['cartoon', 'emojmaterial'],
      face_num: 1,
    });
  });

  it('refuses an unknown effect with 10000 naming the parameter, before any engine work', async () => {
    const res = await gateway.post('v1/mtai', astronaut, { effect: 'glow' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe(10000);
    expect(res.json().ErrorMsg).toMatch(/parameter.effect must be one of portrait_glow, comic/);
  });
});

import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayBody, skimagePhoto, testApp } from '../../../test/helpers.ts';

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v2/segment through the gateway on the real engine', () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    ({ app } = await testApp(backend));
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg()
      .toBuffer();
    coffee = await sharp(await skimagePhoto('coffee'))
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const post = (endpoint: string, image: Buffer, parameter: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/${endpoint}?${KEY}`,
      payload: { ...gatewayBody(image), parameter } as object,
    });

  it('cuts the astronaut out: a full-size grey mask and an RGBA cut-out, both PNG', async () => {
    const res = await post('v2/segment', astronaut);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles).toEqual({ media_data_type: 'png' });
    expect(Object.keys(item.media_extra)).toEqual([
      'image_width',
      'image_height',
      'mask',
      'foreground_ratio',
    ]);
    expect(item.media_extra.foreground_ratio).toBeGreaterThan(0.2);
    const mask = await sharp(Buffer.from(item.media_extra.mask, 'base64')).metadata();
    expect([mask.format, mask.width, mask.height, mask.channels]).toEqual(['png', 512, 512, 1]);
    const cut = await sharp(Buffer.from(item.media_data, 'base64')).metadata();
    expect([cut.format, cut.width, cut.height, cut.channels]).toEqual(['png', 512, 512, 4]);
  });

  it('finds no person in the coffee photo', async () => {
    const extra = (await post('v2/segment', coffee)).json().media_info_list[0].media_extra;
    expect(extra.foreground_ratio).toBeLessThan(0.02);
  });

  it('sends the cut-out and the mask as short-lived links with rsp_media_type url', async () => {
    const item = (await post('v2/segment', astronaut, { rsp_media_type: 'URL' })).json().media_info_list[0];
    expect(item.media_profiles.media_data_type).toBe('url');
    for (const link of [item.media_data as string, item.media_extra.mask as string]) {
      const got = await app.inject({ method: 'GET', url: new URL(link).pathname });
      expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/png']);
    }
  });
});

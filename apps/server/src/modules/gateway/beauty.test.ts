import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import fs from 'node:fs';
import { join as pathJoin } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayBody, skimagePhoto, testApp } from '../../../test/helpers.ts';
import { aibeauty } from '@pixora/catalog';
import { runBinding } from './binding.ts';
import { bindingsByEndpoint } from './bindings.ts';
import { beautyParams } from './face-bindings.ts';

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

describe('v3/AIBeauty on the real engine', () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let astronaut: Buffer;
  let cat: Buffer;

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    ({ app } = await testApp(backend));
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg({ quality: 90 })
      .toBuffer();
    cat = await sharp(await skimagePhoto('chelsea'))
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const post = (parameter: Record<string, unknown>, image: Buffer) =>
    app.inject({
      method: 'POST',
      url: `/v3/AIBeauty?${KEY}`,
      payload: { ...gatewayBody(image), parameter } as object,
    });

  it('retouches the astronaut: a JPEG of the same size, changed on her face only', async () => {
    const answer = await runBinding(bindingsByEndpoint.get('v3/AIBeauty')!, {
      backend,
      images: [astronaut],
      parameter: { smooth: '80', whiten: 40, slim: 0, eye: 0 },
      timeoutMs: 60_000,
    });
    const mediaExtra = answer.mediaExtra;
    expect(mediaExtra).toMatchObject({
      image_width: 512,
      image_height: 512,
      face_num: 1,
      beauty: { smooth: 80, whiten: 40, slim: 0, eye: 0 },
    });
    const image = answer.image!;
    expect(image.type).toBe('jpg');
    const bytes = image.bytes;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);

    // Mean absolute change per 32 px block: large on her face, about nothing in the sky behind her.
    const grey = async (b: Buffer) => sharp(b).greyscale().raw().toBuffer();
    const [a, b] = await Promise.all([grey(astronaut), grey(bytes)]);
    const change = (left: number, top: number) => {
      let sum = 0;
      for (let y = top; y < top + 32; y++)
        for (let x = left; x < left + 32; x++) sum += Math.abs(a[y * 512 + x]! - b[y * 512 + x]!);
      return sum / 1024;
    };
    const face = (mediaExtra.faces as Array<{ face_rectangle: { left: number; top: number } }>)[0]!;
    // The left cheek: a third of the way into the face box, at the height of the nose.
    const cheek = change(Math.round(face.face_rectangle.left + 10), Math.round(face.face_rectangle.top + 55));
    expect(cheek).toBeGreaterThan(4);
    expect(change(440, 20)).toBeLessThan(1);
    // The answer itself names no image: it goes to media_info_list[0].media_data, not media_extra.
    expect(JSON.stringify(mediaExtra)).not.toContain(bytes.toString('base64').slice(0, 40));
  });

  it('answers the faces it retouched, 20003 without a face, 10000 for bad settings', async () => {
    const res = await post({}, astronaut);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra.face_num).toBe(1);
    expect(extra.faces[0].face_rectangle.width).toBeGreaterThan(80);
    expect(extra.beauty).toEqual({ smooth: 60, whiten: 30, slim: 20, eye: 20 });
    // The retouched photo is the answer's media: a JPEG of the photo's size, as base64.
    const media = res.json().media_info_list[0];
    expect(media.media_profiles.media_data_type).toBe('jpg');
    const meta = await sharp(Buffer.from(media.media_data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);

    const none = await post({}, cat);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([400, 20003]);
    for (const parameter of [{ smooth: 150 }, { eye: 'big' }, { rsp_media_type: 'png' }]) {
      const bad = await post(parameter, astronaut);
      expect([bad.statusCode, bad.json().ErrorCode], JSON.stringify(parameter)).toEqual([400, 10000]);
    }
  });

  it('answers a short-lived URL for rsp_media_type url, readable until it expires', async () => {
    const res = await post({ rsp_media_type: 'URL' }, astronaut);
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_profiles.media_data_type).toBe('url');
    expect(media.media_extra.face_num).toBe(1);
    const url = new URL(media.media_data);
    expect(url.pathname).toMatch(/^\/api\/v1\/media\/results\/[0-9a-f]{32}\.jpg$/);
    // About an hour (RESULT_URL_TTL_SECONDS) from now.
    const left = Date.parse(media.media_profiles.expires_at) - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);

    const image = await app.inject({ method: 'GET', url: url.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);

    // A name nobody was given, or a path outside the results, is 404 / 21017.
    for (const path of [
      '/api/v1/media/results/0123456789abcdef0123456789abcdef.jpg',
      '/api/v1/media/results/..%2Fx',
    ]) {
      const missing = await app.inject({ method: 'GET', url: path });
      expect([missing.statusCode, missing.json().ErrorCode], path).toEqual([404, 21017]);
    }
  });

  it('stops serving a result URL once its lifetime is over, and deletes the file', async () => {
    const short = await testApp(backend, { RESULT_URL_TTL_SECONDS: '1' });
    try {
      const res = await short.app.inject({
        method: 'POST',
        url: `/v3/AIBeauty?${KEY}`,
        payload: { ...gatewayBody(astronaut), parameter: { rsp_media_type: 'url' } } as object,
      });
      const path = new URL(res.json().media_info_list[0].media_data).pathname;
      expect((await short.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const gone = await short.app.inject({ method: 'GET', url: path });
      expect([gone.statusCode, gone.json().ErrorCode]).toEqual([404, 21017]);
      // The sweep at the next start removes the expired file from the data folder.
      const files = fs.readdirSync(pathJoin(short.ctx.config.DATA_DIR, 'files/results'));
      expect(files).toHaveLength(1);
      const restarted = await testApp(backend, {
        RESULT_URL_TTL_SECONDS: '1',
        DATA_DIR: short.ctx.config.DATA_DIR,
      });
      await vi.waitFor(() =>
        expect(fs.readdirSync(pathJoin(short.ctx.config.DATA_DIR, 'files/results'))).toHaveLength(0),
      );
      await restarted.app.close();
    } finally {
      await short.app.close();
    }
  });

  it('reads the settings as numbers or numeric strings', () => {
    expect(beautyParams(aibeauty.api.parameters.parse({ smooth: '0', whiten: 100 }))).toMatchObject({
      smooth: 0,
      whiten: 100,
      slim: 20,
      eye: 20,
    });
  });
});

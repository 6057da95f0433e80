import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalBackend, QueueFullError, TaskTimeoutError, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayBody, skimagePhoto, testApp } from '../../../test/helpers.ts';

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

interface Face {
  face_rectangle: { left: number; top: number; width: number; height: number };
  score: number;
  face_landmark: { mesh: number[][]; iris_left: number[][]; iris_right: number[][] };
}

describe('gateway v2/facepoints on the real engine', () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let astronaut: Buffer;
  let imageServer: http.Server;
  let imageBase: string;

  beforeAll(async () => {
    backend = createLocalBackend({
      workers: 1,
      maxQueue: 8,
      taskTimeoutMs: 60_000,
      limits: { maxBytes: 3 * 1024 * 1024, maxPixels: 4_000_000 },
    });
    await backend.ready();
    ({ app } = await testApp(backend, {
      MAX_IMAGE_BYTES: String(3 * 1024 * 1024),
      MAX_IMAGE_PIXELS: '4000000',
    }));
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg()
      .toBuffer();
    imageServer = http.createServer((req, res) => {
      if (req.url === '/astronaut.jpg')
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(astronaut);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
    await new Promise((resolve) => imageServer?.close(resolve));
  });

  const post = (payload: unknown, query = KEY, url = '/v2/facepoints') =>
    app.inject({ method: 'POST', url: `${url}?${query}`, payload: payload as object });

  it('finds the one face of the astronaut photo with its mesh and irises', async () => {
    const res = await post(gatewayBody(astronaut));
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(extra.image_width).toBe(512);
    expect(extra.image_height).toBe(512);
    // The engine's share of the answer time, for clients measuring their own overhead.
    const timing = String(res.headers['server-timing']);
    expect(timing).toMatch(/^media;dur=\d+(\.\d)?, engine;dur=\d+(\.\d)?$/);
    expect(Number(/engine;dur=([\d.]+)/.exec(timing)![1])).toBeGreaterThan(0);
    expect(extra.faces).toHaveLength(1);
    const face = extra.faces[0] as Face;
    expect(face.score).toBeGreaterThan(0.5);
    expect(face.face_rectangle.width).toBeGreaterThan(80);
    expect(face.face_rectangle.top + face.face_rectangle.height / 2).toBeLessThan(256);
    expect(face.face_landmark.mesh).toHaveLength(468);
    expect(face.face_landmark.iris_left).toHaveLength(5);
    expect(face.face_landmark.iris_right).toHaveLength(5);
    for (const [x, y] of face.face_landmark.mesh) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(512);
      expect(y).toBeLessThanOrEqual(512);
    }
  });

  it('accepts base64 with line breaks, as e-mail style encoders write it', async () => {
    const wrapped = astronaut.toString('base64').replace(/(.{76})/g, '$1\n');
    const res = await post(gatewayBody(wrapped));
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra.faces).toHaveLength(1);
  });

  it('answers 20003 for a photo without a face (a cat)', async () => {
    const res = await post(gatewayBody(await skimagePhoto('chelsea'), 'png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ErrorCode: 20003, ErrorMsg: 'No face detected', Data: null });
  });

  it('answers the catalogue for malformed requests and images', async () => {
    const cases: Array<
      [string, () => Promise<{ statusCode: number; json(): { ErrorCode: number } }>, number, number]
    > = [
      [
        'malformed JSON',
        () =>
          app.inject({
            method: 'POST',
            url: `/v2/facepoints?${KEY}`,
            headers: { 'content-type': 'application/json' },
            payload: '{"media_info_list": [',
          }),
        400,
        10000,
      ],
      ['missing media list', () => post({ parameter: {} }), 400, 10000],
      ['empty media list', () => post({ media_info_list: [] }), 400, 10000],
      ['bad base64', () => post(gatewayBody('***not base64***')), 400, 10013],
      [
        'not an image',
        () => post(gatewayBody(Buffer.from('just some text, not a picture at all'))),
        400,
        20009,
      ],
      ['truncated JPEG', () => post(gatewayBody(astronaut.subarray(0, 2000))), 400, 10007],
      ['too many bytes', () => post(gatewayBody(Buffer.alloc(3 * 1024 * 1024 + 10, 1))), 413, 20015],
      ['loopback URL', () => post(gatewayBody(`${imageBase}/astronaut.jpg`, 'url')), 424, 10003],
      ['empty URL', () => post(gatewayBody(' ', 'url')), 400, 10020],
      ['not a URL', () => post(gatewayBody('ftp://example.com/a.jpg', 'url')), 400, 10014],
    ];
    for (const [name, send, status, code] of cases) {
      const res = await send();
      expect([name, res.statusCode, res.json().ErrorCode]).toEqual([name, status, code]);
    }
  });

  it('refuses an image whose pixel count is over the limit before decoding it', async () => {
    const huge = await sharp({ create: { width: 2500, height: 2000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await post(gatewayBody(huge, 'png'));
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 20013]);
  });

  it('checks credentials and the demo grant', async () => {
    expect(
      (await post(gatewayBody(astronaut), 'api_key=pixora-demo-key&api_secret=wrong')).json().ErrorCode,
    ).toBe(10021);
    const anonymous = await post(gatewayBody(astronaut), '');
    expect([anonymous.statusCode, anonymous.json().ErrorCode]).toEqual([401, 10021]);
    const demo = await app.inject({
      method: 'POST',
      url: '/v2/facepoints',
      headers: { 'x-pixora-demo': '1' },
      payload: gatewayBody(astronaut),
    });
    expect(demo.statusCode).toBe(200);
  });

  it('answers JSON 404 for unknown paths (10023 for a capability not served: unserved.test.ts)', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/v9/nothing' });
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 21017]);
  });

  it('downloads an image URL when private addresses are allowed', async () => {
    const { app: open } = await testApp(backend, { ALLOW_PRIVATE_URLS: 'true' });
    try {
      const ok = await open.inject({
        method: 'POST',
        url: `/v2/facepoints?${KEY}`,
        payload: gatewayBody(`${imageBase}/astronaut.jpg`, 'url'),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().media_info_list[0].media_extra.faces).toHaveLength(1);
      const missing = await open.inject({
        method: 'POST',
        url: `/v2/facepoints?${KEY}`,
        payload: gatewayBody(`${imageBase}/gone.jpg`, 'url'),
      });
      expect([missing.statusCode, missing.json().ErrorCode]).toEqual([424, 10003]);
    } finally {
      await open.close();
    }
  });
});

describe('gateway limits', () => {
  // Backends that fail the way an overloaded or stuck engine does; the real pool's queue and
  // deadline are tested in packages/vision.
  const failing = (error: Error): InferenceBackend => ({
    run: () => Promise.reject(error),
    ready: () => Promise.resolve(),
    stats: () => ({ workers: 1, busy: 1, queued: 0, maxQueue: 0, completed: 0 }),
    close: () => Promise.resolve(),
  });
  // A PNG signature: the gateway checks it before the (failing) backend sees the bytes.
  const photo = gatewayBody(Buffer.from('89504e470d0a1a0a', 'hex'));

  it('answers 503 / 10015 when the inference queue is full', async () => {
    const { app } = await testApp(failing(new QueueFullError(0)));
    const res = await app.inject({ method: 'POST', url: `/v2/facepoints?${KEY}`, payload: photo });
    expect([res.statusCode, res.json().ErrorCode]).toEqual([503, 10015]);
    await app.close();
  });

  it('answers 599 / 10002 when inference times out', async () => {
    const { app } = await testApp(failing(new TaskTimeoutError(1000)));
    const res = await app.inject({ method: 'POST', url: `/v2/facepoints?${KEY}`, payload: photo });
    expect([res.statusCode, res.json().ErrorCode]).toEqual([599, 10002]);
    await app.close();
  });

  it('limits anonymous demo calls per address with 429 / 10029', async () => {
    const { app } = await testApp(failing(new QueueFullError(0)), { DEMO_RATE_LIMIT_PER_MINUTE: '2' });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/v2/facepoints',
          headers: { 'x-pixora-demo': '1' },
          payload: photo,
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([503, 503, 429]);
    // The refusal says when to come back: the minute's window ends within 60 seconds.
    const retryAfter = Number(answers[2]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A full queue is a busy answer: it says to retry in a second.
    expect(answers[0]!.headers['retry-after']).toBe('1');
    await app.close();
  });

  it('never leaks a stack trace for an unexpected engine failure', async () => {
    const { app } = await testApp(failing(new Error('secret internals at /srv/x.ts:12')));
    const res = await app.inject({ method: 'POST', url: `/v2/facepoints?${KEY}`, payload: photo });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ ErrorCode: 10009, ErrorMsg: 'Image processing error', Data: null });
    await app.close();
  });
});

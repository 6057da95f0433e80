import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { capabilities } from '@pixora/catalog';
import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { EffectGallery } from './effects.service.ts';

const FACE_POINTS = capabilities.find((c) => c.api?.endpoint === 'v2/facepoints')!.id;
const SAMPLES = fileURLToPath(new URL('../../../../web/public/samples', import.meta.url));

describe("the capability pages' before/after examples", () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let ctx: AppContext;
  let web: string;

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    // A site folder with the two sample photos the examples are made from.
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-effects-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Pixora</title>');
    fs.mkdirSync(path.join(web, 'samples'));
    for (const name of ['astronaut.jpg', 'coffee.jpg'])
      fs.copyFileSync(path.join(SAMPLES, name), path.join(web, 'samples', name));
    ({ app, ctx } = await testApp(backend, {
      WEB_DIST: web,
      EFFECT_EXAMPLES: 'v2/segment,v1/hdr,v2/facepoints',
    }));
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await backend?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const view = async (id: number) =>
    (await app.inject({ method: 'GET', url: `/api/v1/effect/byAlgorithm?id=${id}` })).json().data;

  it('makes each example from the capability’s own answer on its sample, in the background', async () => {
    for (
      let i = 0;
      i < 600 && ((await view(186)).status !== 'ready' || (await view(103)).status !== 'ready');
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await view(186)).toEqual({
      id: 186,
      status: 'ready',
      effects: [{ before: '/samples/astronaut.jpg', after: '/api/v1/effect/image/186-0.png' }],
    });
    expect((await view(103)).effects[0].before).toBe('/samples/coffee.jpg');
    // Points are drawn by the demo, not made into a picture; an unknown id has nothing.
    expect((await view(FACE_POINTS)).status).toBe('none');
    expect((await view(999_999)).status).toBe('none');

    const cutout = fs.readFileSync(path.join(ctx.config.DATA_DIR, 'effects', '186-0.png'));
    const meta = await sharp(cutout).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
    // The astronaut is kept (her centre opaque), the wall behind her cut away (the corner clear).
    const { data, info } = await sharp(cutout).raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    expect(alpha(Math.round(info.width / 2), Math.round(info.height * 0.75))).toBeGreaterThan(200);
    expect(alpha(3, 3)).toBeLessThan(50);
    // The HDR result is the coffee photo changed, not copied.
    const hdr = fs.readFileSync(path.join(ctx.config.DATA_DIR, 'effects', '103-0.jpg'));
    expect(hdr.equals(fs.readFileSync(path.join(SAMPLES, 'coffee.jpg')))).toBe(false);
  });

  it('makes nothing again on a second run when the samples have not changed', async () => {
    const before = fs.statSync(path.join(ctx.config.DATA_DIR, 'effects', '186-0.png')).mtimeMs;
    const again = new EffectGallery(ctx);
    await again.generate();
    expect(again.view(186).status).toBe('ready');
    expect(fs.statSync(path.join(ctx.config.DATA_DIR, 'effects', '186-0.png')).mtimeMs).toBe(before);
  });

  it('answers through the API, and refuses what is not an example file', async () => {
    const served = await app.inject({ method: 'GET', url: '/api/v1/effect/image/186-0.png' });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    for (const bad of ['../effects.json', 'effects.json', '186-0.gif'])
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/effect/image/${encodeURIComponent(bad)}` }))
          .statusCode,
      ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/effect/byAlgorithm?id=abc' })).json().ErrorCode,
    ).toBe(10000);
    expect(await view(FACE_POINTS)).toEqual({ id: FACE_POINTS, status: 'none', effects: [] });
  });
});

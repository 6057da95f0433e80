/**
 * The real platform for the SDK's and the CLI's tests: the server on the engine (one worker) and
 * an in-memory database, listening on a free port of 127.0.0.1, with the demo app's key.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalBackend } from '@pixora/vision';
import sharp from 'sharp';
import { skimagePhoto, testApp } from '../../../apps/server/test/helpers.ts';

export const KEY = 'pixora-demo-key';
export const SECRET = 'pixora-demo-secret';

export async function startPlatform() {
  const backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
  await backend.ready();
  // Image URLs of the tests point at 127.0.0.1, which the gateway refuses to fetch by default.
  const { app } = await testApp(backend, { ALLOW_PRIVATE_URLS: 'true' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-sdk-'));
  const photo = async (name: 'astronaut' | 'chelsea' | 'coffee', side = 320) => {
    const file = path.join(dir, `${name}.jpg`);
    await sharp(await skimagePhoto(name))
      .resize(side)
      .jpeg()
      .toFile(file);
    return file;
  };
  const files = {
    astronaut: await photo('astronaut'),
    coffee: await photo('coffee'),
    chelsea: await photo('chelsea'),
  };
  // A plain web server for the photos, for inputs given as URLs.
  const photos = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? ''));
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
  const photoUrl = (name: string) => `http://127.0.0.1:${(photos.address() as AddressInfo).port}/${name}.jpg`;
  return {
    baseUrl,
    dir,
    files,
    photoUrl,
    async close() {
      await new Promise((resolve) => photos.close(resolve));
      await app.close();
      await backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

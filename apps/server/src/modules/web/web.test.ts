import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, testApp } from '../../../test/helpers.ts';
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression.ts';
import { CACHE } from './web.routes.ts';

const contentDir = path.resolve(import.meta.dirname, '../../../../../content');

/** A built web app as Vite writes it: index.html, a fingerprinted chunk, and their .br/.gz copies. */
function webDist(): { dir: string; script: string; page: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-web-dist-'));
  const page = `<!doctype html><title>Pixora</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = { 'index.html': page, 'assets/index-AbC123.js': script };
  for (const [name, body] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), body);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, script, page };
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('web app files', () => {
  let app: FastifyInstance;
  let dist: ReturnType<typeof webDist>;
  beforeAll(async () => {
    dist = webDist();
    ({ app } = await testApp(idleBackend, { WEB_DIST: dist.dir, CONTENT_DIR: contentDir }));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).toString()).toBe(dist.script);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(dist.script.length / 4);
    }
  });

  it('lets browsers keep fingerprinted assets for a year and asks again for index.html', async () => {
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.headers['cache-control']).toBe(CACHE.immutable);
    for (const url of ['/', '/index.html', '/index', '/doc?id=49']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, CACHE.page]);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decode(res.headers['content-encoding'] as string, res.rawPayload).toString()).toBe(dist.page);
    }
    const head = await app.inject({ method: 'HEAD', url: '/index' });
    expect([head.statusCode, head.headers['cache-control']]).toEqual([200, CACHE.page]);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe(CACHE.file);
  });

  it('answers 304 to a revalidation of an unchanged file', async () => {
    const first = await app.inject({ url: '/index', headers: { 'accept-encoding': 'gzip' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      url: '/index',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404, not the web app, for a chunk that does not exist', async () => {
    const res = await app.inject({ url: '/assets/HomePage-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves the content images under /content/ with a day of caching', async () => {
    const res = await app.inject({
      url: '/content/banners/banner1-zh.svg',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(CACHE.file);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const original = fs.readFileSync(path.join(contentDir, 'banners/banner1-zh.svg'));
    expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload)).toEqual(original);
    for (const url of [
      '/content/tech/facepointdetect.svg',
      '/content/cases/' + fs.readdirSync(path.join(contentDir, 'cases'))[0],
    ]) {
      expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 200]);
    }
  });

  it('serves no texts of the content folder under /content/', async () => {
    for (const url of [
      '/content/README.md',
      '/content/site/banners.json',
      '/content/legal/privacy-policy/en.md',
      '/content/docs/101/en.md',
      '/content/banners/missing.svg',
      '/content/banners/.hidden.svg',
      '/content/banners',
      '/content/',
    ]) {
      const res = await app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('serves nothing outside the content folder, however the path is written', async () => {
    const secrets = [
      fs.readFileSync(path.join(contentDir, '../package.json'), 'utf8').slice(0, 60),
      fs.readFileSync(path.join(contentDir, '../apps/server/src/app.ts'), 'utf8').slice(0, 60),
    ];
    for (const url of [
      '/content/../package.json',
      '/content/%2e%2e/package.json',
      '/content/banners/..%2f..%2fpackage.json',
      '/content/banners/%2e%2e%2f%2e%2e%2fapps/server/src/app.ts',
      '/content/..%5c..%5cpackage.json',
      '/content/banners/..%2f..%2fapps%2fserver%2fsrc%2fapp.ts',
      '/content//etc/passwd',
      '/content/%2fetc%2fpasswd',
    ]) {
      const res = await app.inject({ url });
      // A path that normalises to a page outside /content/ gets the web app, never the file.
      expect([url, res.statusCode === 404 || res.body === dist.page]).toEqual([url, true]);
      for (const secret of secrets) expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('compressed answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp(idleBackend, { CONTENT_DIR: contentDir }));
  });
  afterAll(() => app.close());

  it('compresses console API answers above the threshold for clients that accept it', async () => {
    const plain = await app.inject({ url: '/api/v1/content/technology' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({
        url: '/api/v1/content/technology',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sends small answers as they are', async () => {
    const res = await app.inject({ url: '/api/v1/nothing', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression rules', () => {
  it('leave gateway answers and the health check uncompressed, whatever their size', async () => {
    const app = Fastify();
    await registerCompression(app);
    const big = { data: 'a'.repeat(50_000) };
    app.post('/v2/facepoints', async () => big);
    app.get('/healthz', async () => big);
    app.get('/api/v1/menu', async () => big);
    app.get('/openapi.json', async () => big);
    const send = (method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } });
    expect((await send('POST', '/v2/facepoints')).headers['content-encoding']).toBeUndefined();
    expect((await send('GET', '/healthz')).headers['content-encoding']).toBeUndefined();
    expect((await send('GET', '/api/v1/menu')).headers['content-encoding']).toBe('br');
    expect((await send('GET', '/openapi.json')).headers['content-encoding']).toBe('br');
    await app.close();
  });
});

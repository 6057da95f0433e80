/**
 * `npm run test:abuse` (also part of `npm test`): the abuse corpus (corpus.ts) sent over real HTTP
 * to a started platform on the real engine. It fails on any 5xx other than a busy answer
 * (503 / 10015), any error answer that is not a catalogue body, a leaked stack or path, a worker
 * that died, a request that reached an address inside the network, or a limit that did not hold.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindingsByEndpoint } from '../../src/modules/gateway/bindings.ts';
import { DEMO_KEY, gatewayBody, skimagePhoto, testApp } from '../helpers.ts';
import {
  badImages,
  gatewayProbes,
  malformedGatewayBodies,
  parameterFuzz,
  ssrfUrls,
  type AbuseCase,
} from './corpus.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** What no answer may contain: a stack frame, a source path, the repository's location. */
const LEAK = /\bat [^\n]*\.(?:ts|js|mjs):\d+|node_modules|\/work\/|\/home\/|\/src\/[\w/-]+\.ts/;

let origin: URL;
let backend: InferenceBackend;
let app: Awaited<ReturnType<typeof testApp>>['app'];
/** Requests that reached the canary server on 127.0.0.1 (an SSRF would). */
let canaryHits = 0;
let canary: http.Server;
/** A small real photo (64 px: every capability answers it quickly) and the 640-px astronaut. */
let small: Buffer;
let photo: Buffer;

function send(c: AbuseCase): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: origin.hostname, port: origin.port, method: c.method, path: c.path, headers: c.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

/** Raw bytes on a socket: the first answer's status and body (or none if the server just closed). */
function sendRaw(bytes: string | Buffer, waitMs = 2_000): Promise<Answer | null> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(origin.port), origin.hostname);
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!status) return resolve(null);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({ status: Number(status[1]), headers: {}, text: body });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.setTimeout(waitMs, done);
    socket.write(bytes);
  });
}

/** The rules every answer follows; returns what is wrong with it, or nothing. */
function problem(c: Pick<AbuseCase, 'name'>, res: Answer): string | undefined {
  let body: { ErrorCode?: unknown; ErrorMsg?: unknown } | undefined;
  try {
    body = JSON.parse(res.text);
  } catch {
    body = undefined;
  }
  if (LEAK.test(res.text)) return `${c.name}: the answer leaks internals: ${res.text.slice(0, 200)}`;
  const busy = res.status === 503 && body?.ErrorCode === 10015;
  if (res.status >= 500 && !busy) return `${c.name}: ${res.status} ${res.text.slice(0, 200)}`;
  if (res.status >= 400 && (typeof body?.ErrorCode !== 'number' || typeof body.ErrorMsg !== 'string'))
    return `${c.name}: ${res.status} without a catalogue body: ${res.text.slice(0, 200)}`;
  if (busy && !res.headers['retry-after'] && Object.keys(res.headers).length)
    return `${c.name}: a busy answer without Retry-After`;
  return undefined;
}

/** Sends the cases, four at a time, and lists what is wrong with their answers. */
async function sendAll(cases: AbuseCase[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const sender = async () => {
    for (let c = cases[next++]; c; c = cases[next++]) {
      const found = problem(c, await send(c));
      if (found) problems.push(found);
    }
  };
  await Promise.all(Array.from({ length: 4 }, sender));
  return problems;
}

/** Every route of the app, with its methods, from Fastify's route tree (`printRoutes`). */
function routesOf(tree: string): Array<{ path: string; methods: string[] }> {
  const routes: Array<{ path: string; methods: string[] }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    if (match[3]) routes.push({ path, methods: match[3].split(', ').filter((m) => m !== 'HEAD') });
  }
  return routes;
}

beforeAll(async () => {
  canary = http.createServer((_req, res) => {
    canaryHits++;
    res.end('GIF89a');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const astronaut = await skimagePhoto('astronaut');
  photo = await sharp(astronaut).resize(640, 640).jpeg().toBuffer();
  small = await sharp(astronaut).resize(64, 64).jpeg().toBuffer();
  backend = createLocalBackend({ workers: 1, maxQueue: 32, taskTimeoutMs: 60_000 });
  await backend.ready();
  ({ app } = await testApp(backend));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await app?.close();
  await backend?.close();
  canary?.close();
});

describe('the abuse corpus against a started platform', () => {
  const served = [...bindingsByEndpoint.keys()];
  const query = DEMO_KEY;

  it('answers malformed gateway bodies with catalogue errors on every served endpoint', async () => {
    const cases = served.flatMap((endpoint) => malformedGatewayBodies(endpoint, query, small));
    expect(cases.length).toBeGreaterThan(500);
    expect(await sendAll(cases)).toEqual([]);
  });

  it('refuses broken, lying and oversized images with catalogue errors, and no worker dies', async () => {
    const cases = served.flatMap((endpoint) =>
      badImages(small).map(({ name, data, type }) => ({
        name: `${endpoint}: ${name}`,
        method: 'POST',
        path: `/${endpoint}?${query}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...gatewayBody(data, type),
          media_info_list: Array.from({ length: 2 }, () => gatewayBody(data, type).media_info_list[0]),
        }),
      })),
    );
    expect(await sendAll(cases)).toEqual([]);
    // The bomb is refused by its pixel count, before any decoding: 20013.
    const bomb = badImages(small).find((b) => b.name.startsWith('PNG bomb'))!;
    const res = await send({
      name: 'bomb',
      method: 'POST',
      path: `/v2/facepoints?${query}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(gatewayBody(bomb.data, 'png')),
    });
    expect([res.status, JSON.parse(res.text).ErrorCode]).toEqual([400, 20013]);
    expect(backend.stats().restarts).toBe(0);
  });

  it('refuses wrong values of every parameter of every served capability, or answers them', async () => {
    const cases = served.flatMap((endpoint) => {
      const names = Object.keys(bindingsByEndpoint.get(endpoint)!.capability.api.parameters.shape);
      return parameterFuzz(endpoint, query, names, small);
    });
    expect(cases.length).toBeGreaterThan(300);
    expect(await sendAll(cases)).toEqual([]);
    expect(backend.stats().restarts).toBe(0);
  });

  it('answers bad credentials, methods, paths and encodings with catalogue errors', async () => {
    expect(await sendAll(gatewayProbes(query))).toEqual([]);
  });

  it('answers junk sent to every route of the platform without a 5xx', async () => {
    const routes = routesOf(app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith('/api/') || r.path === '/openapi.json',
    );
    expect(routes.length).toBeGreaterThan(30);
    const junkIds = ['0', '-1', '99999999999999999999', '%2e%2e%2f', 'x'.repeat(300), '1e9'];
    const bodies = ['{', '{}', '[]', '{"email":1,"password":[],"id":{},"code":null,"name":{"a":1}}'];
    const cases: AbuseCase[] = routes.flatMap(({ path, methods }) =>
      junkIds.flatMap((id) => {
        const url = path.replace(/:\w+/g, id);
        return methods.flatMap((method) =>
          method === 'GET' || method === 'DELETE'
            ? [{ name: `${method} ${url.slice(0, 60)}`, method, path: url }]
            : bodies.map((body) => ({
                name: `${method} ${url.slice(0, 60)} ${body.slice(0, 20)}`,
                method,
                path: url,
                headers: { 'content-type': 'application/json', origin: origin.origin },
                body,
              })),
        );
      }),
    );
    expect(await sendAll(cases)).toEqual([]);
  });

  it('answers malformed HTTP with catalogue bodies and keeps serving', async () => {
    const raw: Array<[string, string | Buffer]> = [
      ['garbage request line', 'GARBAGE\r\n\r\n'],
      ['header too large', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
      [
        'bad chunked encoding',
        'POST /v2/facepoints HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nabc\r\n0\r\n\r\n',
      ],
      [
        'Content-Length and chunked',
        'POST /v2/facepoints HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ],
      ['negative Content-Length', 'POST /v2/facepoints HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
      ['a NUL in a header', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
      ['HTTP/0.9', 'GET /\r\n\r\n'],
      [
        'a body shorter than its Content-Length',
        'POST /v2/facepoints HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      ],
    ];
    const problems: string[] = [];
    for (const [name, bytes] of raw) {
      const res = await sendRaw(bytes, 1_000);
      if (res) {
        const found = problem({ name }, res);
        if (found) problems.push(found);
      }
    }
    expect(problems).toEqual([]);
    const health = await send({ name: 'health', method: 'GET', path: '/healthz' });
    expect(health.status).toBe(200);
  });

  it('fetches no image address inside the network, however it is written', async () => {
    const port = (canary.address() as AddressInfo).port;
    const urls = ssrfUrls(port);
    expect(urls.length).toBeGreaterThanOrEqual(40);
    const cases = urls.map((url) => ({
      name: `SSRF ${url}`,
      method: 'POST',
      path: `/v2/facepoints?${query}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(gatewayBody(url, 'url')),
    }));
    const problems = await sendAll(cases);
    expect(problems).toEqual([]);
    for (const c of cases) {
      const res = await send(c);
      expect(res.status, c.name).toBeGreaterThanOrEqual(400);
      expect(res.status, c.name).toBeLessThan(500);
    }
    expect(canaryHits).toBe(0);
  });

  it('lends no address through forwarding headers (no trusted proxy configured)', async () => {
    // The outbox answers a direct loopback request while mail is local, never a forwarded one.
    const direct = await send({ name: 'outbox', method: 'GET', path: '/api/v1/dev/outbox' });
    expect(direct.status).toBe(200);
    const forwarded: Array<Record<string, string>> = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '127.0.0.1, 8.8.8.8' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      const res = await send({
        name: 'outbox forwarded',
        method: 'GET',
        path: '/api/v1/dev/outbox',
        headers,
      });
      // Answered as if it did not exist.
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(problem({ name: 'outbox forwarded' }, res)).toBeUndefined();
    }
    // Rotating X-Forwarded-For does not renew the website's per-address demo grant (30 a minute).
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await send({
        name: 'demo call',
        method: 'POST',
        path: '/v2/facepoints',
        headers: {
          'content-type': 'application/json',
          'x-pixora-demo': '1',
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify(gatewayBody(small)),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('holds a burst of twelve times what the engine runs at once: served or busy, then normal', async () => {
    const body = JSON.stringify(gatewayBody(photo));
    const faceDetect = () =>
      send({
        name: 'burst',
        method: 'POST',
        path: `/v1/facedetect?${query}`,
        headers: { 'content-type': 'application/json' },
        body,
      });
    const outcomes: string[] = [];
    const end = Date.now() + 3_000;
    const client = async () => {
      while (Date.now() < end) {
        const res = await faceDetect();
        const found = problem({ name: 'burst' }, res);
        outcomes.push(found ?? `${res.status}`);
        if (res.status === 503) await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all(Array.from({ length: 12 }, client));
    expect(outcomes.filter((o) => o !== '200' && o !== '503')).toEqual([]);
    expect(outcomes).toContain('200');
    const ready = await send({ name: 'readyz', method: 'GET', path: '/readyz' });
    expect(ready.status).toBe(200);
    const after = await faceDetect();
    const answer = JSON.parse(after.text) as {
      media_info_list: Array<{ media_extra: { face_num: number } }>;
    };
    expect([after.status, answer.media_info_list[0]!.media_extra.face_num]).toEqual([200, 1]);
    expect(backend.stats().restarts).toBe(0);
  });
});

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  BackendClosedError,
  NoWorkerReadyError,
  QueueFullError,
  TaskAbortedError,
  WorkerCrashedError,
  type InferenceBackend,
} from '@pixora/vision';
import { describe, expect, it } from 'vitest';
import { DEMO_KEY, gatewayBody, testApp } from '../../../test/helpers.ts';

/** The 8-byte PNG signature: enough for the gateway's check, the stand-in backends read nothing. */
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** A backend whose every job ends as `run` says, counting the jobs it was given. */
function stub(run: () => Promise<unknown>) {
  const jobs: string[] = [];
  const backend: InferenceBackend = {
    run: <T>(task: string) => {
      jobs.push(task);
      return run() as Promise<T>;
    },
    ready: () => Promise.resolve(),
    stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 4, completed: 0 }),
    close: () => Promise.resolve(),
  };
  return { backend, jobs };
}

const call = (app: Awaited<ReturnType<typeof testApp>>['app'], payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/v2/facepoints?${DEMO_KEY}`,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('engine faults answer 5xx catalogue codes that clients retry', () => {
  it.each([
    ['a worker that died under the job', new WorkerCrashedError('worker exited'), 502, 19999],
    ['no worker ready (restarting)', new NoWorkerReadyError(2_500), 503, 10015],
    ['the engine shutting down', new BackendClosedError(), 503, 10015],
  ])('%s', async (_what, error, status, code) => {
    const { app } = await testApp(stub(() => Promise.reject(error)).backend);
    const res = await call(app, gatewayBody(PNG));
    expect([res.statusCode, res.json().ErrorCode, res.json().Data]).toEqual([status, code, null]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    if (error instanceof NoWorkerReadyError) expect(res.headers['retry-after']).toBe('3');
    await app.close();
  });
});

describe('busy answers and the daily quota', () => {
  it('does not charge a busy answer (503 / 10015) to the daily quota', async () => {
    let busy = true;
    const { backend } = stub(() =>
      busy
        ? Promise.reject(new QueueFullError(4))
        : Promise.resolve({ imageWidth: 1, imageHeight: 1, faces: [] }),
    );
    const { app } = await testApp(backend, { DEMO_APP_DAILY_QUOTA: '1' });
    for (let i = 0; i < 3; i++) {
      const res = await call(app, gatewayBody(PNG));
      expect([res.statusCode, res.json().ErrorCode, res.headers['retry-after']]).toEqual([503, 10015, '1']);
    }
    // The one call of the day is still there, and then it is used.
    busy = false;
    expect((await call(app, gatewayBody(PNG))).json().ErrorCode).toBe(20003);
    expect((await call(app, gatewayBody(PNG))).json().ErrorCode).toBe(10029);
    await app.close();
  });
});

describe('no worker ready', () => {
  it('answers 503 / 10015 at once, before reading the images or queueing a job', async () => {
    const { backend, jobs } = stub(() => Promise.resolve({}));
    backend.stats = () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 4, completed: 0, ready: 0 });
    const { app } = await testApp(backend);
    // Not even a download is tried: the address would answer 424 / 10003 (loopback refused).
    const res = await call(app, gatewayBody('http://127.0.0.1:9/photo.jpg', 'url'));
    expect([res.statusCode, res.json().ErrorCode, res.headers['retry-after']]).toEqual([503, 10015, '1']);
    expect(jobs).toEqual([]);
    await app.close();
  });
});

describe('JSON limits at parse time', () => {
  const usageRows = async (ctx: Awaited<ReturnType<typeof testApp>>['ctx']) => {
    await ctx.usage.flush();
    return ctx.db.kysely.selectFrom('api_usage').selectAll().execute();
  };

  it('refuses a parameter 20,000 levels deep with 400 / 10000, before inference and uncounted', async () => {
    const { backend, jobs } = stub(() => Promise.resolve({ imageWidth: 1, imageHeight: 1, faces: [] }));
    const { app, ctx } = await testApp(backend);
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const body = JSON.stringify(gatewayBody(PNG)).replace('"parameter":{}', `"parameter":{"x":${deep}}`);
    const res = await call(app, body);
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 10000]);
    expect(res.json().ErrorMsg).toMatch(/nested deeper than 32 levels/);
    // Too many items, flat, and malformed JSON: refused the same way.
    const wide = JSON.stringify(gatewayBody(PNG)).replace(
      '"extra":{}',
      `"extra":{"x":[${'0,'.repeat(100_000)}0]}`,
    );
    expect((await call(app, wide)).json().ErrorCode).toBe(10000);
    expect((await call(app, '{"parameter": {')).json().ErrorCode).toBe(10000);
    expect(jobs).toEqual([]);
    expect(await usageRows(ctx)).toEqual([]);
    // Nesting the contracts use passes, and counts (the stand-in engine finds no face: 20003).
    const fine = await call(app, gatewayBody(PNG));
    expect(fine.json().ErrorCode).toBe(20003);
    expect((await usageRows(ctx)).map((r) => [r.error_code, r.calls])).toEqual([[20003, 1]]);
    await app.close();
  });

  it('keeps the JSON limits on console routes (sign-in), and Fastify keeps refusing __proto__ keys', async () => {
    const { app } = await testApp(stub(() => Promise.resolve({})).backend);
    const deep = await app.inject({
      method: 'POST',
      url: '/api/v1/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(100)}${']'.repeat(100)}}`,
    });
    expect([deep.statusCode, deep.json().ErrorCode]).toEqual([400, 10000]);
    const poisoned = await call(app, '{"__proto__": {"x": 1}, "media_info_list": []}');
    expect([poisoned.statusCode, poisoned.json().ErrorCode]).toEqual([400, 10000]);
    await app.close();
  });
});

describe('media_data_type and the bytes', () => {
  it('refuses an unknown declared type and bytes that are no image with 400 / 20009, before inference', async () => {
    const { backend, jobs } = stub(() => Promise.resolve({ imageWidth: 1, imageHeight: 1, faces: [] }));
    const { app } = await testApp(backend);
    const bmp = await call(app, gatewayBody(PNG, 'bmp'));
    expect([bmp.statusCode, bmp.json().ErrorCode]).toEqual([400, 20009]);
    const text = await call(app, gatewayBody(Buffer.from('plain text, not a photo'), 'png'));
    expect([text.statusCode, text.json().ErrorCode]).toEqual([400, 20009]);
    expect(jobs).toEqual([]);
    // The image format it names is a hint: PNG bytes sent as jpg (as the docs show) reach the
    // engine, which finds no face in them (20003); so do bytes sent with no type.
    const hinted = await call(app, gatewayBody(PNG, 'jpg'));
    expect(hinted.json().ErrorCode).toBe(20003);
    const untyped = await call(app, { media_info_list: [{ media_data: PNG.toString('base64') }] });
    expect(untyped.json().ErrorCode).toBe(20003);
    expect(jobs).toHaveLength(2);
    await app.close();
  });
});

describe('HTTP-layer refusals in the catalogue body', () => {
  /** Sends raw bytes to the listening app and resolves with the whole answer. */
  const raw = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answers 431, 400, 413 and unknown API routes with { ErrorCode, ErrorMsg, Data }', async () => {
    const { app } = await testApp(stub(() => Promise.resolve({})).backend);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      const big = await raw(
        port,
        `GET /api/v1/menu/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(bodyOf(big)).toMatchObject({ ErrorCode: 10000, Data: null });
      const garbage = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(bodyOf(garbage)).toMatchObject({ ErrorCode: 10000, Data: null });
      const tooLarge = await app.inject({
        method: 'POST',
        url: '/api/v1/user/signin',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect([tooLarge.statusCode, tooLarge.json().ErrorCode]).toEqual([413, 20015]);
      const unknown = await app.inject({ method: 'DELETE', url: '/api/v1/no/such/route' });
      expect([unknown.statusCode, unknown.json().ErrorCode, unknown.json().Data]).toEqual([404, 21017, null]);
      const badPath = await app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
      expect([badPath.statusCode, badPath.json().ErrorCode, badPath.json().Data]).toEqual([400, 10000, null]);
    } finally {
      await app.close();
    }
  });
});

describe('a client that goes away', () => {
  it("withdraws its job from the engine; a client that waits gets its answer and its job's signal stays quiet", async () => {
    const signals: AbortSignal[] = [];
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => (started = resolve));
    let finishJobs!: () => void;
    const jobsMayFinish = new Promise<void>((resolve) => (finishJobs = resolve));
    const backend: InferenceBackend = {
      run: <T>(_task: string, _input: unknown, opts?: { signal?: AbortSignal }) => {
        signals.push(opts!.signal!);
        started();
        return new Promise<T>((resolve, reject) => {
          opts!.signal!.addEventListener('abort', () => reject(new TaskAbortedError()), { once: true });
          void jobsMayFinish.then(() => resolve({ imageWidth: 8, imageHeight: 8, faces: [] } as T));
        });
      },
      ready: () => Promise.resolve(),
      stats: () => ({ workers: 1, busy: 1, queued: 0, maxQueue: 4, completed: 0 }),
      close: () => Promise.resolve(),
    };
    const { app } = await testApp(backend);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify(gatewayBody(PNG));
    const request =
      `POST /v2/facepoints?${DEMO_KEY} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    // The first client sends its call, and closes the connection while the job runs.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    await jobStarted;
    expect(signals[0]!.aborted).toBe(false);
    socket.destroy();
    await expect.poll(() => signals[0]!.aborted).toBe(true);
    // A client that waits: its job finishes, the answer arrives, its signal never fires.
    const answer = app.inject({
      method: 'POST',
      url: `/v2/facepoints?${DEMO_KEY}`,
      payload: gatewayBody(PNG),
    });
    await expect.poll(() => signals.length).toBe(2);
    finishJobs();
    expect((await answer).json().ErrorCode).toBe(20003);
    expect(signals[1]!.aborted).toBe(false);
    await app.close();
  });
});

describe('fair share between callers', () => {
  it("refuses a caller's calls beyond its share at once, while another caller is still served", async () => {
    const jobs: Array<() => void> = [];
    const backend: InferenceBackend = {
      run: <T>() =>
        new Promise<T>((resolve) =>
          jobs.push(() => resolve({ imageWidth: 8, imageHeight: 8, faces: [] } as T)),
        ),
      ready: () => Promise.resolve(),
      stats: () => ({ workers: 1, busy: 1, queued: jobs.length, maxQueue: 32, completed: 0 }),
      close: () => Promise.resolve(),
    };
    const { app } = await testApp(backend, { CALLER_MAX_IN_FLIGHT: '2' });
    const byApp = () =>
      app.inject({ method: 'POST', url: `/v2/facepoints?${DEMO_KEY}`, payload: gatewayBody(PNG) });
    const byVisitor = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/v2/facepoints',
        headers: { 'x-pixora-demo': '1' },
        remoteAddress,
        payload: gatewayBody(PNG),
      });
    // The app's first two calls hold its share of the engine; the third is refused at once.
    const held = [byApp(), byApp()];
    await expect.poll(() => jobs.length).toBe(2);
    const third = await byApp();
    expect([third.statusCode, third.json().ErrorCode]).toEqual([429, 10029]);
    expect(third.headers['retry-after']).toBe('1');
    // Another caller (a website visitor) still gets into the engine, and so does a second visitor.
    const visitors = [byVisitor('203.0.113.7'), byVisitor('203.0.113.8')];
    await expect.poll(() => jobs.length).toBe(4);
    for (const finish of jobs.splice(0)) finish();
    for (const res of await Promise.all([...held, ...visitors])) expect(res.json().ErrorCode).toBe(20003);
    // With its calls answered, the app has its share back.
    const again = byApp();
    await expect.poll(() => jobs.length).toBe(1);
    jobs.pop()!();
    expect((await again).json().ErrorCode).toBe(20003);
    await app.close();
  });
});

describe('a closing server', () => {
  it('answers a request that still arrives with 503 / 10015 and Retry-After, and closes its connection', async () => {
    const held: Array<() => void> = [];
    const { backend } = stub(
      () => new Promise((resolve) => held.push(() => resolve({ imageWidth: 1, imageHeight: 1, faces: [] }))),
    );
    const { app } = await testApp(backend);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // One connection: a call the engine holds, then a second call sent once the server is closing.
    const socket = net.connect(port, '127.0.0.1');
    const body = JSON.stringify(gatewayBody(PNG));
    const request = `POST /v2/facepoints?${DEMO_KEY} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(request);
    await expect.poll(() => held.length).toBe(1);
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 50));
    held.pop()!();
    await ended;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.slice(9, 12))).toEqual(['400', '503']);
    expect(answers[1]).toMatch(/retry-after: 1/i);
    expect(answers[1]).toMatch(/connection: close/i);
    expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4))).toMatchObject({
      ErrorCode: 10015,
    });
  });
});

import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InferenceBackend, RunInput } from '@pixora/vision';
import { RedisFairShare } from '../src/modules/gateway/fair-share.ts';
import { createRedisBackend, readQueueCounts, type RedisBackend } from '../src/platform/inference-queue.ts';
import { startQueueWorker, type QueueWorker } from '../src/platform/inference-worker.ts';
import { DEMO_KEY, gatewayBody, testApp } from './helpers.ts';

// Issue 16's overload rules when several API servers feed one Redis queue (INFERENCE_BACKEND=redis):
// two gateways in this process, each with its own Redis backend, and one queue worker whose
// engine is a stand-in (no models: it finds no face, 20003) that answers after `serveMs`, or holds
// its jobs until the test lets them go.

/** The 8-byte PNG signature: enough for the gateway's check; the stand-in reads nothing. */
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

interface StandIn {
  /** Answers after this many ms, or (null) holds each job until `release`. */
  serveMs: number | null;
  held: Array<() => void>;
  release(): void;
}

function standInEngine(): { backend: InferenceBackend; control: StandIn } {
  const control: StandIn = {
    serveMs: null,
    held: [],
    release() {
      for (const go of control.held.splice(0)) go();
    },
  };
  const backend: InferenceBackend = {
    run<T>(_task: string, _input: RunInput): Promise<T> {
      const answer = { imageWidth: 8, imageHeight: 8, faces: [] } as T;
      return new Promise<T>((resolve) => {
        if (control.serveMs === null) control.held.push(() => resolve(answer));
        else setTimeout(() => resolve(answer), control.serveMs);
      });
    },
    ready: () => Promise.resolve(),
    stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
    close: () => Promise.resolve(),
  };
  return { backend, control };
}

/** Two gateways sharing one Redis (state and queue), one stand-in queue worker of `concurrency`. */
async function twoGateways(concurrency: number, env: Record<string, string>) {
  const redisUrl = inject('redisUrl');
  const tag = crypto.randomBytes(3).toString('hex');
  const queueName = `shared-overload-${tag}`;
  const { backend: engine, control } = standInEngine();
  const worker = await startQueueWorker({
    redisUrl,
    queueName,
    backend: engine,
    concurrency,
    tasks: ['facepoints'],
    heartbeatMs: 100,
  });
  const backends: RedisBackend[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const backend = createRedisBackend({
      redisUrl,
      queueName,
      maxDepth: 64,
      taskTimeoutMs: 10_000,
      pollMs: 100,
    });
    backends.push(backend);
    await backend.ready();
    const { app } = await testApp(backend, {
      INFERENCE_BACKEND: 'redis',
      REDIS_URL: redisUrl,
      INFERENCE_QUEUE: queueName,
      REDIS_KEY_PREFIX: `so-${tag}:`,
      ...env,
    });
    apps.push(app);
  }
  const redis = new Redis(redisUrl);
  return {
    apps,
    backends,
    control,
    /** Jobs waiting or running in the shared queue. */
    inQueue: async () => {
      const c = await readQueueCounts(redis, queueName);
      return c.waiting + c.active;
    },
    /** The demo app's call on server `i`. */
    byApp: (i: number) =>
      apps[i]!.inject({ method: 'POST', url: `/v2/facepoints?${DEMO_KEY}`, payload: gatewayBody(PNG) }),
    /** A website visitor's call (the demo grant, by address) on server `i`. */
    byVisitor: (i: number, remoteAddress: string) =>
      apps[i]!.inject({
        method: 'POST',
        url: '/v2/facepoints',
        headers: { 'x-pixora-demo': '1' },
        remoteAddress,
        payload: gatewayBody(PNG),
      }),
    async close(worker2?: QueueWorker) {
      control.release();
      control.serveMs = 0;
      for (const app of apps) await app.close();
      for (const backend of backends) await backend.close();
      await (worker2 ?? worker).close();
      redis.disconnect();
    },
  };
}

describe('a caller’s share of the engine across two API servers (INFERENCE_BACKEND=redis)', () => {
  let g: Awaited<ReturnType<typeof twoGateways>>;
  beforeAll(async () => {
    g = await twoGateways(4, { CALLER_MAX_IN_FLIGHT: '2' });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('holds the cap over both servers, while another caller is still served', async () => {
    // One call on each server: the app's two places, taken in Redis.
    const held = [g.byApp(0), g.byApp(1)];
    await expect.poll(() => g.control.held.length, { timeout: 10_000 }).toBe(2);
    // The third, on either server, is refused at once: nothing was queued for it.
    for (const i of [0, 1]) {
      const third = await g.byApp(i);
      expect([third.statusCode, third.json().ErrorCode]).toEqual([429, 10029]);
      expect(third.headers['retry-after']).toBe('1');
    }
    expect(await g.inQueue()).toBe(2);
    // A website visitor is another caller: admitted on either server.
    const visitors = [g.byVisitor(0, '203.0.113.7'), g.byVisitor(1, '203.0.113.7')];
    await expect.poll(() => g.control.held.length, { timeout: 10_000 }).toBe(4);
    g.control.release();
    for (const res of await Promise.all([...held, ...visitors])) expect(res.json().ErrorCode).toBe(20003);
    // Answered, the app has its places back on both servers.
    g.control.serveMs = 0;
    const again = await Promise.all([g.byApp(1), g.byApp(0)]);
    expect(again.map((r) => r.json().ErrorCode)).toEqual([20003, 20003]);
  });

  it('gives back the places of a server that died holding them, after their lifetime', async () => {
    const redis = new Redis(inject('redisUrl'));
    const prefix = `so-dead-${crypto.randomBytes(3).toString('hex')}:`;
    try {
      // Server A takes the caller's two places and is killed (it never gives them back).
      const dead = new RedisFairShare(redis, prefix, 2, 300);
      expect(await dead.enter('app:9')).toBe(true);
      expect(await dead.enter('app:9')).toBe(true);
      const live = new RedisFairShare(redis, prefix, 2, 60_000);
      expect(await live.enter('app:9')).toBe(false);
      // Once their lifetime is over, server B admits the caller again, up to its cap.
      await expect.poll(() => live.enter('app:9'), { timeout: 5_000, interval: 100 }).toBe(true);
      expect(await live.enter('app:9')).toBe(true);
      expect(await live.enter('app:9')).toBe(false);
      live.leave('app:9');
      expect(await live.enter('app:9')).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});

describe('admission by deadline on the shared queue (INFERENCE_BACKEND=redis)', () => {
  const SERVICE_MS = 100;
  const WAIT_MAX_MS = 300;
  let g: Awaited<ReturnType<typeof twoGateways>>;
  beforeAll(async () => {
    g = await twoGateways(1, { CALLER_MAX_IN_FLIGHT: '0', QUEUE_WAIT_MAX_MS: String(WAIT_MAX_MS) });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('refuses at once, on either server, a call the queue could not start within QUEUE_WAIT_MAX_MS', async () => {
    // The worker measures its service time on the first calls and publishes it in its heartbeat.
    g.control.serveMs = SERVICE_MS;
    for (let i = 0; i < 3; i++) expect((await g.byApp(i % 2)).json().ErrorCode).toBe(20003);
    for (const backend of g.backends)
      await expect.poll(() => backend.stats().serviceMs?.facepoints, { timeout: 10_000 }).toBeDefined();
    g.control.serveMs = null;
    // Calls queue up, alternately on both servers, until the work ahead of the next call is more
    // than it may wait: one running and three waiting is 3.5 jobs of ~100 ms for one worker.
    const admitted: ReturnType<typeof g.byApp>[] = [];
    for (let n = 1; n <= 4; n++) {
      admitted.push(g.byApp(n % 2));
      await expect.poll(() => g.inQueue(), { timeout: 10_000 }).toBe(n);
    }
    for (const i of [0, 1]) {
      const refused = await g.byApp(i);
      expect([refused.statusCode, refused.json().ErrorCode]).toEqual([503, 10015]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Refused at once: answered while every admitted job is still held, and nothing was queued.
    expect(g.control.held.length).toBe(1);
    expect(await g.inQueue()).toBe(4);
    // The admitted calls are served once the worker goes on.
    g.control.serveMs = SERVICE_MS;
    g.control.release();
    for (const res of await Promise.all(admitted)) expect(res.json().ErrorCode).toBe(20003);
    // Right after the load, a call is served.
    await expect.poll(() => g.inQueue(), { timeout: 10_000 }).toBe(0);
    expect((await g.byApp(1)).json().ErrorCode).toBe(20003);
  });
});

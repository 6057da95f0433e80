import { createLocalBackend } from '@pixora/vision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, gatewayBody, testApp } from '../../../test/helpers.ts';

/** The 8-byte PNG signature: enough for the gateway's check; the stand-in workers read nothing. */
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
/** Stand-in engine workers: one job at a time like the engine, each FAKE_WORK_MS long, no face found. */
const standIn = new URL('../../../../../packages/vision/test/fixtures/fake-worker.ts', import.meta.url);
const WORKERS = 2;
const SERVICE_MS = 100;
const WAIT_MAX_MS = 500;
/** Concurrent clients: twelve times what the workers can serve at once. */
const CLIENTS = 12 * WORKERS;
const BURST_MS = 3_000;

describe('overload: admission by deadline through the gateway', () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let backend: ReturnType<typeof createLocalBackend>;
  const call = () =>
    app.inject({ method: 'POST', url: `/v2/facepoints?${DEMO_KEY}`, payload: gatewayBody(PNG) });

  beforeAll(async () => {
    process.env.FAKE_WORK_MS = String(SERVICE_MS);
    backend = createLocalBackend({
      workers: WORKERS,
      maxQueue: 64,
      taskTimeoutMs: 30_000,
      workerUrl: standIn,
    });
    await backend.ready();
    delete process.env.FAKE_WORK_MS;
    // No per-caller cap: every client uses the demo key, and the deadline is what is tested.
    ({ app } = await testApp(backend, { QUEUE_WAIT_MAX_MS: String(WAIT_MAX_MS), CALLER_MAX_IN_FLIGHT: '0' }));
    // The engine learns its service time from the first calls.
    for (let i = 0; i < 3; i++) expect((await call()).json().ErrorCode).toBe(20003);
  });
  afterAll(async () => {
    await app.close();
    await backend.close();
  });

  it(`${CLIENTS} clients calling without pause: served or refused at once, never left to time out`, async () => {
    const outcomes: string[] = [];
    let maxQueued = 0;
    const completedBefore = backend.stats().completed;
    const end = Date.now() + BURST_MS;
    const watcher = setInterval(() => (maxQueued = Math.max(maxQueued, backend.stats().queued)), 10);
    const client = async () => {
      while (Date.now() < end) {
        const res = await call();
        const code = res.json().ErrorCode as number;
        outcomes.push(`${res.statusCode}/${code}${res.headers['retry-after'] ? '+retry' : ''}`);
        // A refused client tries again a little later, as a client honouring a busy answer would.
        if (res.statusCode === 503) await new Promise((r) => setTimeout(r, 50));
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    clearInterval(watcher);
    const served = outcomes.filter((o) => o === '400/20003').length;
    const refused = outcomes.filter((o) => o === '503/10015+retry').length;
    // Every answer is a served call (the stand-in finds no face: 20003) or a busy answer with
    // Retry-After; none timed out (10002) and nothing else.
    expect(served + refused).toBe(outcomes.length);
    expect(refused).toBeGreaterThan(0);
    expect(served).toBeGreaterThan(0);
    // The queue stays within what the deadline allows: about WAIT_MAX_MS of work per worker
    // (plus the jobs a just-admitted burst adds before the estimate sees them), not QUEUE_MAX.
    expect(maxQueued).toBeLessThanOrEqual((WAIT_MAX_MS / SERVICE_MS + 2) * WORKERS);
    // Nothing was computed for nobody: the engine's answers are the served calls.
    expect(backend.stats().completed - completedBefore).toBe(served);
  });

  it('serves a call right after the load without refusing it', async () => {
    await expect.poll(() => backend.stats().queued).toBe(0);
    const res = await call();
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 20003]);
  });
});

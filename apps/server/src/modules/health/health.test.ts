import { TaskTimeoutError, UnknownTaskError, type BackendStats, type InferenceBackend } from '@pixora/vision';
import { describe, expect, it } from 'vitest';
import { engineGateway, testApp } from '../../../test/helpers.ts';

/** A backend whose jobs end as `run` says, with the stats given. */
function stubBackend(run: () => Promise<unknown>, stats: Partial<BackendStats> = {}) {
  let runs = 0;
  const backend: InferenceBackend = {
    run: <T>() => {
      runs++;
      return run() as Promise<T>;
    },
    ready: () => Promise.resolve(),
    stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 4, completed: 0, ready: 1, ...stats }),
    close: () => Promise.resolve(),
  };
  return { backend, runs: () => runs };
}

describe('/healthz (liveness) and /readyz (readiness)', () => {
  it('is alive at once, ready only once the models are loaded', async () => {
    const { backend } = stubBackend(() => Promise.resolve({ faces: [] }));
    const { app, ctx } = await testApp(backend);
    ctx.readiness.modelsLoaded = false;
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const starting = await app.inject('/readyz');
    expect([starting.statusCode, starting.json().models]).toEqual([503, false]);
    ctx.readiness.modelsLoaded = true;
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: true, jobs_complete: true });
    await app.close();
  });

  it('is not ready while every job times out, though alive', async () => {
    const { backend } = stubBackend(() => Promise.reject(new TaskTimeoutError(50)));
    const { app } = await testApp(backend);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ jobs_complete: false, probe_error: 'TaskTimeoutError' });
    await app.close();
  });

  it('is ready when the workers answer the probe that they do not serve its task (WORKER_TASKS)', async () => {
    const { backend } = stubBackend(() => Promise.reject(new UnknownTaskError('facepoints')));
    const { app } = await testApp(backend);
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jobs_complete: true });
    await app.close();
  });

  it('is not ready while no worker is ready, and needs no probe after a recent answer', async () => {
    const down = stubBackend(() => Promise.resolve({}), { ready: 0 });
    const { app } = await testApp(down.backend);
    expect((await app.inject('/readyz')).json()).toMatchObject({ workers_ready: false });
    expect(down.runs()).toBe(0);
    await app.close();

    const busy = stubBackend(() => Promise.reject(new Error('not reached')), { lastCompletedAt: Date.now() });
    const { app: served } = await testApp(busy.backend);
    expect((await served.inject('/readyz')).statusCode).toBe(200);
    expect(busy.runs()).toBe(0);
    await served.close();
  });

  it('is not ready when the database does not answer', async () => {
    const { backend } = stubBackend(() => Promise.resolve({}));
    const { app, ctx } = await testApp(backend);
    await ctx.db.kysely.destroy();
    const res = await app.inject('/readyz');
    expect([res.statusCode, res.json().database]).toEqual([503, false]);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    // The database is gone already: closing it again may fail.
    await app.close().catch(() => undefined);
  });

  it('probes the real engine: ready once a worker answers the probe job', async () => {
    const gateway = await engineGateway();
    try {
      const res = await gateway.app.inject('/readyz');
      expect(res.json()).toMatchObject({ status: 'ready', jobs_complete: true });
      expect(res.json().inference.completed).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });
});

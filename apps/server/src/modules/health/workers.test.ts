import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InferenceBackend } from '@pixora/vision';
import { idleBackend, rolesLetIn, sessionsByRole, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { createRedisBackend, type RedisBackend } from '../../platform/inference-queue.ts';
import { startQueueWorker, type QueueWorker } from '../../platform/inference-worker.ts';

describe('the inference overview for admins (GET /api/v1/admin/workers)', () => {
  it('shows the local pool to admins only', async () => {
    const { app, ctx } = await testApp(idleBackend);
    try {
      const sessions = await sessionsByRole(ctx, 'workers');
      const res = await app.inject({ url: '/api/v1/admin/workers', headers: sessions.admin });
      expect(res.json().data).toMatchObject({
        backend: 'local',
        workers: [{ id: 'local', concurrency: 1 }],
        queue: { waiting: 0, max_depth: 1 },
        jobs_last_minute: null,
      });
      expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/workers' })).toEqual([
        'admin',
      ]);
    } finally {
      await app.close();
    }
  });

  describe('with the Redis queue', () => {
    const queueName = `workers-test-${process.pid}`;
    let backend: RedisBackend;
    let worker: QueueWorker;
    let app: FastifyInstance;
    let ctx: AppContext;
    // A worker in this process on an engine stand-in that answers the size of the image it got.
    const standIn: InferenceBackend = {
      run: async <T>(_task: string, input: { image: Buffer }) => ({ bytes: input.image.length }) as T,
      ready: () => Promise.resolve(),
      stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
      close: () => Promise.resolve(),
    };

    beforeAll(async () => {
      worker = await startQueueWorker({
        redisUrl: inject('redisUrl'),
        queueName,
        backend: standIn,
        concurrency: 2,
        tasks: ['facepoints'],
        heartbeatMs: 200,
      });
      backend = createRedisBackend({
        redisUrl: inject('redisUrl'),
        queueName,
        maxDepth: 7,
        taskTimeoutMs: 10_000,
        pollMs: 100,
      });
      await backend.ready();
      ({ app, ctx } = await testApp(backend));
      ctx.inferenceOverview = () => backend.overview();
    });
    afterAll(async () => {
      await app?.close();
      await backend?.close();
      await worker?.close();
    });

    it('lists the workers by their heartbeats, the queue and the jobs of the last minute', async () => {
      expect(await backend.run('facepoints', { image: Buffer.alloc(1234) })).toEqual({ bytes: 1234 });
      await new Promise((r) => setTimeout(r, 300)); // a heartbeat
      const sessions = await sessionsByRole(ctx, 'workersq');
      const res = await app.inject({ url: '/api/v1/admin/workers', headers: sessions.admin });
      expect(res.json().data).toMatchObject({
        backend: 'redis',
        workers: [{ id: worker.id, pid: process.pid, tasks: ['facepoints'], concurrency: 2, jobs_done: 1 }],
        queue: { waiting: 0, active: 0, max_depth: 7 },
        jobs_last_minute: 1,
      });
    });

    it('/readyz checks Redis and finds the worker', async () => {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ready', database: true, redis: true, workers_ready: true });
    });

    it('a worker that leaves is no longer listed, and /readyz is then not ready', async () => {
      await worker.close();
      await new Promise((r) => setTimeout(r, 300));
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ redis: true, workers_ready: false });
    });
  });
});

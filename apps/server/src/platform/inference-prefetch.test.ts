import { afterAll, describe, expect, inject, it } from 'vitest';
import type { InferenceBackend } from '@pixora/vision';
import { createRedisBackend, queueWait, type RedisBackend, type WorkerHeartbeat } from './inference-queue.ts';
import { startQueueWorker, type QueueWorker } from './inference-worker.ts';

// A queue worker takes `prefetch` jobs beyond its inference workers, so that its engine starts the
// next job as it finishes one; the servers count such a job as waiting, not running.
describe('a queue worker that takes a job ahead (WORKER_PREFETCH)', () => {
  const queueName = `prefetch-test-${process.pid}`;
  let backend: RedisBackend | undefined;
  let worker: QueueWorker | undefined;
  /** Lets the engine stand-in's jobs finish, one each. */
  const finish: Array<() => void> = [];
  let released = false;
  afterAll(async () => {
    // Nothing left waiting on the stand-in, whatever the test saw.
    released = true;
    for (const f of finish) f();
    await backend?.close();
    await worker?.close();
  });

  it('holds one job more than its engine runs; the rest wait in the queue', async () => {
    // An engine stand-in with one place: jobs handed to it run one after the other, each until
    // the test lets it finish.
    const handed: string[] = [];
    let chain = Promise.resolve();
    const engine: InferenceBackend = {
      run: <T>(task: string) => {
        handed.push(task);
        const done = chain.then(
          () => new Promise<void>((resolve) => (released ? resolve() : finish.push(resolve))),
        );
        chain = done;
        return done.then(() => ({ task }) as T);
      },
      ready: () => Promise.resolve(),
      stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 2, completed: 0 }),
      close: () => Promise.resolve(),
    };
    worker = await startQueueWorker({
      redisUrl: inject('redisUrl'),
      queueName,
      backend: engine,
      concurrency: 1,
      prefetch: 1,
      tasks: ['a', 'b', 'c'],
      heartbeatMs: 100,
    });
    backend = createRedisBackend({
      redisUrl: inject('redisUrl'),
      queueName,
      maxDepth: 8,
      taskTimeoutMs: 10_000,
      pollMs: 100,
    });
    await backend.ready();
    const until = async (cond: () => boolean) => {
      const end = Date.now() + 10_000;
      while (!cond()) {
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const answers = ['a', 'b', 'c'].map((task) => backend!.run(task, { image: Buffer.from(task) }));
    // The first job runs, the second is taken ahead; the third stays in the queue.
    await until(() => handed.length === 2 && finish.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(handed).toHaveLength(2);
    const overview = await backend.overview();
    expect(overview.queue).toMatchObject({ waiting: 1, active: 2 });
    // The heartbeat counts the running job only.
    expect(overview.workers).toMatchObject([{ concurrency: 1, busy: 1 }]);
    // Finishing the first starts the second at once and takes the third ahead.
    finish[0]!();
    await until(() => handed.length === 3 && finish.length === 2);
    finish[1]!();
    await until(() => finish.length === 3);
    finish[2]!();
    expect(await Promise.all(answers)).toEqual([{ task: 'a' }, { task: 'b' }, { task: 'c' }]);
  });

  it('counts a job taken ahead as waiting in the estimate of the wait', () => {
    const heartbeat = { concurrency: 1, job_ms: 100 } as WorkerHeartbeat;
    // One running (half done on average) and one taken ahead: 1.5 jobs of 100 ms on one place.
    expect(queueWait({ waiting: 0, active: 2 }, [heartbeat])).toBe(150);
    expect(queueWait({ waiting: 1, active: 2 }, [heartbeat])).toBe(250);
    expect(queueWait({ waiting: 0, active: 1 }, [heartbeat])).toBe(50);
  });
});

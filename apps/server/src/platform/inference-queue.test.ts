import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ImageInputError,
  NoWorkerReadyError,
  QueueFullError,
  TaskAbortedError,
  TaskTimeoutError,
  WorkerCrashedError,
} from '@pixora/vision';
import { createRedisBackend, type RedisBackend } from './inference-queue.ts';

// The Redis backend against real worker processes (an engine stand-in, test/queue-worker-child.ts)
// on the tests' private Redis, each test file on a queue of its own.
const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/queue-worker-child.ts');
const queueName = `queue-test-${process.pid}`;

interface Proc {
  proc: ChildProcess;
  out: string;
}

function startWorker(): Promise<Proc> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, REDIS_URL: inject('redisUrl'), INFERENCE_QUEUE: queueName },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const p: Proc = { proc, out: '' };
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => {
      p.out += String(d);
      if (p.out.includes('ready\n')) resolve(p);
    });
    proc.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
  });
}

// Generous: worker processes start and take jobs slowly while the rest of the suite loads both cores.
const until = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const starts = (p: Proc, task: string) => p.out.split('\n').filter((l) => l === `start ${task}`).length;

describe('inference on a Redis queue (BullMQ) with worker processes', () => {
  let backend: RedisBackend;
  const workers: Proc[] = [];

  beforeAll(async () => {
    workers.push(await startWorker(), await startWorker());
    backend = createRedisBackend({
      redisUrl: inject('redisUrl'),
      queueName,
      maxDepth: 4,
      taskTimeoutMs: 15_000,
      pollMs: 200,
    });
    await backend.ready();
    await until(() => backend.stats().ready === 2);
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    for (const w of workers) w.proc.kill('SIGKILL');
  });

  it('carries the image bytes and params to a worker and its answer back, buffers intact', async () => {
    const image = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    // Params can hold bytes too (a second photo, an uploaded sticker): they arrive as bytes.
    const sticker = new Uint8Array([137, 80, 78, 71, 0, 255]);
    const out = await backend.run<{ image: Buffer; params: { a: number; sticker: Uint8Array }; pid: number }>(
      'echo',
      { image, params: { a: 1, sticker } },
    );
    expect(Buffer.from(out.image).equals(image)).toBe(true);
    expect(out.params.a).toBe(1);
    expect(out.params.sticker).toBeInstanceOf(Uint8Array);
    expect([...out.params.sticker]).toEqual([...sticker]);
    expect(workers.map((w) => w.proc.pid)).toContain(out.pid);
  });

  it('sends an engine error back unchanged, and does not retry it', async () => {
    const err = await backend.run('bad', { image: Buffer.from('x') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageInputError);
    expect((err as ImageInputError).code).toBe('DECODE_FAILED');
    // Let a retry, if there were one, start: the stalled check runs every second.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(workers.reduce((n, w) => n + starts(w, 'bad'), 0)).toBe(1);
  });

  it('spreads calls over both workers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        backend.run<{ pid: number }>('slow', { image: Buffer.from('x'), params: { ms: 300 } }),
      ),
    );
    expect(new Set(answers.map((a) => a.pid)).size).toBe(2);
  });

  it('refuses at once beyond the queue depth, withdraws a waiting job its caller gave up', async () => {
    // Both workers busy for a while, then the queue filled to its depth.
    const before = workers.reduce((n, w) => n + starts(w, 'slow'), 0);
    const seen = workers.map((w) => starts(w, 'slow'));
    const busy = [0, 1].map(() => backend.run('slow', { image: Buffer.from('x'), params: { ms: 1_500 } }));
    await until(() => workers.every((w, i) => starts(w, 'slow') > (seen[i] as number)));
    const gaveUp = new AbortController();
    const waiting = [
      backend.run('slow', { image: Buffer.from('x'), params: { ms: 1 } }, { signal: gaveUp.signal }),
      ...[1, 2, 3].map(() => backend.run('slow', { image: Buffer.from('x'), params: { ms: 1 } })),
    ];
    await new Promise((r) => setTimeout(r, 100));
    await expect(backend.run('slow', { image: Buffer.from('x') })).rejects.toBeInstanceOf(QueueFullError);
    gaveUp.abort();
    await expect(waiting[0]).rejects.toBeInstanceOf(TaskAbortedError);
    await Promise.all([...busy, ...waiting.slice(1)]);
    // The withdrawn job never ran: 2 + 3 slow jobs started, not 6.
    expect(workers.reduce((n, w) => n + starts(w, 'slow'), 0) - before).toBe(5);
  });

  it('answers TaskTimeoutError when the time budget runs out', async () => {
    const err = await backend
      .run('slow', { image: Buffer.from('x'), params: { ms: 1_000 } }, { timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskTimeoutError);
    await new Promise((r) => setTimeout(r, 1_000));
  });

  it('a worker stopped with SIGTERM finishes and answers its running job, then leaves', async () => {
    workers.push(await startWorker());
    await until(() => backend.stats().ready === 3);
    // Two workers kept busy (whichever two take the jobs: the new one may be among them), so
    // that the third takes the next job; that one is stopped.
    const seen = workers.map((w) => starts(w, 'slow'));
    const busy = () => workers.filter((w, i) => starts(w, 'slow') > (seen[i] as number));
    const others = [0, 1].map(() => backend.run('slow', { image: Buffer.from('x'), params: { ms: 4_000 } }));
    await until(() => busy().length === 2);
    const stopped = workers.find((w) => !busy().includes(w)) as Proc;
    const before = starts(stopped, 'slow');
    const call = backend.run<{ pid: number }>('slow', { image: Buffer.from('x'), params: { ms: 800 } });
    await until(() => starts(stopped, 'slow') === before + 1);
    const exited = new Promise<number | null>((resolve) => stopped.proc.once('exit', resolve));
    stopped.proc.kill('SIGTERM');
    expect((await call).pid).toBe(stopped.proc.pid);
    expect(await exited).toBe(0);
    // The tests below expect the two workers still serving in `workers`.
    workers.splice(workers.indexOf(stopped), 1);
    await Promise.all(others);
    await until(() => backend.stats().ready === 2);
  }, 45_000);

  it('runs the job of a worker killed mid-job once more on the other worker', async () => {
    const before = workers.map((w) => starts(w, 'slow'));
    const call = backend.run<{ pid: number }>('slow', { image: Buffer.from('x'), params: { ms: 1_000 } });
    await until(() => workers.some((w, i) => starts(w, 'slow') > (before[i] as number)));
    const victim = workers.findIndex((w, i) => starts(w, 'slow') > (before[i] as number));
    workers[victim]?.proc.kill('SIGKILL');
    const answer = await call;
    const survivor = workers[1 - victim] as Proc;
    expect(answer.pid).toBe(survivor.proc.pid);
  }, 20_000);

  it('answers WorkerCrashedError when the second worker of a job dies too (one retry only)', async () => {
    workers.push(await startWorker(), await startWorker());
    await until(() => backend.stats().ready === 3);
    const alive = workers.filter((w) => w.proc.exitCode === null && w.proc.signalCode === null);
    const before = alive.map((w) => starts(w, 'slow'));
    const started = () => alive.filter((w, i) => starts(w, 'slow') > (before[i] as number));
    const call = backend
      .run('slow', { image: Buffer.from('x'), params: { ms: 20_000 } })
      .catch((e: unknown) => e);
    await until(() => started().length === 1);
    started()[0]?.proc.kill('SIGKILL');
    await until(() => started().length === 2);
    for (const w of started()) w.proc.kill('SIGKILL');
    const err = await call;
    expect(err).toBeInstanceOf(WorkerCrashedError);
  }, 45_000);

  it('refuses calls at once (NoWorkerReadyError) while Redis does not answer', async () => {
    const unreachable = createRedisBackend({
      redisUrl: 'redis://127.0.0.1:1',
      queueName,
      maxDepth: 4,
      taskTimeoutMs: 15_000,
      redisAnswerMs: 300,
    });
    try {
      const err = await unreachable.run('echo', { image: Buffer.from('x') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NoWorkerReadyError);
      await expect(unreachable.overview()).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackendClosedError,
  createLocalBackend,
  ImageInputError,
  NoWorkerReadyError,
  OverloadedError,
  QueueFullError,
  runTaskInProcess,
  TaskAbortedError,
  TaskParamsError,
  TaskTimeoutError,
  WorkerCrashedError,
  type FacePointsResult,
  type InferenceBackend,
  type LocalBackendOptions,
} from '../src/index.ts';
import { astronautPath, read } from './fixtures.ts';
import { ENGINE_NODE_FLAGS, WORKER_MALLOC_ARENAS } from '../src/pool/local.ts';

const fakeWorker = new URL('./fixtures/fake-worker.ts', import.meta.url);
const brokenWorker = new URL('./fixtures/broken-worker.ts', import.meta.url);
/** A pool of the stand-in worker: one worker, four jobs may wait, 10 s per job, unless overridden. */
const fakeBackend = (options: LocalBackendOptions = {}) =>
  createLocalBackend({ workers: 1, maxQueue: 4, taskTimeoutMs: 10_000, workerUrl: fakeWorker, ...options });

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('local backend running the real engine in a worker thread', () => {
  let backend: InferenceBackend;
  const astronaut = read(astronautPath());

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 2, taskTimeoutMs: 60_000 });
    await backend.ready();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('ready() resolves once the worker has loaded its models', async () => {
    await expect(backend.ready()).resolves.toBeUndefined();
    expect(backend.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, maxQueue: 2 });
  });

  it('returns exactly what the in-process engine returns, and leaves the caller buffer intact', async () => {
    const copy = Buffer.from(astronaut);
    const fromPool = await backend.run<FacePointsResult>('facepoints', { image: astronaut });
    const inProcess = await runTaskInProcess<FacePointsResult>('facepoints', { image: astronaut });
    expect(fromPool).toEqual(inProcess);
    expect(fromPool.faces).toHaveLength(1);
    expect(astronaut.equals(copy)).toBe(true);
  });

  it('re-creates engine errors on this side with their class and code', async () => {
    const err = await backend
      .run('facepoints', { image: Buffer.from('plain text, not a photo') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageInputError);
    expect((err as ImageInputError).code).toBe('UNSUPPORTED_TYPE');
    await expect(
      backend.run('facepoints', { image: astronaut, params: { maxFaces: -1 } }),
    ).rejects.toBeInstanceOf(TaskParamsError);
  });

  it('rejects at once with QueueFullError when maxQueue jobs already wait', async () => {
    const before = backend.stats().completed;
    const running = backend.run('facepoints', { image: astronaut }); // dispatched to the worker
    const waiting = [
      backend.run('facepoints', { image: astronaut }),
      backend.run('facepoints', { image: astronaut }),
    ];
    expect(backend.stats()).toMatchObject({ busy: 1, queued: 2 });
    const t0 = performance.now();
    await expect(backend.run('facepoints', { image: astronaut })).rejects.toBeInstanceOf(QueueFullError);
    expect(performance.now() - t0).toBeLessThan(50);
    await Promise.all([running, ...waiting]);
    expect(backend.stats().completed).toBe(before + 3);
    expect(backend.stats().queued).toBe(0);
  });

  it('aborting a waiting job rejects it with TaskAbortedError', async () => {
    const before = backend.stats().completed;
    const running = backend.run('facepoints', { image: astronaut });
    const controller = new AbortController();
    const waiting = backend.run('facepoints', { image: astronaut }, { signal: controller.signal });
    // The waiting job has been sent ahead to the busy worker; aborting it tells the worker to skip it.
    expect(backend.stats()).toMatchObject({ busy: 1, queued: 1 });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(TaskAbortedError);
    expect(backend.stats().queued).toBe(0);
    await running;
    const next = await backend.run<FacePointsResult>('facepoints', { image: astronaut });
    expect(next.faces).toHaveLength(1);
    // Three answers: the first job, the skipped one (answered as aborted), the next one.
    expect(backend.stats().completed).toBe(before + 3);
  });

  it('rejects a job over its time budget with TaskTimeoutError, replaces the stuck worker, keeps serving', async () => {
    await expect(backend.run('facepoints', { image: astronaut }, { timeoutMs: 5 })).rejects.toBeInstanceOf(
      TaskTimeoutError,
    );
    // The job was still running 5 ms after it started: the worker is terminated and replaced.
    await backend.ready();
    expect(backend.stats().workers).toBe(1);
    const r = await backend.run<FacePointsResult>('facepoints', { image: astronaut });
    expect(r.faces).toHaveLength(1);
  });
});

describe('local backend with worker processes running the real engine', () => {
  it('answers what the in-process engine answers, with engine errors re-created', async () => {
    const astronaut = read(astronautPath());
    const backend = createLocalBackend({
      workers: 1,
      maxQueue: 2,
      taskTimeoutMs: 60_000,
      isolation: 'process',
    });
    try {
      await backend.ready();
      const [fromProcess, inProcess] = await Promise.all([
        backend.run<FacePointsResult>('facepoints', { image: astronaut }),
        runTaskInProcess<FacePointsResult>('facepoints', { image: astronaut }),
      ]);
      expect(fromProcess).toEqual(inProcess);
      expect(fromProcess.faces).toHaveLength(1);
      const err = await backend
        .run('facepoints', { image: Buffer.from('not a photo') })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImageInputError);
      expect((err as ImageInputError).code).toBe('UNSUPPORTED_TYPE');
    } finally {
      await backend.close();
    }
  });
});

describe('local backend: crashes, hangs, start-up failures, close (stand-in worker)', () => {
  it('runs jobs on all workers in parallel', async () => {
    const backend = fakeBackend({ workers: 2 });
    await backend.ready();
    const t0 = performance.now();
    const results = await Promise.all([
      backend.run<{ threadId: number }>('echo', { image: Buffer.from('a'), params: { delayMs: 400 } }),
      backend.run<{ threadId: number }>('echo', { image: Buffer.from('b'), params: { delayMs: 400 } }),
    ]);
    expect(performance.now() - t0).toBeLessThan(750);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    await backend.close();
  });

  it('sends a busy worker its next job ahead, only while jobs wait, and at most one', async () => {
    const backend = fakeBackend();
    await backend.ready();
    type Echo = { received: number; params: { n: number } };
    const echo = (n: number, delayMs: number) =>
      backend.run<Echo>('echo', { image: Buffer.from('x'), params: { n, delayMs } });
    // Alone, a job is the only one the worker has been sent.
    expect((await echo(0, 0)).received).toBe(1);
    const jobs = [echo(1, 300), echo(2, 300), echo(3, 0)];
    // Job 2 is already in the worker, job 3 waits in the pool's queue; both count as waiting.
    expect(backend.stats()).toMatchObject({ busy: 1, queued: 2 });
    const [first, second, third] = await Promise.all(jobs);
    // While job 1 ran, the worker had been sent jobs 0, 1 and 2, not yet 3.
    expect(first!.received).toBe(3);
    expect([second!.params.n, third!.params.n]).toEqual([2, 3]);
    await backend.close();

    const plain = fakeBackend({ sendAhead: false });
    await plain.ready();
    const one = plain.run<Echo>('echo', { image: Buffer.from('x'), params: { delayMs: 200 } });
    const two = plain.run<Echo>('echo', { image: Buffer.from('x') });
    // Without sending ahead, the second job reaches the worker only after the first has ended.
    expect((await one).received).toBe(1);
    expect((await two).received).toBe(2);
    await plain.close();
  });

  it('a job sent ahead to a worker that dies is not lost: it runs on the replacement', async () => {
    const backend = fakeBackend();
    await backend.ready();
    const exiting = backend.run('exit', { image: Buffer.from('x') });
    const ahead = backend.run<{ params: { n: number } }>('echo', {
      image: Buffer.from('y'),
      params: { n: 5 },
    });
    expect(backend.stats()).toMatchObject({ busy: 1, queued: 1 });
    await expect(exiting).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(ahead).resolves.toMatchObject({ params: { n: 5 } });
    await backend.close();
  });

  it('a crashed worker rejects its job with WorkerCrashedError and is replaced', async () => {
    const backend = fakeBackend();
    await backend.ready();
    const first = await backend.run<{ threadId: number }>('echo', { image: Buffer.from('x') });
    const err = await backend.run('crash', { image: Buffer.from('x') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerCrashedError);
    expect((err as Error).message).toContain('fake worker crashed');
    // Until its replacement is ready, jobs are refused (NoWorkerReadyError).
    await backend.ready();
    await expect(backend.run('exit', { image: Buffer.from('x') })).rejects.toBeInstanceOf(WorkerCrashedError);
    await backend.ready();
    const after = await backend.run<{ threadId: number }>('echo', { image: Buffer.from('x') });
    expect(after.threadId).not.toBe(first.threadId);
    expect(backend.stats().workers).toBe(1);
    await backend.close();
  });

  it('a hung worker is terminated after the budget and replaced; queued jobs then run', async () => {
    const backend = fakeBackend({ taskTimeoutMs: 300 });
    await backend.ready();
    const hung = backend.run('hang', { image: Buffer.from('x') });
    const queued = backend.run<{ params: { n: number } }>(
      'echo',
      { image: Buffer.from('y'), params: { n: 7 } },
      { timeoutMs: 10_000 },
    );
    await expect(hung).rejects.toBeInstanceOf(TaskTimeoutError);
    await expect(queued).resolves.toMatchObject({ params: { n: 7 } });
    expect(backend.stats().workers).toBe(1);
    await backend.close();
  });

  it('backs off restarts of workers that keep dying, and refuses jobs at once while none is ready', async () => {
    const backend = fakeBackend({ taskTimeoutMs: 200, restartBackoff: { baseMs: 300, maxMs: 300 } });
    await backend.ready();
    // The first death since a job was answered is replaced at once.
    await expect(backend.run('hang', { image: Buffer.from('x') })).rejects.toBeInstanceOf(TaskTimeoutError);
    await until(() => backend.stats().restarts === 1);
    await backend.ready();
    expect(backend.stats()).toMatchObject({ ready: 1, restarts: 1 });
    // The second waits out its delay: no worker meanwhile, and jobs are refused at once.
    await expect(backend.run('exit', { image: Buffer.from('x') })).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(backend.stats()).toMatchObject({ workers: 0, ready: 0, restarts: 2 });
    const refused = await backend.run('echo', { image: Buffer.from('x') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NoWorkerReadyError);
    // ready() waits for the delayed replacement, which then serves.
    await backend.ready();
    await expect(backend.run('echo', { image: Buffer.from('x'), params: { n: 2 } })).resolves.toMatchObject({
      params: { n: 2 },
    });
    expect(backend.stats().lastCompletedAt).toBeTypeOf('number');
    await backend.close();
  });

  it('errors sent by a worker keep their class and code', async () => {
    const backend = fakeBackend({ maxQueue: 1, taskTimeoutMs: 5_000 });
    const err = await backend.run('fail', { image: Buffer.from('x') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageInputError);
    expect((err as ImageInputError).code).toBe('TOO_LARGE');
    await backend.close();
  });

  it('ready() rejects when workers cannot start, and so do jobs', async () => {
    const backend = createLocalBackend({
      workers: 1,
      maxQueue: 1,
      taskTimeoutMs: 5_000,
      workerUrl: brokenWorker,
    });
    await expect(backend.ready()).rejects.toThrow(/fail to start.*models not found/);
    await expect(backend.run('echo', { image: Buffer.from('x') })).rejects.toThrow(/fail to start/);
    await backend.close();
  });

  it('worker processes: jobs run in another process; a dead or hung one is replaced', async () => {
    const backend = fakeBackend({ isolation: 'process' });
    await backend.ready();
    type Echo = {
      pid: number;
      bytes: number;
      params: { n: number };
      execArgv: string[];
      mallocArenas?: string;
    };
    const first = await backend.run<Echo>('echo', { image: Buffer.from('abc'), params: { n: 1 } });
    expect(first.pid).not.toBe(process.pid);
    // The engine's V8 flags (decision 0012) reach the worker process, and its malloc arenas are
    // limited (decision 0015) unless this environment sets them.
    expect(first.execArgv).toEqual(expect.arrayContaining([...ENGINE_NODE_FLAGS]));
    expect(first.mallocArenas).toBe(process.env.MALLOC_ARENA_MAX ?? WORKER_MALLOC_ARENAS);
    expect(first).toMatchObject({ bytes: 3, params: { n: 1 } });
    const err = await backend.run('fail', { image: Buffer.from('x') }).catch((e: unknown) => e);
    expect((err as ImageInputError).code).toBe('TOO_LARGE');
    await expect(backend.run('exit', { image: Buffer.from('x') })).rejects.toBeInstanceOf(WorkerCrashedError);
    await backend.ready();
    const second = await backend.run<Echo>('echo', { image: Buffer.from('x') });
    expect(second.pid).not.toBe(first.pid);
    await expect(backend.run('hang', { image: Buffer.from('x') }, { timeoutMs: 300 })).rejects.toBeInstanceOf(
      TaskTimeoutError,
    );
    await backend.ready();
    const third = await backend.run<Echo>('echo', { image: Buffer.from('x') });
    expect(third.pid).not.toBe(second.pid);
    await backend.close();
    expect(() => process.kill(third.pid, 0)).toThrow();
  });

  it("worker processes: an operator's MALLOC_ARENA_MAX reaches them unchanged", async () => {
    const before = process.env.MALLOC_ARENA_MAX;
    process.env.MALLOC_ARENA_MAX = '4';
    const backend = fakeBackend({ isolation: 'process' });
    try {
      await backend.ready();
      const echo = await backend.run<{ mallocArenas?: string }>('echo', { image: Buffer.from('x') });
      expect(echo.mallocArenas).toBe('4');
    } finally {
      await backend.close();
      if (before === undefined) delete process.env.MALLOC_ARENA_MAX;
      else process.env.MALLOC_ARENA_MAX = before;
    }
  });

  it('close() rejects running and waiting jobs, terminates the workers and refuses new jobs', async () => {
    const backend = fakeBackend({ maxQueue: 2 });
    await backend.ready();
    // Attach the expectations first: both jobs reject while close() is being awaited.
    const running = expect(
      backend.run('echo', { image: Buffer.from('x'), params: { delayMs: 5_000 } }),
    ).rejects.toBeInstanceOf(BackendClosedError);
    const waiting = expect(backend.run('echo', { image: Buffer.from('y') })).rejects.toBeInstanceOf(
      BackendClosedError,
    );
    await backend.close();
    await running;
    await waiting;
    expect(backend.stats()).toMatchObject({ workers: 0, busy: 0, queued: 0 });
    await expect(backend.run('echo', { image: Buffer.from('z') })).rejects.toBeInstanceOf(BackendClosedError);
    await expect(backend.ready()).rejects.toBeInstanceOf(BackendClosedError);
    await until(() => backend.stats().workers === 0);
  });
});

describe('local backend: admission by deadline (stand-in worker, one job at a time)', () => {
  const work = (
    backend: InferenceBackend,
    delayMs: number,
    opts: { maxWaitMs?: number; timeoutMs?: number } = {},
  ) => backend.run('work', { image: Buffer.alloc(1), params: { delayMs } }, opts);
  /** Settles a job's promise into what it ended as, so that refusals can be counted. */
  const outcome = (job: Promise<unknown>) =>
    job.then(
      () => 'done',
      (err: Error) => err,
    );

  it('learns the service time and refuses at once a job that would wait longer than it may', async () => {
    const backend = fakeBackend({ maxQueue: 50 });
    await backend.ready();
    expect(backend.stats().estimatedWaitMs).toBe(0);
    for (let i = 0; i < 3; i++) await work(backend, 150);
    const running = outcome(work(backend, 150, { maxWaitMs: 0 }));
    // One job running: a new one waits about one service time (what is left of it).
    const oneJob = backend.stats().estimatedWaitMs!;
    expect(oneJob).toBeGreaterThan(100);
    // Allowed 2.5 service times of waiting: the second and third jobs fit, the fourth does not.
    const maxWaitMs = 2.5 * oneJob;
    const second = outcome(work(backend, 150, { maxWaitMs }));
    const third = outcome(work(backend, 150, { maxWaitMs }));
    const fourth = await outcome(work(backend, 150, { maxWaitMs }));
    expect(fourth).toBeInstanceOf(OverloadedError);
    const refused = fourth as OverloadedError;
    expect(refused.waitMs).toBeGreaterThan(maxWaitMs);
    expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    // Without a deadline only the queue bound applies: the same job is queued.
    const unbounded = outcome(work(backend, 150));
    expect(backend.stats().queued).toBe(3);
    expect(await Promise.all([running, second, third, unbounded])).toEqual(['done', 'done', 'done', 'done']);
    await backend.close();
  });

  it('admits a job as long as the wait is within its own service time, and never past its time budget', async () => {
    const backend = fakeBackend({ maxQueue: 50 });
    await backend.ready();
    await work(backend, 200);
    const running = outcome(work(backend, 200));
    // A wait of about one service time: admitted though it exceeds maxWaitMs (a slow task may
    // wait for one of its own).
    const slow = outcome(work(backend, 200, { maxWaitMs: 10 }));
    // Two service times ahead now: a job allowed 10 ms of waiting is refused...
    expect(await outcome(work(backend, 200, { maxWaitMs: 10 }))).toBeInstanceOf(OverloadedError);
    // ...and so is one whose budget would end before it could finish.
    expect(await outcome(work(backend, 200, { maxWaitMs: 60_000, timeoutMs: 300 }))).toBeInstanceOf(
      OverloadedError,
    );
    expect(await Promise.all([running, slow])).toEqual(['done', 'done']);
    await backend.close();
  });
});

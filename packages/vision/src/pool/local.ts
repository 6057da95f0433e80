/**
 * Local inference backend: a fixed set of workers (one per core by default; worker threads, or child
 * processes with `isolation: 'process'`, which the server uses), each holding its own tfjs runtime
 * and models, fed from one bounded FIFO queue. Under load each busy worker is
 * also sent its next job ahead of time (at most one; `sendAhead`), which it starts as soon as the
 * current one ends; such a job still counts as waiting, and goes back to the queue if its worker dies.
 *
 * Time budget: a job's `timeoutMs` runs from submission (queue wait included), because that is
 * what the HTTP client experiences. When it expires the caller gets TaskTimeoutError at once.
 * The worker itself is only replaced if the job is still running `timeoutMs` after it STARTED:
 * a healthy worker that was merely handed a job late is left to finish (its result is dropped),
 * which avoids killing capacity exactly when the machine is overloaded.
 *
 * Restarts back off: a worker that dies (crash, watchdog, failed start) is replaced at once the
 * first time, then after `restartBackoff.baseMs`, doubling with each further death until a worker
 * answers a job again, capped at `restartBackoff.maxMs`; so a timeout that kills every job does
 * not turn the pool into a loop of model loads. While no worker is ready (all dead, starting again
 * or waiting out their delay, after the pool was ready once) new jobs are refused at once with
 * NoWorkerReadyError instead of queueing behind workers that may take long to come.
 *
 * Admission by deadline: the pool measures each task's service time (from the moment a worker
 * starts the job to its answer; a moving average) and so knows how much work is ahead of a new
 * job: what the running jobs still need plus the waiting jobs, shared among the ready workers. A
 * job submitted with `maxWaitMs` that would wait longer than the greater of that and its own
 * service time, or would not finish within its `timeoutMs`, is refused at once (OverloadedError,
 * with when to retry) rather than queued to spend its budget waiting: under overload the callers
 * that are admitted are served in about their deadline and the others learn it at once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import {
  BackendClosedError,
  deserializeError,
  NoWorkerReadyError,
  OverloadedError,
  QueueFullError,
  TaskAbortedError,
  TaskParamsError,
  TaskTimeoutError,
  WorkerCrashedError,
} from '../errors.ts';
import type { ImageLimits } from '../image/decode.ts';
import {
  refusalRetryMs,
  type BackendStats,
  type InferenceBackend,
  type RunInput,
  type RunOptions,
} from './backend.ts';
import type { FromWorker, RunMessage, ToWorker, WorkerInit } from './protocol.ts';

export interface LocalBackendOptions {
  /** Workers; default: one per core (`os.availableParallelism()`). */
  workers?: number;
  /**
   * What a worker is: a thread of this process (default) or a child process of its own. Both run
   * the same worker module and protocol. Processes share nothing with each other (allocator,
   * V8 platform, libvips state), which measured faster with two busy workers on two cores
   * (docs/decisions/0004-one-core-per-worker.md); each costs a Node runtime more memory.
   */
  isolation?: 'thread' | 'process';
  /** Jobs allowed to wait for a worker; beyond that `run` rejects with QueueFullError. Default 32. */
  maxQueue?: number;
  /** Default time budget per job, queue wait included. Default 30 000 ms. */
  taskTimeoutMs?: number;
  /** Image validation limits applied inside the workers. */
  limits?: Partial<ImageLimits>;
  /** The tasks whose models the workers load (others answer UnknownTaskError). Default: every task. */
  tasks?: string[];
  /** A worker that has not reported ready after this long counts as failed. Default 120 000 ms. */
  startupTimeoutMs?: number;
  /** V8 heap cap per worker (tfjs/wasm memory is outside it). Default 512 MB. */
  maxOldGenerationSizeMb?: number;
  /**
   * Further V8 flags of each worker process (isolation 'process'; threads share their process's
   * flags). Default ENGINE_NODE_FLAGS.
   */
  workerNodeFlags?: readonly string[];
  /**
   * libvips threads per sharp operation, set by the workers. Default 1 so that each worker uses
   * one core (see worker.ts). This is a process-wide libvips setting: it also applies to sharp
   * calls on the main thread. Pass 0 to let libvips use one thread per core.
   */
  sharpConcurrency?: number;
  /**
   * Send a busy worker its next job while the queue is not empty, so it starts that job the moment
   * the current one ends instead of waiting for this thread to hand it over (measured: with both
   * cores busy, that hand-over left each worker idle about a tenth of the time). Default true.
   */
  sendAhead?: boolean;
  /** Delay before replacing a dead worker: see the module comment. Default 500 ms doubling up to 30 s. */
  restartBackoff?: { baseMs: number; maxMs: number };
  /**
   * Worker entry module. Defaults to the engine worker (./worker.ts); tests pass a stand-in that
   * speaks the same protocol to exercise crashes and hangs.
   */
  workerUrl?: URL;
}

interface Job {
  id: number;
  task: string;
  image: Buffer;
  params?: Record<string, unknown>;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  settled: boolean;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
  /** When a worker started it (performance.now()); unset while it waits. */
  startedAt?: number;
}

type SlotState = 'starting' | 'idle' | 'busy' | 'dead';

/** The part of a worker thread the pool uses; a child process is adapted to it (processWorker). */
interface WorkerHandle {
  postMessage(msg: ToWorker, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (msg: FromWorker) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  terminate(): Promise<unknown>;
}

/**
 * glibc's malloc arenas in a worker process, unless the environment sets MALLOC_ARENA_MAX. By
 * default glibc gives each thread that allocates its own arena (up to 8 per core), and onnxruntime
 * runs each network on whichever of libuv's four threads is free: every one of them then keeps the
 * buffers its runs freed in an arena of its own, which the others never reuse. One arena for the
 * process shares them (docs/decisions/0015-one-malloc-arena-per-worker.md: about 60 MB less peak
 * memory per worker process, the same throughput and latency).
 */
export const WORKER_MALLOC_ARENAS = '1';

/**
 * A worker in a child process: the same module, started by `fork` with tsx loaded and the
 * parent's V8 flags, messages in V8's structured-clone format (typed arrays and errors pass as
 * they do between threads), and its init in an environment variable.
 */
function processWorker(
  url: URL,
  init: WorkerInit,
  maxOldGenerationSizeMb: number,
  nodeFlags: readonly string[],
): WorkerHandle {
  const entry = url.protocol === 'file:' ? url.pathname : url.href;
  const child = fork(entry, [], {
    execArgv: [
      // The pool's process runs with one GC thread per worker (decision 0004); so do its workers.
      ...(process.execArgv.includes('--single-threaded-gc') ? ['--single-threaded-gc'] : []),
      ...(entry.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : []),
      `--max-old-space-size=${maxOldGenerationSizeMb}`,
      ...nodeFlags,
    ],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? WORKER_MALLOC_ARENAS,
      PIXORA_WORKER_INIT: JSON.stringify(init),
    },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    postMessage(msg) {
      if (child.connected) child.send(msg);
    },
    on(event: 'message' | 'error' | 'exit', listener: (arg: never) => void) {
      if (event === 'exit')
        child.on('exit', (code, signal) => (listener as (c: number) => void)(code ?? (signal ? 1 : 0)));
      else child.on(event, listener as (arg: unknown) => void);
    },
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

interface Slot {
  worker: WorkerHandle;
  state: SlotState;
  /**
   * Jobs sent to this worker, in the order it runs them: the first is running, a second one (sent
   * ahead, see pump) waits inside the worker. Settled jobs stay until the worker answers them.
   */
  jobs: Job[];
  /** Fires if the running job outlives its budget measured from its start: worker is stuck. */
  watchdog?: NodeJS.Timeout;
  startupTimer?: NodeJS.Timeout;
  lastError?: Error;
}

/**
 * V8 flags of the engine's worker processes: the old generation may grow to twice its live size
 * between full collections (docs/decisions/0012-engine-heap-growth.md). A job allocates a hundred
 * MB or more of typed arrays and tensors; with V8's own, adaptive growth a worker ran a full
 * mark-compact or two per job, each marking the whole ~60 MB heap on the job's thread
 * (--single-threaded-gc): 80-120 ms of a 500-700 ms cartoon or face-parsing job.
 */
export const ENGINE_NODE_FLAGS: readonly string[] = ['--heap-growing-percent=100'];

const DEFAULTS = {
  maxQueue: 32,
  taskTimeoutMs: 30_000,
  startupTimeoutMs: 120_000,
  maxOldGenerationSizeMb: 512,
  restartBackoff: { baseMs: 500, maxMs: 30_000 },
};
/** Weight of the newest service time in a task's moving average. */
const SERVICE_EWMA_WEIGHT = 0.2;
/** Consecutive workers dying before 'ready' after which the pool gives up respawning. */
const MAX_STARTUP_FAILURES = 3;

const require = createRequire(import.meta.url);

/**
 * How to start a worker for `url`. Plain JavaScript starts directly. A TypeScript entry (our
 * default, since packages ship ./src/*.ts and run through tsx) needs tsx inside the worker, and
 * `execArgv: ['--import', 'tsx']` does NOT achieve that on Node 20.20: measured, the worker still
 * fails with ERR_UNKNOWN_FILE_EXTENSION (see docs/decisions/vision-worker-typescript.md). So the
 * worker starts from a two-line bootstrap that registers tsx's ESM hooks through its public API
 * and then imports the entry. tsx is resolved from this package, not from the process cwd.
 */
function workerSource(url: URL): { source: string | URL; evalCode: boolean } {
  if (!url.pathname.endsWith('.ts')) return { source: url, evalCode: false };
  const pkgPath = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = pkg.exports['./esm/api']?.import?.default;
  if (!entry) throw new Error('tsx does not export ./esm/api; cannot start TypeScript workers');
  const api = pathToFileURL(path.join(path.dirname(pkgPath), entry)).href;
  const source =
    `import(${JSON.stringify(api)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return { source, evalCode: true };
}

export function createLocalBackend(options: LocalBackendOptions = {}): InferenceBackend {
  const workerCount = Math.max(1, Math.floor(options.workers ?? os.availableParallelism()));
  const maxQueue = Math.max(0, Math.floor(options.maxQueue ?? DEFAULTS.maxQueue));
  const defaultTimeout = options.taskTimeoutMs ?? DEFAULTS.taskTimeoutMs;
  const startupTimeoutMs = options.startupTimeoutMs ?? DEFAULTS.startupTimeoutMs;
  const workerUrl = options.workerUrl ?? new URL('./worker.ts', import.meta.url);
  const { source, evalCode } = workerSource(workerUrl);
  const init: WorkerInit = {
    limits: options.limits,
    sharpConcurrency: options.sharpConcurrency ?? 1,
    tasks: options.tasks,
  };
  const sendAhead = options.sendAhead ?? true;
  const backoff = options.restartBackoff ?? DEFAULTS.restartBackoff;

  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let completed = 0;
  let closed = false;
  let startupFailures = 0;
  /** Workers that died since a worker last answered a job: sets the next restart's delay. */
  let deathsSinceAnswer = 0;
  let restarts = 0;
  /** Restarts waiting out their back-off delay, and when the first of them is due. */
  const restartTimers = new Set<NodeJS.Timeout>();
  let nextRestartAt = 0;
  let everReady = false;
  let lastCompletedAt: number | undefined;
  let fatal: Error | undefined;
  let readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  /** Service time per task (ms, moving average of start-to-answer times). */
  const serviceMs = new Map<string, number>();

  function recordService(job: Job): void {
    if (job.startedAt === undefined) return;
    const took = performance.now() - job.startedAt;
    const before = serviceMs.get(job.task);
    serviceMs.set(job.task, before === undefined ? took : before + SERVICE_EWMA_WEIGHT * (took - before));
  }

  /** A task's expected service time: its own average, else the mean of the tasks measured, else 0. */
  function expectedService(task: string): number {
    const own = serviceMs.get(task);
    if (own !== undefined) return own;
    if (serviceMs.size === 0) return 0;
    let sum = 0;
    for (const v of serviceMs.values()) sum += v;
    return sum / serviceMs.size;
  }

  /**
   * How long a job submitted now waits before a worker starts it: the remaining service of the
   * running jobs and the service of every waiting job, shared among the ready workers; 0 when a
   * worker is idle.
   */
  function estimatedWait(): number {
    const ready = readyCount();
    if (ready === 0) return Infinity;
    if ([...slots].some((s) => s.state === 'idle')) return 0;
    const now = performance.now();
    let work = 0;
    for (const slot of slots)
      for (const job of slot.jobs) {
        if (job.settled && job !== slot.jobs[0]) continue;
        const expected = expectedService(job.task);
        work += job.startedAt === undefined ? expected : Math.max(0, expected - (now - job.startedAt));
      }
    for (const job of queue) work += expectedService(job.task);
    return work / ready;
  }

  function settle(job: Job, err: Error | null, value?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.timer) clearTimeout(job.timer);
    if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(value);
  }

  function checkReady(): void {
    if (readyWaiters.length === 0) return;
    const waiters = readyWaiters;
    if (fatal || closed) {
      readyWaiters = [];
      const err = fatal ?? new BackendClosedError();
      for (const w of waiters) w.reject(err);
      return;
    }
    // Ready once no worker is starting or waiting to be restarted.
    if (restartTimers.size > 0 || [...slots].some((s) => s.state === 'starting')) return;
    readyWaiters = [];
    for (const w of waiters) w.resolve();
  }

  function spawn(): void {
    const heapMb = options.maxOldGenerationSizeMb ?? DEFAULTS.maxOldGenerationSizeMb;
    const worker: WorkerHandle =
      options.isolation === 'process'
        ? processWorker(workerUrl, init, heapMb, options.workerNodeFlags ?? ENGINE_NODE_FLAGS)
        : new Worker(source, {
            eval: evalCode,
            workerData: init,
            resourceLimits: { maxOldGenerationSizeMb: heapMb },
          });
    const slot: Slot = { worker, state: 'starting', jobs: [] };
    slots.add(slot);
    slot.startupTimer = setTimeout(() => {
      slot.lastError = new Error(`worker did not become ready within ${startupTimeoutMs} ms`);
      void worker.terminate();
    }, startupTimeoutMs);
    worker.on('message', (msg: FromWorker) => onMessage(slot, msg));
    worker.on('error', (err) => {
      slot.lastError = err;
    });
    worker.on('exit', (code) => onExit(slot, code));
  }

  function onMessage(slot: Slot, msg: FromWorker): void {
    switch (msg.type) {
      case 'ready':
        if (slot.startupTimer) clearTimeout(slot.startupTimer);
        startupFailures = 0;
        everReady = true;
        slot.state = 'idle';
        checkReady();
        pump();
        return;
      case 'init-error':
        slot.lastError = deserializeError(msg.error);
        return;
      case 'result':
      case 'error': {
        const index = slot.jobs.findIndex((j) => j.id === msg.id);
        if (index < 0) return;
        const [job] = slot.jobs.splice(index, 1) as [Job];
        // Only computed answers teach the service time: a refused image or a skipped job is quick.
        if (msg.type === 'result') recordService(job);
        if (index === 0) {
          if (slot.watchdog) clearTimeout(slot.watchdog);
          // The worker goes straight on to the job it was sent ahead, if any.
          if (slot.jobs[0]) watch(slot, slot.jobs[0]);
        }
        if (slot.jobs.length === 0) slot.state = 'idle';
        completed++;
        lastCompletedAt = Date.now();
        deathsSinceAnswer = 0;
        if (msg.type === 'result') settle(job, null, msg.result);
        else settle(job, deserializeError(msg.error));
        pump();
        return;
      }
    }
  }

  function onExit(slot: Slot, code: number): void {
    const wasStarting = slot.state === 'starting';
    slot.state = 'dead';
    slots.delete(slot);
    if (slot.startupTimer) clearTimeout(slot.startupTimer);
    if (slot.watchdog) clearTimeout(slot.watchdog);
    const [job, ...ahead] = slot.jobs;
    slot.jobs = [];
    if (closed) {
      if (job) settle(job, new BackendClosedError());
      for (const j of ahead) settle(j, new BackendClosedError());
      return;
    }
    if (job) {
      const why = slot.lastError ? `: ${slot.lastError.message}` : ` (exit code ${code})`;
      settle(job, new WorkerCrashedError(`inference worker died while running the job${why}`));
    }
    // Jobs sent ahead had not started: they go back to the front of the queue, in order.
    queue.unshift(...ahead.filter((j) => !j.settled));
    pump();
    if (wasStarting) {
      startupFailures++;
      if (startupFailures >= MAX_STARTUP_FAILURES) {
        fatal = new Error(
          `inference workers fail to start (${startupFailures} attempts): ${slot.lastError?.message ?? `exit code ${code}`}`,
          { cause: slot.lastError },
        );
        for (const j of queue.splice(0)) settle(j, fatal);
        checkReady();
        return;
      }
    }
    restartLater();
  }

  /** Replaces a dead worker after the back-off delay of the deaths since the last answered job. */
  function restartLater(): void {
    deathsSinceAnswer++;
    restarts++;
    const delay =
      deathsSinceAnswer <= 1 ? 0 : Math.min(backoff.maxMs, backoff.baseMs * 2 ** (deathsSinceAnswer - 2));
    if (delay === 0) {
      spawn();
      return;
    }
    const due = Date.now() + delay;
    if (restartTimers.size === 0 || due < nextRestartAt) nextRestartAt = due;
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!closed) spawn();
    }, delay);
    restartTimers.add(timer);
  }

  /** Workers that have loaded their models and take jobs. */
  function readyCount(): number {
    let n = 0;
    for (const s of slots) if (s.state === 'idle' || s.state === 'busy') n++;
    return n;
  }

  function dispatch(slot: Slot, job: Job): void {
    // Copy into a standalone ArrayBuffer and transfer it: one copy of exactly the image bytes.
    // (Posting the caller's Buffer would clone its whole backing ArrayBuffer, which for pooled
    // or sliced Buffers is larger than the image; transferring it would detach the caller's.)
    const bytes = new Uint8Array(job.image.byteLength);
    bytes.set(job.image);
    const msg: RunMessage = { type: 'run', id: job.id, task: job.task, image: bytes, params: job.params };
    try {
      slot.worker.postMessage(msg, [bytes.buffer]);
    } catch (err) {
      // Non-cloneable params (functions, class instances with private state...).
      settle(job, new TaskParamsError(`params cannot be sent to the worker: ${(err as Error).message}`));
      return;
    }
    slot.state = 'busy';
    slot.jobs.push(job);
    if (slot.jobs.length === 1) watch(slot, job);
  }

  /** Arms the watchdog for the job the worker has just started. */
  function watch(slot: Slot, job: Job): void {
    job.startedAt = performance.now();
    slot.watchdog = setTimeout(() => {
      if (slot.jobs[0] === job) {
        slot.lastError = new Error(`job ${job.task} still running ${job.timeoutMs} ms after it started`);
        void slot.worker.terminate();
      }
    }, job.timeoutMs);
  }

  /** Jobs not yet started: in the queue, or sent ahead to a busy worker. */
  function waitingCount(): number {
    let n = queue.length;
    for (const slot of slots) for (const job of slot.jobs.slice(1)) if (!job.settled) n++;
    return n;
  }

  /** A job given up by its caller: out of the queue, or skipped by the worker it was sent ahead to. */
  function withdraw(job: Job): void {
    const i = queue.indexOf(job);
    if (i >= 0) queue.splice(i, 1);
    for (const slot of slots) {
      if (slot.jobs.indexOf(job) > 0) slot.worker.postMessage({ type: 'cancel', id: job.id });
    }
  }

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.state !== 'idle') continue;
      dispatch(slot, queue.shift() as Job);
    }
    if (!sendAhead) return;
    // Still waiting jobs, every worker busy: each worker gets at most one job ahead.
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.state === 'busy' && slot.jobs.length === 1) dispatch(slot, queue.shift() as Job);
    }
  }

  for (let i = 0; i < workerCount; i++) spawn();

  return {
    run<T = unknown>(task: string, input: RunInput, opts: RunOptions = {}): Promise<T> {
      if (closed) return Promise.reject(new BackendClosedError());
      if (fatal) return Promise.reject(fatal);
      if (opts.signal?.aborted) return Promise.reject(new TaskAbortedError());
      if (everReady && readyCount() === 0)
        return Promise.reject(new NoWorkerReadyError(Math.max(0, nextRestartAt - Date.now())));
      const image = input.image;
      if (!(image instanceof Uint8Array))
        return Promise.reject(new TypeError('input.image must be a Buffer'));
      const idle = [...slots].find((s) => s.state === 'idle');
      if (!idle && waitingCount() >= maxQueue) return Promise.reject(new QueueFullError(maxQueue));
      if (!idle && opts.maxWaitMs !== undefined) {
        const wait = estimatedWait();
        const retryMs = refusalRetryMs(
          wait,
          expectedService(task),
          opts.maxWaitMs,
          opts.timeoutMs ?? defaultTimeout,
        );
        if (retryMs !== undefined) return Promise.reject(new OverloadedError(wait, retryMs));
      }
      return new Promise<T>((resolve, reject) => {
        const job: Job = {
          id: nextId++,
          task,
          image,
          params: input.params,
          timeoutMs: opts.timeoutMs ?? defaultTimeout,
          resolve: resolve as (v: unknown) => void,
          reject,
          settled: false,
          signal: opts.signal,
        };
        job.timer = setTimeout(() => {
          withdraw(job);
          settle(job, new TaskTimeoutError(job.timeoutMs));
        }, job.timeoutMs);
        if (opts.signal) {
          job.onAbort = () => {
            withdraw(job);
            settle(job, new TaskAbortedError());
          };
          opts.signal.addEventListener('abort', job.onAbort, { once: true });
        }
        if (idle) dispatch(idle, job);
        else {
          queue.push(job);
          pump();
        }
      });
    },

    ready(): Promise<void> {
      if (fatal) return Promise.reject(fatal);
      if (closed) return Promise.reject(new BackendClosedError());
      return new Promise<void>((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        checkReady();
      });
    },

    stats(): BackendStats {
      let busy = 0;
      for (const s of slots) if (s.state === 'busy') busy++;
      return {
        workers: slots.size,
        busy,
        queued: waitingCount(),
        maxQueue,
        completed,
        ready: readyCount(),
        lastCompletedAt,
        restarts,
        estimatedWaitMs: readyCount() === 0 ? undefined : estimatedWait(),
        serviceMs: Object.fromEntries(serviceMs),
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const timer of restartTimers) clearTimeout(timer);
      restartTimers.clear();
      for (const job of queue.splice(0)) settle(job, new BackendClosedError());
      checkReady();
      const workers = [...slots].map((s) => s.worker);
      await Promise.all(workers.map((w) => w.terminate()));
      // 'exit' handlers settle running jobs; make sure nothing is left even if one was missed.
      for (const s of slots) for (const job of s.jobs) settle(job, new BackendClosedError());
      slots.clear();
    },
  };
}

/**
 * Local inference backend: a fixed set of worker threads (one per core by default), each holding
 * its own tfjs runtime and models, fed from one bounded FIFO queue.
 *
 * Time budget: a job's `timeoutMs` runs from submission (queue wait included), because that is
 * what the HTTP client experiences. When it expires the caller gets TaskTimeoutError at once.
 * The worker itself is only replaced if the job is still running `timeoutMs` after it STARTED:
 * a healthy worker that was merely handed a job late is left to finish (its result is dropped),
 * which avoids killing capacity exactly when the machine is overloaded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  BackendClosedError,
  deserializeError,
  QueueFullError,
  TaskAbortedError,
  TaskParamsError,
  TaskTimeoutError,
  WorkerCrashedError,
} from '../errors.ts';
import type { ImageLimits } from '../image/decode.ts';
import type { BackendStats, InferenceBackend, RunInput, RunOptions } from './backend.ts';
import type { FromWorker, RunMessage, WorkerInit } from './protocol.ts';

export interface LocalBackendOptions {
  /** Worker threads; default: one per core (`os.availableParallelism()`). */
  workers?: number;
  /** Jobs allowed to wait for a worker; beyond that `run` rejects with QueueFullError. Default 32. */
  maxQueue?: number;
  /** Default time budget per job, queue wait included. Default 30 000 ms. */
  taskTimeoutMs?: number;
  /** Image validation limits applied inside the workers. */
  limits?: Partial<ImageLimits>;
  /** A worker that has not reported ready after this long counts as failed. Default 120 000 ms. */
  startupTimeoutMs?: number;
  /** V8 heap cap per worker (tfjs/wasm memory is outside it). Default 512 MB. */
  maxOldGenerationSizeMb?: number;
  /**
   * libvips threads per sharp operation, set by the workers. Default 1 so that each worker uses
   * one core (see worker.ts). This is a process-wide libvips setting: it also applies to sharp
   * calls on the main thread. Pass 0 to let libvips use one thread per core.
   */
  sharpConcurrency?: number;
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
}

type SlotState = 'starting' | 'idle' | 'busy' | 'dead';

interface Slot {
  worker: Worker;
  state: SlotState;
  job?: Job;
  /** Fires if the running job outlives its budget measured from its start: worker is stuck. */
  watchdog?: NodeJS.Timeout;
  startupTimer?: NodeJS.Timeout;
  lastError?: Error;
}

const DEFAULTS = {
  maxQueue: 32,
  taskTimeoutMs: 30_000,
  startupTimeoutMs: 120_000,
  maxOldGenerationSizeMb: 512,
};
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
  const init: WorkerInit = { limits: options.limits, sharpConcurrency: options.sharpConcurrency ?? 1 };

  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let completed = 0;
  let closed = false;
  let startupFailures = 0;
  let fatal: Error | undefined;
  let readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

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
    if ([...slots].some((s) => s.state === 'starting')) return;
    readyWaiters = [];
    for (const w of waiters) w.resolve();
  }

  function spawn(): void {
    const worker = new Worker(source, {
      eval: evalCode,
      workerData: init,
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? DEFAULTS.maxOldGenerationSizeMb,
      },
    });
    const slot: Slot = { worker, state: 'starting' };
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
        slot.state = 'idle';
        checkReady();
        pump();
        return;
      case 'init-error':
        slot.lastError = deserializeError(msg.error);
        return;
      case 'result':
      case 'error': {
        const job = slot.job;
        if (!job || job.id !== msg.id) return;
        if (slot.watchdog) clearTimeout(slot.watchdog);
        slot.job = undefined;
        slot.state = 'idle';
        completed++;
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
    const job = slot.job;
    slot.job = undefined;
    if (closed) {
      if (job) settle(job, new BackendClosedError());
      return;
    }
    if (job) {
      const why = slot.lastError ? `: ${slot.lastError.message}` : ` (exit code ${code})`;
      settle(job, new WorkerCrashedError(`inference worker died while running the job${why}`));
    }
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
    spawn();
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
    slot.job = job;
    slot.watchdog = setTimeout(() => {
      if (slot.job === job) {
        slot.lastError = new Error(`job ${job.task} still running ${job.timeoutMs} ms after it started`);
        void slot.worker.terminate();
      }
    }, job.timeoutMs);
  }

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.state !== 'idle') continue;
      const job = queue.shift() as Job;
      dispatch(slot, job);
    }
  }

  for (let i = 0; i < workerCount; i++) spawn();

  return {
    run<T = unknown>(task: string, input: RunInput, opts: RunOptions = {}): Promise<T> {
      if (closed) return Promise.reject(new BackendClosedError());
      if (fatal) return Promise.reject(fatal);
      if (opts.signal?.aborted) return Promise.reject(new TaskAbortedError());
      const image = input.image;
      if (!(image instanceof Uint8Array))
        return Promise.reject(new TypeError('input.image must be a Buffer'));
      const idle = [...slots].find((s) => s.state === 'idle');
      if (!idle && queue.length >= maxQueue) return Promise.reject(new QueueFullError(maxQueue));
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
          const i = queue.indexOf(job);
          if (i >= 0) queue.splice(i, 1);
          settle(job, new TaskTimeoutError(job.timeoutMs));
        }, job.timeoutMs);
        if (opts.signal) {
          job.onAbort = () => {
            const i = queue.indexOf(job);
            if (i >= 0) queue.splice(i, 1);
            settle(job, new TaskAbortedError());
          };
          opts.signal.addEventListener('abort', job.onAbort, { once: true });
        }
        if (idle) dispatch(idle, job);
        else queue.push(job);
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
      return { workers: slots.size, busy, queued: queue.length, maxQueue, completed };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) settle(job, new BackendClosedError());
      checkReady();
      const workers = [...slots].map((s) => s.worker);
      await Promise.all(workers.map((w) => w.terminate()));
      // 'exit' handlers settle running jobs; make sure nothing is left even if one was missed.
      for (const s of slots) if (s.job) settle(s.job, new BackendClosedError());
      slots.clear();
    },
  };
}

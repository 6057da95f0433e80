/**
 * Inference on a Redis queue (BullMQ), for several API servers and several worker processes
 * (INFERENCE_BACKEND=redis). The API server's side is an InferenceBackend like the local pool: the
 * gateway, the async jobs and /readyz use it unchanged. The worker's side is inference-worker.ts.
 *
 * A call travels so:
 * - the server checks the queue's depth (jobs waiting for a worker, all servers together): at
 *   `maxDepth` or beyond it refuses at once with QueueFullError (503 / 10015, as the local pool);
 * - it writes the job's input (the image bytes and the params, V8 serialisation) as one binary
 *   Redis value beside the job (inputKey; no file path, so workers need no shared disk), and adds a
 *   BullMQ job of a few bytes of JSON: the task, its own reply key and the call's deadline;
 * - a worker runs it on its local pool and pushes the answer, result or engine error, in V8's
 *   structured-clone format (the local pool's own format between processes: buffers and typed
 *   arrays pass as they are) onto the server's reply list, which the server reads with BLPOP. Each
 *   answer is read once by the one server that waits for it, instead of every server reading every
 *   result from BullMQ's event stream (results can be images of several hundred kB). Measured
 *   (scripts/measure-queue-reply.ts, one call at a time, load average 11.7 on 2 cores): p50 1.5 ms
 *   against 2.1 ms through QueueEvents for a 1 kB answer, 1.7 ms against 11.4 ms for 200 kB;
 * - an engine error (bad image, bad params, unknown task) is an answer, not a job failure: the job
 *   completes and is never retried, and the caller gets the engine's error class and code back;
 * - a worker that dies mid-job stops renewing the job's lock; BullMQ's stalled-job check moves the
 *   job back to the queue once (maxStalledCount 1), and another worker runs it. After a second
 *   stall the worker that takes the job fails it unrun and answers WorkerCrashedError (502 / 19999)
 *   on the reply list. The servers read no BullMQ event stream: every server would read every
 *   job's events, work that grows with the number of servers times the calls of all of them.
 *
 * Time budget and cancellation: the call's timeout runs from submission, as with the local pool;
 * when it expires, or the client goes away (signal), the job is removed if it still waits. A job a
 * worker has already started cannot be stopped: it is abandoned, runs to its end and its answer is
 * discarded (a worker skips a job whose deadline has passed before it starts it).
 *
 * Workers announce themselves with heartbeats (a key per worker with a time to live, see
 * WorkerHeartbeat); the server reads them and the queue's counts every `pollMs`, which gives
 * stats() (synchronous, as the gateway asks for it on every call), ready() and the admin overview.
 */
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { Queue } from 'bullmq';
import { Redis, type ChainableCommander } from 'ioredis';
import type { InferenceOverview } from '@pixora/catalog';
import {
  BackendClosedError,
  deserializeError,
  NoWorkerReadyError,
  OverloadedError,
  QueueFullError,
  refusalRetryMs,
  TaskAbortedError,
  TaskTimeoutError,
  WorkerCrashedError,
  type BackendStats,
  type InferenceBackend,
  type RunInput,
  type RunOptions,
  type SerializedError,
} from '@pixora/vision';

/** BullMQ's key prefix for the platform's queues. */
export const QUEUE_PREFIX = 'pixora';
/** How long an unread answer stays on a reply list (its server died or gave up). */
export const REPLY_TTL_MS = 60_000;

/** How old the queue's counts may be for stats() to give a wait estimate. */
const FRESH_COUNTS_MS = 250;

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A job's input (the image bytes and the params) as it travels: one binary Redis value in Node's V8
 * serialisation, beside the job (inputKey), not inside BullMQ's JSON job data: no base64 (a third
 * more bytes), no JSON of a string of a hundred kB on either side, and bytes in params (a second
 * photo, an uploaded sticker or template) stay bytes.
 */
export const encodeInput = (input: RunInput): Buffer =>
  v8.serialize(
    input.params === undefined ? { image: input.image } : { image: input.image, params: input.params },
  );
export function decodeInput(bytes: Buffer): RunInput {
  const input = v8.deserialize(bytes) as { image: Uint8Array; params?: Record<string, unknown> };
  const image = Buffer.isBuffer(input.image)
    ? input.image
    : Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength);
  return input.params === undefined ? { image } : { image, params: input.params };
}

/** What a job carries (BullMQ job data, JSON); its input is under inputKey(queue, job id). */
export interface QueueJobData {
  task: string;
  /** The reply list of the server waiting for the answer (replyKey). */
  reply: string;
  /** When (ms since the epoch) the caller stops waiting: a worker skips the job after it. */
  deadline: number;
}

/** A worker's answer to one job, on its server's reply list (V8 serialisation). */
export type QueueReply =
  { id: string; ok: true; result: unknown } | { id: string; ok: false; error: SerializedError };

/** What a worker says about itself every heartbeat, as JSON under heartbeatKey (with a time to live). */
export interface WorkerHeartbeat {
  id: string;
  host: string;
  pid: number;
  /** The tasks whose models it has loaded. */
  tasks: string[];
  /** Jobs it runs at once (its inference threads). */
  concurrency: number;
  /** Jobs running now. */
  busy: number;
  /** Jobs answered since it started, and within the last minute. */
  jobs_done: number;
  jobs_last_minute: number;
  started_at: string;
  /** When this heartbeat was written (ms since the epoch). */
  at: number;
  /** Measured service time per task (ms, moving average over its jobs), for admission by deadline. */
  service_ms?: Record<string, number>;
  /** Measured service time of a job of any task (ms, moving average): the mix its jobs have. */
  job_ms?: number;
}

export const heartbeatKey = (queueName: string, workerId: string) =>
  `${QUEUE_PREFIX}:${queueName}:hb:${workerId}`;
export const workerSetKey = (queueName: string) => `${QUEUE_PREFIX}:${queueName}:hb`;
export const replyKey = (queueName: string, serverId: string) =>
  `${QUEUE_PREFIX}:${queueName}:reply:${serverId}`;
/**
 * A job's input (encodeInput). It lives until the job is answered (the worker deletes it with its
 * answer) or withdrawn, at most the job's time budget and REPLY_TTL_MS: a worker that dies keeps it
 * for the job's retry on another worker.
 */
export const inputKey = (queueName: string, jobId: string) => `${QUEUE_PREFIX}:${queueName}:in:${jobId}`;

export const encodeReply = (reply: QueueReply): Buffer => v8.serialize(reply);

/** Weight of the newest job in the workers' moving averages of service time (as the local pool's). */
export const SERVICE_EWMA_WEIGHT = 0.2;

/** Jobs waiting for a worker and jobs running, over every server and worker of the queue. */
export interface QueueCounts {
  waiting: number;
  active: number;
}

/**
 * The queue's counts in one round trip: BullMQ's waiting list, its prioritized set (jobs with a
 * priority wait there) and its active list, read with plain commands instead of its count script.
 */
export async function readQueueCounts(
  redis: Redis,
  queueName: string,
  /** A write sent in the same round trip (a call's input). */
  also?: (multi: ChainableCommander) => void,
): Promise<QueueCounts> {
  const base = `${QUEUE_PREFIX}:${queueName}:`;
  const multi = redis.multi().llen(`${base}wait`).zcard(`${base}prioritized`).llen(`${base}active`);
  also?.(multi);
  const answers = (await multi.exec()) as Array<[Error | null, number]>;
  const [wait, prioritized, active] = answers.map(([err, n]) => {
    if (err) throw err;
    return n;
  });
  return { waiting: (wait ?? 0) + (prioritized ?? 0), active: active ?? 0 };
}

/**
 * How long a job submitted now waits before a worker of the queue starts it: 0 while a worker
 * place is free; else the work ahead of it shared among the workers' places: every waiting job at
 * the workers' measured service time of a job, and half a job for each running one (how far a
 * running job has got is not known here). Active jobs beyond the places are ones the workers took
 * ahead (WORKER_PREFETCH) and count as waiting. Undefined with no worker, or before any job was
 * measured.
 */
export function queueWait(counts: QueueCounts, heartbeats: WorkerHeartbeat[]): number | undefined {
  const capacity = heartbeats.reduce((n, h) => n + h.concurrency, 0);
  if (capacity === 0) return undefined;
  if (counts.waiting + counts.active < capacity) return 0;
  const jobMs = meanJobMs(heartbeats);
  if (jobMs === undefined) return undefined;
  const running = Math.min(counts.active, capacity);
  const waiting = counts.waiting + counts.active - running;
  return ((waiting + running / 2) * jobMs) / capacity;
}

/** The workers' service time of a job of any task, averaged over the workers that measured one. */
export function meanJobMs(heartbeats: WorkerHeartbeat[]): number | undefined {
  const measured = heartbeats.map((h) => h.job_ms).filter((ms): ms is number => ms !== undefined);
  return measured.length === 0 ? undefined : measured.reduce((a, b) => a + b, 0) / measured.length;
}

/** The workers' service times per task, averaged over the workers that measured each task. */
export function serviceTimes(heartbeats: WorkerHeartbeat[]): Record<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const h of heartbeats)
    for (const [task, ms] of Object.entries(h.service_ms ?? {})) {
      const s = sums.get(task) ?? { sum: 0, n: 0 };
      s.sum += ms;
      s.n++;
      sums.set(task, s);
    }
  return Object.fromEntries([...sums].map(([task, { sum, n }]) => [task, sum / n]));
}

/** The live workers' heartbeats; forgets the workers whose heartbeat has expired. */
export async function readHeartbeats(redis: Redis, queueName: string): Promise<WorkerHeartbeat[]> {
  const ids = await redis.smembers(workerSetKey(queueName));
  if (ids.length === 0) return [];
  const values = await redis.mget(ids.map((id) => heartbeatKey(queueName, id)));
  const live: WorkerHeartbeat[] = [];
  const gone: string[] = [];
  values.forEach((value, i) => {
    if (value) live.push(JSON.parse(value) as WorkerHeartbeat);
    else gone.push(ids[i] as string);
  });
  if (gone.length > 0) await redis.srem(workerSetKey(queueName), ...gone);
  return live;
}

/** Pool-side errors travel by name; the engine's own (ImageInputError...) by deserializeError. */
function replyError(s: SerializedError): Error {
  switch (s.name) {
    case 'TaskTimeoutError':
      return new TaskTimeoutError(Number(s.message.match(/\d+/)?.[0] ?? 0));
    case 'WorkerCrashedError':
      return new WorkerCrashedError(s.message);
    case 'BackendClosedError':
      return new BackendClosedError();
    default:
      return deserializeError(s);
  }
}

export interface RedisBackendOptions {
  redisUrl: string;
  /** The BullMQ queue's name (several platforms, or test files, can share one Redis). */
  queueName: string;
  /** Jobs allowed to wait for a worker, over every server; beyond it QueueFullError. */
  maxDepth: number;
  /** Default time budget per job, queue wait included. */
  taskTimeoutMs: number;
  /** How often the heartbeats and the queue's counts are read. Default 1000 ms. */
  pollMs?: number;
  /**
   * Longest wait for Redis to answer the admission's count (beyond it the call is refused with
   * NoWorkerReadyError), the overview's reads, and closing. Default 2000 ms.
   */
  redisAnswerMs?: number;
}

export interface RedisBackend extends InferenceBackend {
  overview(): Promise<InferenceOverview>;
  /** This server's id (its reply list). */
  readonly serverId: string;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export type { InferenceOverview };

export function createRedisBackend(options: RedisBackendOptions): RedisBackend {
  const { queueName, maxDepth, taskTimeoutMs } = options;
  const pollMs = options.pollMs ?? 1_000;
  const redisAnswerMs = options.redisAnswerMs ?? 2_000;
  const serverId = `s${randomBytes(6).toString('hex')}`;
  const myReplyKey = replyKey(queueName, serverId);
  // One connection for commands, one for the blocking reply reads.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const replies = redis.duplicate();
  const queue = new Queue<QueueJobData>(queueName, {
    connection: redis,
    prefix: QUEUE_PREFIX,
    // BullMQ's scripts write an event stream that nothing here reads (answers go to the reply
    // lists, failures too): keep it short.
    streams: { events: { maxLen: 100 } },
  });
  // Connection errors must not end the process (an 'error' event without a listener throws):
  // ioredis reconnects by itself, and /readyz reports Redis down meanwhile.
  const ignore = () => {};
  for (const connection of [redis, replies]) connection.on('error', ignore);
  queue.on('error', ignore);
  const pending = new Map<string, Pending>();
  let nextId = 1;
  let closed = false;
  let completed = 0;
  let lastCompletedAt: number | undefined;
  let everReady = false;
  let heartbeats: WorkerHeartbeat[] = [];
  let counts: QueueCounts = { waiting: 0, active: 0 };
  /** When `counts` was read (ms since the epoch): by the poll or by the last call's admission. */
  let countsAt = 0;
  let service: Record<string, number> = {};
  let readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  function settle(id: string, err: Error | null, value?: unknown): void {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    clearTimeout(p.timer);
    if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
    if (err) p.reject(err);
    else p.resolve(value);
  }

  /** A caller gave up: the job leaves the queue if no worker has started it (else it is abandoned). */
  function withdraw(id: string, err: Error): void {
    settle(id, err);
    queue
      .remove(id)
      .then((removed) => (removed ? redis.del(inputKey(queueName, id)) : 0))
      .catch(() => {});
  }

  async function readReplies(): Promise<void> {
    await redis.del(myReplyKey);
    while (!closed) {
      let popped: [Buffer, Buffer] | null;
      try {
        popped = await replies.blpopBuffer(myReplyKey, 1);
      } catch {
        if (closed) return;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (!popped) continue;
      const reply = v8.deserialize(popped[1]) as QueueReply;
      if (!pending.has(reply.id)) continue; // abandoned: its caller gave up
      completed++;
      lastCompletedAt = Date.now();
      if (reply.ok) settle(reply.id, null, reply.result);
      else settle(reply.id, replyError(reply.error));
    }
  }

  /** Reads the heartbeats and the queue's counts; throws while Redis does not answer. */
  async function refresh(): Promise<void> {
    const [live, fresh] = await within(
      Promise.all([readHeartbeats(redis, queueName), readQueueCounts(redis, queueName)]),
      redisAnswerMs,
    );
    heartbeats = live;
    service = serviceTimes(live);
    counts = fresh;
    countsAt = Date.now();
    if (live.length > 0) {
      everReady = true;
      const waiters = readyWaiters;
      readyWaiters = [];
      for (const w of waiters) w.resolve();
    }
  }
  // Redis unreachable: the last known state stands until it answers again.
  const poll = () => refresh().catch(() => {});
  const poller = setInterval(() => void poll(), pollMs);
  poller.unref();
  void poll();
  const reading = readReplies();

  const readyWorkers = () => heartbeats.reduce((n, h) => n + h.concurrency, 0);
  /** A task's expected service time: the workers' average for it, else a job's of any task. */
  const expectedService = (task: string) => service[task] ?? meanJobMs(heartbeats) ?? 0;

  return {
    serverId,

    async run<T = unknown>(task: string, runInput: RunInput, opts: RunOptions = {}): Promise<T> {
      if (closed) throw new BackendClosedError();
      if (opts.signal?.aborted) throw new TaskAbortedError();
      if (!(runInput.image instanceof Uint8Array)) throw new TypeError('input.image must be a Buffer');
      if (everReady && heartbeats.length === 0) throw new NoWorkerReadyError(pollMs);
      const timeoutMs = opts.timeoutMs ?? taskTimeoutMs;
      const id = `${serverId}-${nextId++}`;
      const input = inputKey(queueName, id);
      // One round trip reads the queue's counts and stores the job's input (deleted again if the
      // call is refused). Redis that does not answer: refused as when no worker is there.
      counts = await within(
        readQueueCounts(redis, queueName, (multi) =>
          multi.set(input, encodeInput(runInput), 'PX', timeoutMs + REPLY_TTL_MS),
        ),
        redisAnswerMs,
      ).catch(() => {
        throw new NoWorkerReadyError(pollMs);
      });
      countsAt = Date.now();
      const refuse = (err: Error) => {
        redis.del(input).catch(() => {});
        return err;
      };
      if (counts.waiting >= maxDepth) throw refuse(new QueueFullError(maxDepth));
      // Admission by deadline, the local pool's rule on the shared queue's counts and the service
      // times the workers measure: a job that could not start in time is refused at once.
      if (opts.maxWaitMs !== undefined) {
        const wait = queueWait(counts, heartbeats);
        const retryMs =
          wait === undefined
            ? undefined
            : refusalRetryMs(wait, expectedService(task), opts.maxWaitMs, timeoutMs);
        if (wait !== undefined && retryMs !== undefined) throw refuse(new OverloadedError(wait, retryMs));
      }
      const answer = new Promise<T>((resolve, reject) => {
        const p: Pending = {
          resolve: resolve as (v: unknown) => void,
          reject,
          timer: setTimeout(() => withdraw(id, new TaskTimeoutError(timeoutMs)), timeoutMs),
          signal: opts.signal,
        };
        if (opts.signal) {
          p.onAbort = () => withdraw(id, new TaskAbortedError());
          opts.signal.addEventListener('abort', p.onAbort, { once: true });
        }
        pending.set(id, p);
      });
      const data: QueueJobData = { task, reply: serverId, deadline: Date.now() + timeoutMs };
      try {
        await queue.add(task, data, { jobId: id, attempts: 1, removeOnComplete: true, removeOnFail: true });
      } catch {
        settle(id, new NoWorkerReadyError(pollMs));
      }
      return answer;
    },

    ready(): Promise<void> {
      if (closed) return Promise.reject(new BackendClosedError());
      if (everReady) return Promise.resolve();
      return new Promise<void>((resolve, reject) => readyWaiters.push({ resolve, reject }));
    },

    stats(): BackendStats {
      const workers = readyWorkers();
      // The gateway refuses before reading a call's images on this estimate only while the counts
      // are recent; else the call's own admission (run) reads them afresh and decides.
      const recent = Date.now() - countsAt <= FRESH_COUNTS_MS;
      return {
        workers,
        ready: workers,
        busy: heartbeats.reduce((n, h) => n + h.busy, 0),
        queued: counts.waiting,
        maxQueue: maxDepth,
        completed,
        lastCompletedAt,
        estimatedWaitMs: recent ? queueWait(counts, heartbeats) : undefined,
        serviceMs: service,
      };
    },

    async overview(): Promise<InferenceOverview> {
      await refresh();
      return {
        backend: 'redis',
        workers: heartbeats.map((h) => ({
          id: h.id,
          host: h.host,
          pid: h.pid,
          tasks: h.tasks,
          concurrency: h.concurrency,
          busy: h.busy,
          jobs_done: h.jobs_done,
          last_seen: new Date(h.at).toISOString(),
        })),
        queue: { ...counts, max_depth: maxDepth },
        jobs_last_minute: heartbeats.reduce((n, h) => n + h.jobs_last_minute, 0),
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(poller);
      for (const id of [...pending.keys()]) settle(id, new BackendClosedError());
      for (const w of readyWaiters.splice(0)) w.reject(new BackendClosedError());
      replies.disconnect();
      // A Redis that does not answer must not hold the shutdown.
      await within(Promise.all([reading, queue.close()]), redisAnswerMs).catch(() => {});
      redis.disconnect();
    },
  };
}

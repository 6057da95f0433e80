/**
 * The worker's side of inference on a Redis queue (see inference-queue.ts): takes jobs from the
 * BullMQ queue, runs them on a local pool (the engine's own worker threads or processes, which
 * keep this thread free to renew the jobs' locks), and pushes each answer onto the reply list of
 * the server that waits for it. Runs as many jobs at once as the pool has inference workers, and
 * holds `prefetch` more: a prefetched job waits in the pool for the next free inference worker, so
 * the engine does not idle while the finished job's reply is written and the next job is fetched
 * (the local pool likewise sends each busy worker its next job ahead).
 *
 * An engine error is an answer (the job completes; no retry of a deterministic failure). A worker
 * process that dies leaves its jobs locked until the lock expires (`lockMs`); BullMQ's stalled
 * check, run by the other workers every `stalledIntervalMs`, then moves them back to the queue
 * once (maxStalledCount 1). A job that stalls a second time is marked for failure and goes back to
 * the queue; the worker that takes it fails it without running it (BullMQ's 'failed' event here)
 * and answers its server WorkerCrashedError on the reply list, as it answers any job: the servers
 * read no BullMQ event stream.
 *
 * Heartbeat: every `heartbeatMs` the worker writes its WorkerHeartbeat under a key that expires
 * after three missed beats, and adds itself to the set of workers. The heartbeat carries the
 * service times the worker measured (moving averages per task and over all its jobs), which the
 * servers' admission by deadline uses: no Redis write per job for them.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import {
  serializeError,
  TaskAbortedError,
  TaskTimeoutError,
  WorkerCrashedError,
  type InferenceBackend,
} from '@pixora/vision';
import {
  decodeInput,
  encodeReply,
  heartbeatKey,
  inputKey,
  QUEUE_PREFIX,
  REPLY_TTL_MS,
  replyKey,
  SERVICE_EWMA_WEIGHT,
  workerSetKey,
  type QueueJobData,
  type QueueReply,
  type WorkerHeartbeat,
} from './inference-queue.ts';

export interface QueueWorkerOptions {
  redisUrl: string;
  queueName: string;
  /** The local pool that runs the jobs; ready (models loaded) before the worker takes jobs. */
  backend: InferenceBackend;
  /** Jobs run at once: the pool's inference workers. */
  concurrency: number;
  /** Jobs taken beyond `concurrency`, waiting in the pool (default 0). */
  prefetch?: number;
  /** The tasks whose models the pool loaded (reported in the heartbeat). */
  tasks: string[];
  heartbeatMs?: number;
  /** A job's lock lasts this long and is renewed at half of it; a dead worker's jobs stall after it. */
  lockMs?: number;
  stalledIntervalMs?: number;
}

export interface QueueWorker {
  readonly id: string;
  /** Stops taking jobs, lets the running ones finish and answer, then leaves the set of workers. */
  close(): Promise<void>;
}

export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const { queueName, backend, concurrency, tasks } = options;
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const id = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  // Connection errors: ioredis reconnects and BullMQ resumes; an 'error' event must not end the process.
  redis.on('error', () => {});
  const startedAt = new Date().toISOString();
  let busy = 0;
  let jobsDone = 0;
  /** When the jobs of the last minute were answered, oldest first. */
  const recent: number[] = [];
  /** Service times measured here (moving averages): per task, and of a job of any task. */
  const serviceMs: Record<string, number> = {};
  let jobMs: number | undefined;
  const average = (before: number | undefined, took: number) =>
    before === undefined ? took : before + SERVICE_EWMA_WEIGHT * (took - before);

  async function answer(job: Job<QueueJobData>): Promise<null> {
    const data = job.data;
    let reply: QueueReply;
    const remaining = data.deadline - Date.now();
    busy++;
    try {
      // A job whose caller has stopped waiting is not computed for nobody.
      if (remaining <= 0) throw new TaskTimeoutError(data.deadline - job.timestamp);
      const bytes = await redis.getBuffer(inputKey(queueName, job.id as string));
      // No input: the caller withdrew the job after this worker took it; nobody reads the answer.
      if (!bytes) throw new TaskAbortedError();
      const started = performance.now();
      const result = await backend.run(data.task, decodeInput(bytes), { timeoutMs: remaining });
      reply = { id: job.id as string, ok: true, result };
      // Published in the heartbeat: the servers' admission by deadline estimates waits with it.
      // The service time is the pool's own measure when it has one: a job taken ahead
      // (`prefetch`) also waited in the pool, which is not service.
      const pooled = backend.stats().serviceMs?.[data.task];
      const took = performance.now() - started;
      serviceMs[data.task] = pooled ?? average(serviceMs[data.task], took);
      jobMs = average(jobMs, pooled ?? took);
    } catch (err) {
      reply = { id: job.id as string, ok: false, error: serializeError(err) };
    } finally {
      busy--;
    }
    await sendReply(data, reply);
    jobsDone++;
    recent.push(Date.now());
    return null;
  }

  /** Pushes a job's answer onto its server's reply list and drops the job's input. */
  async function sendReply(data: QueueJobData, reply: QueueReply): Promise<void> {
    const key = replyKey(queueName, data.reply);
    await redis
      .multi()
      .rpush(key, encodeReply(reply))
      .pexpire(key, REPLY_TTL_MS)
      .del(inputKey(queueName, reply.id))
      .exec();
  }

  async function beat(): Promise<void> {
    const now = Date.now();
    while (recent.length > 0 && (recent[0] as number) < now - 60_000) recent.shift();
    const hb: WorkerHeartbeat = {
      id,
      host: os.hostname(),
      pid: process.pid,
      tasks,
      concurrency,
      // Jobs running; jobs taken ahead and waiting in the pool are not counted.
      busy: Math.min(busy, concurrency),
      jobs_done: jobsDone,
      jobs_last_minute: recent.length,
      started_at: startedAt,
      at: now,
      service_ms: serviceMs,
      ...(jobMs === undefined ? {} : { job_ms: jobMs }),
    };
    await redis
      .multi()
      .set(heartbeatKey(queueName, id), JSON.stringify(hb), 'PX', heartbeatMs * 3)
      .sadd(workerSetKey(queueName), id)
      .exec();
  }

  await beat();
  const beating = setInterval(() => void beat().catch(() => {}), heartbeatMs);
  const workerConnection = redis.duplicate();
  workerConnection.on('error', () => {});
  const worker = new Worker<QueueJobData, null>(queueName, answer, {
    connection: workerConnection,
    prefix: QUEUE_PREFIX,
    concurrency: concurrency + (options.prefetch ?? 0),
    lockDuration: options.lockMs ?? 10_000,
    stalledInterval: options.stalledIntervalMs ?? 5_000,
    maxStalledCount: 1,
  });
  worker.on('error', () => {});
  // A job failed here without an answer (it stalled twice: its workers died while running it, or
  // its answer could not be written): its server hears WorkerCrashedError (502 / 19999).
  worker.on('failed', (job, err) => {
    if (!job) return;
    const error = serializeError(
      new WorkerCrashedError(`inference worker died while running the job: ${err.message}`),
    );
    void sendReply(job.data, { id: job.id as string, ok: false, error }).catch(() => {});
  });

  return {
    id,
    async close() {
      await worker.close();
      clearInterval(beating);
      await redis
        .multi()
        .del(heartbeatKey(queueName, id))
        .srem(workerSetKey(queueName), id)
        .exec()
        .catch(() => {});
      await redis.quit().catch(() => {});
      workerConnection.disconnect();
    },
  };
}

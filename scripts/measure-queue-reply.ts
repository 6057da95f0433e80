// How a queue worker's answer gets back to the waiting API server, measured both ways on a private
// redis-server (`node --import tsx scripts/measure-queue-reply.ts`): (a) BullMQ's own path, the
// worker returns the answer and the server reads the 'completed' event of QueueEvents (which every
// server reads, for every job); (b) the path apps/server/src/platform/inference-queue.ts takes, the
// worker pushes the answer onto the server's own reply list, which the server reads with BLPOP.
// One call at a time, the job carrying an 87 kB image (base64), answers of 1 kB and 200 kB; no
// inference (the worker answers at once). Prints the p50 and p95 of each.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { summarize } from '@pixora/vision';

// @ts-expect-error plain JavaScript helper shared with the tests
const { startRedis } = await import('./redis-server.mjs');
const server = (await startRedis()) as { url: string; stop(): void };
const RUNS = 300;
const image = randomBytes(87 * 1024).toString('base64');
const conn = () => new Redis(server.url, { maxRetriesPerRequest: null });

async function viaEvents(answerBytes: number) {
  const name = `events-${answerBytes}`;
  const answer = randomBytes(answerBytes).toString('base64');
  const queue = new Queue(name, { connection: conn() });
  const events = new QueueEvents(name, { connection: conn() });
  await events.waitUntilReady();
  const worker = new Worker(name, async () => answer, { connection: conn() });
  const waiting = new Map<string, () => void>();
  events.on('completed', ({ jobId, returnvalue }) => {
    if (typeof returnvalue === 'string') waiting.get(jobId)?.();
  });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const jobId = `j-${i}`;
    const done = new Promise<void>((resolve) => waiting.set(jobId, resolve));
    await queue.add('x', { image }, { jobId, removeOnComplete: true });
    await done;
    times.push(performance.now() - t0);
  }
  await worker.close();
  await events.close();
  await queue.close();
  return summarize(times.slice(RUNS / 10));
}

async function viaReplyList(answerBytes: number) {
  const name = `reply-${answerBytes}`;
  const answer = randomBytes(answerBytes);
  const queue = new Queue(name, { connection: conn() });
  const pusher = conn();
  const reader = conn();
  const worker = new Worker(
    name,
    async (job) => {
      await pusher
        .multi()
        .rpush(`reply:${name}`, Buffer.concat([Buffer.from(`${job.id}|`), answer]))
        .pexpire(`reply:${name}`, 60_000)
        .exec();
      return null;
    },
    { connection: conn() },
  );
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await queue.add('x', { image }, { removeOnComplete: true });
    await reader.blpopBuffer(`reply:${name}`, 5);
    times.push(performance.now() - t0);
  }
  await worker.close();
  await queue.close();
  for (const c of [pusher, reader]) c.disconnect();
  return summarize(times.slice(RUNS / 10));
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
try {
  for (const bytes of [1024, 200 * 1024]) {
    const events = await viaEvents(bytes);
    const reply = await viaReplyList(bytes);
    console.log(
      `answer ${bytes / 1024} kB: QueueEvents p50 ${ms(events.p50)} p95 ${ms(events.p95)}; reply list p50 ${ms(reply.p50)} p95 ${ms(reply.p95)}`,
    );
  }
} finally {
  server.stop();
}
process.exit(0);

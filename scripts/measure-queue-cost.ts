// The CPU the Redis queue itself costs per job (`node --import tsx scripts/measure-queue-cost.ts`):
// apps/server/src/platform/inference-queue.ts (the calling side, in this process) and
// inference-worker.ts (a worker process of its own) on a private redis-server, with an engine
// stand-in that answers at once (a facepoints-sized answer, no model), so that every CPU
// millisecond counted is the queue's: job data, BullMQ's scripts, locks, the reply. The job
// carries the bench's photo (the astronaut at 640 x 640, JPEG). Prints jobs per second and CPU ms
// per job of the caller, the worker process and Redis, median of ROUNDS rounds of JOBS jobs with
// IN_FLIGHT calls at once. `--cpu-prof` writes V8 profiles of both processes into /tmp.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { InferenceBackend } from '@pixora/vision';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The stand-in's time per job (ms, a timer: no CPU), which sets the job rate as an engine would
 * (facepoints is about 40 ms a job); the queue's periodic work (polls, heartbeats, lock renewals,
 * stalled checks) weighs per job at that rate. 0: as fast as the queue goes.
 */
const SERVICE_MS = Number(process.env.COST_SERVICE_MS ?? 40);
const JOBS = Number(process.env.COST_JOBS ?? 300);
const ROUNDS = 3;
const IDLE_MS = 5_000;
/** One engine place in the worker, two calls at a time (one waits), as 1 worker in the bench. */
const IN_FLIGHT = 2;
const WORKER_CONCURRENCY = 1;
const profile = process.argv.includes('--cpu-prof');

/** An answer shaped like facepoints' (one face, its box and 106 points). */
const answer = {
  imageWidth: 640,
  imageHeight: 640,
  faces: [
    {
      box: { x: 200, y: 120, width: 240, height: 260 },
      score: 0.99,
      points: Array.from({ length: 106 }, (_, i) => ({ x: 200 + i, y: 120 + i })),
    },
  ],
};

if (process.argv[2] === 'worker') {
  const { startQueueWorker } = await import('../apps/server/src/platform/inference-worker.ts');
  const engine: InferenceBackend = {
    run: <T>() => new Promise<T>((resolve) => setTimeout(() => resolve(answer as T), SERVICE_MS)),
    ready: () => Promise.resolve(),
    stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
    close: () => Promise.resolve(),
  };
  const worker = await startQueueWorker({
    redisUrl: process.argv[3]!,
    queueName: 'cost',
    backend: engine,
    concurrency: WORKER_CONCURRENCY,
    tasks: ['facepoints'],
  });
  process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
  process.stdout.write('ready\n');
} else {
  const { createRedisBackend } = await import('../apps/server/src/platform/inference-queue.ts');
  // @ts-expect-error plain JavaScript helper shared with the tests
  const { startRedis } = await import('./redis-server.mjs');
  // @ts-expect-error plain JavaScript helper
  const { ensureSkimageData } = await import('./photos.mjs');
  const astronaut = path.join((ensureSkimageData as () => string)(), 'astronaut.png');
  const image = await sharp(astronaut).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
  const redis = (await startRedis()) as { url: string; stop(): void };
  const redisPid = Number(
    fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).at(-1),
  );
  // The worker process runs with the platform's flags (package.json's `npm run worker`).
  // @ts-expect-error plain JavaScript helper
  const { platformNodeFlags } = (await import('./node-flags.mjs')) as { platformNodeFlags(): string[] };
  const flags = [
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir', '/tmp/queue-cost-prof'] : []),
    ...platformNodeFlags(),
  ];
  const worker: ChildProcess = spawn(
    process.execPath,
    [...flags, fileURLToPath(import.meta.url), 'worker', redis.url],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) =>
    worker.stdout!.on('data', (d) => String(d).includes('ready') && resolve()),
  );
  const cpuMs = (pid: number) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const own = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const backend = createRedisBackend({
    redisUrl: redis.url,
    queueName: 'cost',
    maxDepth: 1_000,
    taskTimeoutMs: 60_000,
  });
  await backend.ready();
  const runJobs = async (n: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next++ < n) await backend.run('facepoints', { image, params: { max_face_num: 5 } });
      }),
    );
  };
  // Redis's own count of the commands it ran and the bytes it read and wrote: exact, unlike CPU
  // times on a shared machine.
  const { Redis } = await import('ioredis');
  const admin = new Redis(redis.url);
  const redisStats = async () => {
    const text = (await admin.info('commandstats')) + (await admin.info('stats'));
    const calls = [...text.matchAll(/cmdstat_(\w+):calls=(\d+)/g)].map(
      ([, cmd, n]) => [cmd!, Number(n)] as const,
    );
    const field = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(text)?.[1] ?? 0);
    return {
      calls: new Map(calls),
      bytesIn: field('total_net_input_bytes'),
      bytesOut: field('total_net_output_bytes'),
    };
  };
  await runJobs(200); // warm-up
  const stats0 = await redisStats();
  const rounds: number[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    const c0 = [own(), cpuMs(worker.pid!), cpuMs(redisPid)];
    await runJobs(JOBS);
    const c1 = [own(), cpuMs(worker.pid!), cpuMs(redisPid)];
    const seconds = (performance.now() - t0) / 1000;
    rounds.push([JOBS / seconds, ...c1.map((v, i) => (v - c0[i]!) / JOBS)]);
  }
  const stats1 = await redisStats();
  // What the three burn with no job at all (polls, heartbeats, blocking reads timing out), per second.
  const idle0 = [own(), cpuMs(worker.pid!), cpuMs(redisPid)];
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idle = [own(), cpuMs(worker.pid!), cpuMs(redisPid)].map((v, i) => ((v - idle0[i]!) * 1000) / IDLE_MS);
  const jobsRun = JOBS * ROUNDS;
  const perJob = [...stats1.calls]
    .map(([cmd, n]) => [cmd, (n - (stats0.calls.get(cmd) ?? 0)) / jobsRun] as const)
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  admin.disconnect();
  await backend.close();
  worker.kill('SIGTERM');
  await new Promise((r) => worker.once('exit', r));
  redis.stop();
  const median = (k: number) => rounds.map((r) => r[k]!).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  const [rate, caller, work, red] = [0, 1, 2, 3].map(median);
  console.log(
    `${(image.length / 1024).toFixed(0)} kB image, ${SERVICE_MS} ms a job, ${JOBS} jobs x ${ROUNDS} rounds, ${IN_FLIGHT} in flight, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `jobs/s ${rate!.toFixed(0)}; CPU ms per job: caller ${caller!.toFixed(2)}, worker ${work!.toFixed(2)}, redis ${red!.toFixed(2)}, total ${(caller! + work! + red!).toFixed(2)}`,
  );
  console.log(
    `Redis per job: ${perJob.reduce((a, [, n]) => a + n, 0).toFixed(1)} commands (${perJob
      .map(([cmd, n]) => `${cmd} ${n.toFixed(2)}`)
      .join(', ')}); ${((stats1.bytesIn - stats0.bytesIn) / jobsRun / 1024).toFixed(1)} kB in, ${(
      (stats1.bytesOut - stats0.bytesOut) /
      jobsRun /
      1024
    ).toFixed(1)} kB out`,
  );
  console.log(
    `idle, CPU ms per second: caller ${idle
      .map((v) => v.toFixed(1))
      .join(', worker ')
      .replace(/, worker ([\d.]+)$/, ', redis $1')}`,
  );
  console.log(`rounds: ${rounds.map((r) => r.map((v) => v.toFixed(2)).join('/')).join('; ')}`);
  process.exit(0);
}

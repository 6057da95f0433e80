import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readHeartbeats } from '../src/platform/inference-queue.ts';
import { GROUP_FACES, groupSamplePath } from '../../../packages/vision/test/fixtures.ts';
import { DEMO_KEY, gatewayBody, privatePostgres } from './helpers.ts';
import { startS3 } from './s3.ts';

// Scaling out with real processes: PostgreSQL and Redis (started by the test setup), an S3 bucket
// (the s3rver emulator), two API servers (main.ts, INFERENCE_BACKEND=redis), each with a data folder
// of its own and both started at once on a fresh database (the migration lock lets one migrate and
// seed while the other waits), and two inference workers (worker.ts, as `npm run worker` starts it).
// The workers load the face models and the colour filter only (WORKER_TASKS) and run one inference
// thread each, to keep the test light; their resident memory once loaded is printed.
// A daily quota holding exactly across two servers, a rate limit and a nonce shared by both are
// shown by two-servers.test.ts (two servers in one process on the same PostgreSQL, Redis and bucket).
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The Node flags of `npm run worker` (package.json), which `npm start` shares: servers and workers run as in production. */
const nodeFlags = (
  JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { worker: string } }
).scripts.worker
  .split(/\s+/)
  .slice(1, -1);
const queueName = `scaleout-${process.pid}`;
const SAMPLE = 5 as const;

interface Proc {
  name: string;
  proc: ChildProcess;
  log: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(name: string, entry: string, env: Record<string, string>): Proc {
  const proc = spawn(process.execPath, [...nodeFlags, path.join(repo, entry)], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: Proc = { name, proc, log: '' };
  proc.stdout?.on('data', (d: Buffer) => (p.log += String(d)));
  proc.stderr?.on('data', (d: Buffer) => (p.log += String(d)));
  return p;
}

async function until(what: string, cond: () => boolean | Promise<boolean>, ms: number, procs: Proc[] = []) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end)
      throw new Error(
        `${what}: not within ${ms} ms\n${procs.map((p) => `--- ${p.name}\n${p.log}`).join('\n')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ok = async (url: string) => {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
};

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('scale-out: 2 API servers and 2 inference workers on PostgreSQL and Redis', () => {
  const procs: Proc[] = [];
  const servers: Array<{ proc: Proc; url: string }> = [];
  const workers: Proc[] = [];
  let redis: Redis;
  let db: { url: string; drop(): Promise<void> };
  let s3: Awaited<ReturnType<typeof startS3>>;
  let photo: Buffer;
  const dirs: string[] = [];

  const call = async (server: { url: string }) => {
    const res = await fetch(`${server.url}/v2/facepoints?${DEMO_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(gatewayBody(photo)),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const faces = (body: Record<string, any>) => body.media_info_list[0].media_extra.faces.length; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    photo = await sharp(groupSamplePath(SAMPLE)).resize(640).jpeg().toBuffer();
    db = await privatePostgres('scaleout');
    // The emulator's credentials go into process.env, which the processes started below inherit.
    s3 = await startS3('pixora-scaleout');
    redis = new Redis(inject('redisUrl'));
    const common = {
      REDIS_URL: inject('redisUrl'),
      INFERENCE_BACKEND: 'redis',
      INFERENCE_QUEUE: queueName,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      WORKER_ISOLATION: 'thread',
      WORKER_TASKS: 'facepoints,filter',
      WORKER_HEARTBEAT_MS: '500',
      WORKER_LOCK_MS: '3000',
      WORKER_STALLED_CHECK_MS: '1000',
      EFFECT_EXAMPLES: 'false',
      // This file is about durability, not admission: on a loaded machine the default 1 s wait
      // budget would refuse calls (503 / 10015) that the test expects served.
      QUEUE_WAIT_MAX_MS: '60000',
    };
    for (const n of [1, 2]) {
      const w = start(`worker ${n}`, 'apps/server/src/worker.ts', { ...common, LOG_LEVEL: 'info' });
      workers.push(w);
      procs.push(w);
    }
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-web-'));
    dirs.push(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pixora</title>');
    // Both servers at once, each on its own folder: what they share is the database and the bucket.
    for (const n of [1, 2]) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-data-'));
      dirs.push(dataDir);
      const s = start(`server ${n}`, 'apps/server/src/main.ts', {
        ...common,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: webDist,
        DATA_DIR: dataDir,
        STORAGE_URL: s3.storageUrl,
      });
      procs.push(s);
      servers.push({ proc: s, url });
    }
    for (const [n, s] of servers.entries())
      await until(`server ${n + 1} up`, () => ok(`${s.url}/healthz`), 60_000, procs);
    for (const s of servers) await until('ready', () => ok(`${s.url}/readyz`), 60_000, procs);
    await until(
      'both workers heartbeat',
      async () => (await readHeartbeats(redis, queueName)).length === 2,
      30_000,
      procs,
    );
    for (const w of workers)
      process.stdout.write(`${w.name}: ${rssMb(w.proc.pid as number).toFixed(0)} MB resident\n`);
  }, 150_000);

  afterAll(async () => {
    for (const p of procs) p.proc.kill('SIGKILL');
    await Promise.all(
      procs.map((p) =>
        p.proc.exitCode === null && p.proc.signalCode === null
          ? new Promise((r) => p.proc.once('exit', r))
          : null,
      ),
    );
    redis?.disconnect();
    await db?.drop();
    await s3?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('calls spread over both servers all succeed, served by both workers', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call(servers[i % 2]!)));
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(faces(a.body)).toBe(GROUP_FACES[SAMPLE]);
    }
    await new Promise((r) => setTimeout(r, 700)); // a heartbeat
    const beats = await readHeartbeats(redis, queueName);
    expect(beats.map((b) => b.jobs_done).every((n) => n > 0)).toBe(true);
    expect(beats.flatMap((b) => b.tasks)).toEqual(['facepoints', 'filter', 'facepoints', 'filter']);
  });

  // Either server's job runner may claim an item: its input is read from the bucket, not a folder.
  it('an asynchronous job submitted to one server runs on the queue and reads the same from the other', async () => {
    const item = {
      media_info_list: [{ media_data: photo.toString('base64'), media_profiles: { media_data_type: 'jpg' } }],
    };
    const submitted = await fetch(`${servers[0]!.url}/v1/jobs?${DEMO_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capability: 'v2/facepoints', items: [item, item] }),
    });
    expect(submitted.status).toBe(202);
    const { job_id: id } = (await submitted.json()) as { job_id: string };
    let job: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    await until(
      'the job done',
      async () => {
        job = (await (await fetch(`${servers[1]!.url}/v1/jobs/${id}?${DEMO_KEY}`)).json()) as typeof job;
        return job.status === 'done';
      },
      30_000,
      procs,
    );
    expect(job, JSON.stringify(job.items).slice(0, 600)).toMatchObject({ succeeded: 2, failed: 0 });
    for (const done of job.items) expect(faces(done.answer)).toBe(GROUP_FACES[SAMPLE]);
  });

  it('a result URL made on one server downloads from the bucket and from the other server', async () => {
    const res = await fetch(`${servers[0]!.url}/v1/filter?${DEMO_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...gatewayBody(photo), parameter: { beautyAlpha: 0, rsp_media_type: 'url' } }),
    });
    const body = (await res.json()) as { media_info_list: { media_data: string }[] };
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    const url = body.media_info_list[0]!.media_data;
    // A pre-signed URL of the bucket: it downloads without any API server.
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/results/`)).toBe(true);
    const direct = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect((await sharp(direct).metadata()).width).toBe(640);
    const name = new URL(url).pathname.split('/').pop();
    const other = await fetch(`${servers[1]!.url}/api/v1/media/results/${name}`);
    expect([other.status, other.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await other.arrayBuffer()).equals(direct)).toBe(true);
  });

  it('a worker killed mid-job: its job finishes on the other worker or answers a catalogue error', async () => {
    const calls = Array.from({ length: 6 }, (_, i) => call(servers[i % 2]!));
    // Both workers are busy while calls wait: the one killed dies with a job in hand.
    await until(
      'a job in hand',
      async () => (await redis.llen(`pixora:${queueName}:active`)) >= 2,
      10_000,
      procs,
    );
    workers[0]!.proc.kill('SIGKILL');
    const answers = await Promise.all(calls);
    for (const a of answers) {
      if (a.status === 200) expect(faces(a.body)).toBe(GROUP_FACES[SAMPLE]);
      else expect(a.body).toMatchObject({ ErrorCode: expect.any(Number) });
    }
    // The killed worker's job is run again: every call computed.
    expect(answers.filter((a) => a.status === 200).length).toBe(6);
  });

  it('an API server killed: the other keeps answering', async () => {
    servers[0]!.proc.proc.kill('SIGKILL');
    const answers = await Promise.all([1, 2, 3].map(() => call(servers[1]!)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(faces(a.body)).toBe(GROUP_FACES[SAMPLE]);
    }
    expect((await fetch(`${servers[1]!.url}/readyz`)).status).toBe(200);
  });
});

// Redis work per gateway call in the scaled-out configuration (docs/deployment.md, "Capacity model"),
// counted on a private redis-server: `node --import tsx scripts/measure-redis-ops.ts [calls] [in flight]`
// (default 200 calls, one at a time).
//
// In this process: an API server (the platform's context and app as main.ts builds them, with
// INFERENCE_BACKEND=redis and REDIS_URL, so the inference queue and the shared state are in Redis;
// calls through app.inject, no HTTP socket). In a process of its own: one inference worker as
// `npm run worker` starts it (WORKER_ISOLATION=process: its engine runs in a child process of its
// own, so the worker process's CPU is the queue's share on the worker side). v2/facepoints on the
// 640-px astronaut JPEG, three kinds of caller: an app by its key in the query (its daily quota),
// the seeded demo app with a signed call (its per-minute limit, its daily quota, the signature's
// nonce), and a website demo call (the per-address demo grant).
//
// Two passes per kind: with MONITOR, every command Redis runs, split into the commands clients send
// (round trips; a Lua script is one) and those the scripts run inside Redis, and by what they are
// for (the queue, the shared state, other); then without MONITOR (which costs Redis time itself),
// Redis's own CPU time (INFO cpu) and network bytes (INFO stats) per call, and the CPU time of the
// API server (this process) and of the worker process (/proc). Background work (heartbeats,
// the servers' polls, BullMQ's blocking reads and stalled checks) is measured over an idle period of
// the same length and subtracted.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { createContext } from '../apps/server/src/bootstrap.ts';
import { signRequest } from '../apps/server/src/modules/apps/signing.ts';
import { AppStatus } from '../apps/server/src/modules/apps/apps.repository.ts';
import { hashSecret } from '../apps/server/src/modules/apps/secrets.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

const CALLS = Number(process.argv[2] ?? 200);
/** Calls in flight at once (the second argument): 1 sends them one at a time. */
const PARALLEL = Number(process.argv[3] ?? 1);
const QUEUE = 'inference';

// @ts-expect-error plain JavaScript helpers shared with the tests
const { startRedis } = await import('./redis-server.mjs');
// @ts-expect-error plain JavaScript helper
const { ensureSkimageData } = await import('./photos.mjs');
// @ts-expect-error plain JavaScript helper
const { platformNodeFlags } = (await import('./node-flags.mjs')) as { platformNodeFlags(): string[] };
const server = (await startRedis()) as { url: string; stop(): void };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-redis-ops-'));
fs.writeFileSync(path.join(scratch, 'index.html'), '<!doctype html><title>Pixora</title>');
const photo = await sharp(path.join((ensureSkimageData as () => string)(), 'astronaut.png'))
  .resize(640, 640)
  .jpeg({ quality: 90 })
  .toBuffer();

const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'sqlite::memory:',
  DATA_DIR: scratch,
  WEB_DIST: scratch,
  EFFECT_EXAMPLES: 'false',
  INFERENCE_BACKEND: 'redis',
  INFERENCE_QUEUE: QUEUE,
  REDIS_URL: server.url,
  DEMO_APP_RATE_LIMIT_PER_MINUTE: '1000000',
  DEMO_APP_DAILY_QUOTA: '1000000',
  DEMO_RATE_LIMIT_PER_MINUTE: '1000000',
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = spawn(
  process.execPath,
  [...platformNodeFlags(), path.join(root, 'apps/server/src/worker.ts')],
  {
    cwd: root,
    env: {
      ...process.env,
      REDIS_URL: server.url,
      INFERENCE_QUEUE: QUEUE,
      WORKERS: '1',
      WORKER_ISOLATION: 'process',
      WORKER_TASKS: 'facepoints',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
/** CPU ms of the worker process itself (not its engine child), from /proc. */
const workerCpuMs = () => {
  const fields = fs.readFileSync(`/proc/${worker.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const { ctx, close } = await createContext(config);
const app = await buildApp(ctx);
await ctx.backend.ready();
await ctx.db.kysely
  .insertInto('apps')
  .values({
    name: 'Measured app',
    api_key: 'measured-app-key',
    api_secret_hash: hashSecret('measured-app-secret'),
    scopes: '',
    status: AppStatus.enabled,
    daily_quota: 1_000_000,
    created_at: new Date().toISOString(),
  })
  .execute();

const body = JSON.stringify({
  parameter: {},
  extra: {},
  media_info_list: [{ media_data: photo.toString('base64'), media_profiles: { media_data_type: 'jpg' } }],
});
/** One call of each kind; each must answer 200. */
type Call = () => Promise<{ statusCode: number; body: string }>;
const kinds: Record<string, Call> = {
  'app key in the query (daily quota)': () =>
    app.inject({
      method: 'POST',
      url: '/v2/facepoints?api_key=measured-app-key&api_secret=measured-app-secret',
      headers: { 'content-type': 'application/json' },
      payload: body,
    }),
  'signed call of the demo app (minute limit, daily quota, nonce)': () => {
    const { headers } = signRequest({
      apiKey: config.DEMO_API_KEY,
      secret: config.DEMO_API_SECRET,
      method: 'POST',
      url: '/v2/facepoints',
      host: 'localhost:80',
      contentType: 'application/json',
      body,
    });
    return app.inject({ method: 'POST', url: '/v2/facepoints', headers, payload: body });
  },
  'website demo call (per-address grant)': () =>
    app.inject({
      method: 'POST',
      url: '/v2/facepoints',
      headers: { 'content-type': 'application/json', 'x-pixora-demo': '1' },
      payload: body,
    }),
};

const admin = new Redis(server.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a command is for, by the keys it names. */
function purpose(args: string[]): 'queue' | 'shared state' | 'transaction' | 'other' {
  if (args.some((a) => a.startsWith(`pixora:${QUEUE}:`))) return 'queue';
  // Rate limits, quotas, signature nonces and the per-caller fair share of the engine.
  if (args.some((a) => /^pixora:(rl|quota|nonce|share):/.test(a))) return 'shared state';
  // MULTI and EXEC name no key: the transactions around a job's input and its reply.
  if (/^(multi|exec)$/i.test(args[0] ?? '')) return 'transaction';
  return 'other';
}

type Count = Record<string, number>;
const add = (count: Count, key: string) => (count[key] = (count[key] ?? 0) + 1);

/**
 * Commands Redis ran while `work` ran: by source (client or lua) and purpose, and by command name.
 * MONITOR is read from a plain socket: each line is `+<time> [<db> <client address or lua>] "cmd" "arg"...`.
 */
async function monitored(work: () => Promise<void>) {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  const bySource: Count = {};
  const byName: Count = {};
  let buffer = '';
  socket.on('data', (data: Buffer) => {
    buffer += data.toString('latin1');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const source = /^\+[\d.]+ \[\d+ ([^\]]+)\]/.exec(line)?.[1];
      if (!source) continue;
      const args = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
      const from = source === 'lua' ? 'inside scripts' : 'sent by clients';
      add(bySource, `${from}, ${purpose(args)}`);
      add(byName, `${from}: ${String(args[0]).toLowerCase()}`);
    }
  });
  socket.write('MONITOR\r\n');
  await sleep(100);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  await sleep(200);
  socket.destroy();
  return { bySource, byName, ms };
}

/** Redis's CPU (ms) and network bytes while `work` ran. */
async function metered(work: () => Promise<void>) {
  const read = async () => {
    const info = await admin.info();
    const num = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
    return {
      cpuMs: (num('used_cpu_user') + num('used_cpu_sys')) * 1000,
      apiMs: ownCpuMs(),
      workerMs: workerCpuMs(),
      inBytes: num('total_net_input_bytes'),
      outBytes: num('total_net_output_bytes'),
    };
  };
  const a = await read();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const b = await read();
  return {
    cpuMs: b.cpuMs - a.cpuMs,
    apiMs: b.apiMs - a.apiMs,
    workerMs: b.workerMs - a.workerMs,
    inBytes: b.inBytes - a.inBytes,
    outBytes: b.outBytes - a.outBytes,
    ms,
  };
}

/** Background per ms: the same measures over an idle period. */
const idleFor = (ms: number) => async () => void (await sleep(ms));

const perCall = (load: number, idle: number, loadMs: number, idleMs: number) =>
  (load - (idle * loadMs) / idleMs) / CALLS;

async function calls(kind: Call) {
  let sent = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (sent++ < CALLS) {
        const res = await kind();
        if (res.statusCode !== 200)
          throw new Error(`call answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
    }),
  );
}

const results: Record<string, unknown> = {};
let redisVersion = '';
try {
  redisVersion = /redis_version:(\S+)/.exec(await admin.info('server'))?.[1] ?? '';
  // Warm-up: the wasm tier-up and the first reads of every cache.
  for (const kind of Object.values(kinds)) for (let i = 0; i < 10; i++) await kind();
  const idleMonitor = await monitored(idleFor(5_000));
  const idleMeter = await metered(idleFor(5_000));
  for (const [name, kind] of Object.entries(kinds)) {
    const m = await monitored(() => calls(kind));
    const e = await metered(() => calls(kind));
    const scale = (load: Count, idle: Count) =>
      Object.fromEntries(
        [...new Set([...Object.keys(load), ...Object.keys(idle)])]
          .sort()
          .map((k) => [k, +perCall(load[k] ?? 0, idle[k] ?? 0, m.ms, idleMonitor.ms).toFixed(2)])
          .filter(([, v]) => Math.abs(v as number) >= 0.05),
      );
    results[name] = {
      'commands per call': scale(m.bySource, idleMonitor.bySource),
      'by command': scale(m.byName, idleMonitor.byName),
      'Redis CPU ms per call': +perCall(e.cpuMs, idleMeter.cpuMs, e.ms, idleMeter.ms).toFixed(3),
      'API server CPU ms per call (no HTTP socket)': +perCall(
        e.apiMs,
        idleMeter.apiMs,
        e.ms,
        idleMeter.ms,
      ).toFixed(2),
      'worker process CPU ms per call (engine excluded)': +perCall(
        e.workerMs,
        idleMeter.workerMs,
        e.ms,
        idleMeter.ms,
      ).toFixed(2),
      'bytes into Redis per call': Math.round(perCall(e.inBytes, idleMeter.inBytes, e.ms, idleMeter.ms)),
      'bytes out of Redis per call': Math.round(perCall(e.outBytes, idleMeter.outBytes, e.ms, idleMeter.ms)),
      'calls per second': +((CALLS * 1000) / e.ms).toFixed(1),
    };
  }
} finally {
  await app.close();
  await close();
  worker.kill('SIGKILL');
  admin.disconnect();
  server.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}

console.log(
  JSON.stringify(
    {
      calls: CALLS,
      in_flight_at_once: PARALLEL,
      photo_kb: +(photo.length / 1024).toFixed(1),
      redis: redisVersion,
      load_average: os.loadavg().map((v) => +v.toFixed(2)),
      results,
    },
    null,
    2,
  ),
);

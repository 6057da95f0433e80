/**
 * What converting to ONNX costs a process in memory (docs/quality.md, "Speed and memory of the
 * shared paths"): every graph part of runtime/onnx.ts GRAPH_PARTS, converted in this process and
 * its session made (`convert`), or its session made from the converted-model cache's file
 * (`files`, runtime/onnx-cache.ts; converted there first if missing); then each session run 3
 * times on a blank input of its size. RSS after a full garbage collection at each step:
 *
 *   node --import tsx packages/vision/scripts/measure-onnx-memory.ts convert|files [--arena-on|--arena-off]
 *
 * `speed`: what the arena saves in time, each part's session from its file made twice, with and
 * without the arena, run alternately 20 times after 3 (median ms; run it on one core, quiet):
 *
 *   taskset -c 0 node --import tsx packages/vision/scripts/measure-onnx-memory.ts speed
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { InferenceSession } from 'onnxruntime-node';
import {
  GRAPH_PARTS,
  onnxModelBytes,
  onnxModelOrigin,
  sessionOptions,
  type OnnxGraphName,
} from '../src/runtime/onnx.ts';
import { cachedOnnxFile } from '../src/runtime/onnx-cache.ts';
import { INPUTS } from './graph-part-inputs.ts';

const mode = process.argv[2];
if (mode !== 'convert' && mode !== 'files' && mode !== 'speed')
  throw new Error('usage: measure-onnx-memory.ts convert|files [--arena-on|--arena-off] | speed');
// A full collection before each reading: V8's gc() made callable without a command-line flag.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const rss = () => {
  gc();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};
const ort = await import('onnxruntime-node');
// As served (onnx.ts sessionOptions), or every session with the arena (--arena-on) or without (--arena-off).
const arena = process.argv.includes('--arena-on')
  ? true
  : process.argv.includes('--arena-off')
    ? false
    : undefined;
const options = (name: OnnxGraphName) => ({
  ...sessionOptions(name),
  ...(arena === undefined ? {} : { enableCpuMemArena: arena }),
});
const names = Object.keys(GRAPH_PARTS) as OnnxGraphName[];
/** A blank input of a part's size (every value 0.5). */
const blankInput = (name: OnnxGraphName) => {
  const n = INPUTS[name].width;
  const c = INPUTS[name].channels ?? 3;
  return new ort.Tensor('float32', new Float32Array(n * n * c).fill(0.5), [1, n, n, c]);
};
if (mode === 'speed') {
  const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!.toFixed(1);
  for (const name of names) {
    const file = await cachedOnnxFile(name, onnxModelOrigin(name));
    if (!file) throw new Error(`the cache cannot be used (${name})`);
    const on = await ort.InferenceSession.create(file, { ...sessionOptions(name), enableCpuMemArena: true });
    const off = await ort.InferenceSession.create(file, {
      ...sessionOptions(name),
      enableCpuMemArena: false,
    });
    const input = blankInput(name);
    const n = INPUTS[name].width;
    const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let i = 0; i < 23; i++) {
      for (const [key, session] of [
        ['on', on],
        ['off', off],
      ] as const) {
        const t0 = performance.now();
        await session.run({ input });
        if (i >= 3) times[key].push(performance.now() - t0);
      }
    }
    console.log(`${name} (${n} x ${n}): arena on ${median(times.on)} ms, off ${median(times.off)} ms`);
  }
  process.exit(0);
}
const start = rss();
const files = new Map<OnnxGraphName, string>();
if (mode === 'files') {
  for (const name of names) {
    const file = await cachedOnnxFile(name, onnxModelOrigin(name));
    if (!file) throw new Error(`the cache cannot be used (${name})`);
    files.set(name, file);
  }
}
const afterFiles = rss();
const sessions: Array<[OnnxGraphName, InferenceSession]> = [];
let converted = 0;
for (const name of names) {
  if (mode === 'files') {
    sessions.push([name, await ort.InferenceSession.create(files.get(name)!, options(name))]);
  } else {
    const bytes = onnxModelBytes(name);
    converted += bytes.byteLength;
    sessions.push([name, await ort.InferenceSession.create(bytes, options(name))]);
  }
}
const made = rss();
for (let round = 0; round < 3; round++) {
  for (const [name, session] of sessions) {
    await session.run({ input: blankInput(name) });
  }
}
const ran = rss();
console.log(
  `${mode}${arena === undefined ? ', arenas as served' : arena ? ', every arena on' : ', every arena off'}: RSS ${start} MB at the start` +
    (mode === 'files'
      ? `, ${afterFiles} MB with the files found`
      : `, ${Math.round(converted / 1e6)} MB of ONNX converted`) +
    `, ${made} MB with ${sessions.length} sessions made, ${ran} MB after 3 runs of each`,
);

/**
 * onnxruntime's CPU memory arena on v1/aiquality's model (docs/quality.md, "Speed and memory of the
 * shared paths"): the x2 session built as runtime/onnx.ts builds it, with the arena and the memory
 * pattern on or off (ARENA=0, PATTERN=0), runs the tiles of the 512-px astronaut x2 as enhance
 * does, N times (default 6); prints wall and CPU time per photo and this process's RSS and peak
 * RSS before and after. Run it under `taskset -c 0`, several times in alternation:
 *
 *   ARENA=0 taskset -c 0 node --single-threaded-gc --import tsx scripts/enhance-arena.ts
 *
 * GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576 (a fixed mmap threshold) tries glibc giving
 * blocks of 1 MB and more back to the system when freed.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { upscaleRgb } from '../packages/vision/src/algorithms/image/enhance.ts';
import { kerasLayersToOnnx } from '../packages/vision/src/runtime/keras-onnx.ts';
import { onnxModelSource } from '../packages/vision/src/runtime/onnx.ts';
// @ts-expect-error plain JavaScript helper
import { ensureSkimageData } from './photos.mjs';

const arena = process.env.ARENA !== '0';
const pattern = process.env.PATTERN !== '0';
const runs = Number(process.env.N ?? 6);
const memory = () => {
  const text = fs.readFileSync('/proc/self/status', 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)![1]) / 1024);
  return `RSS ${mb('VmRSS')} MB, peak ${mb('VmHWM')} MB`;
};
const session = await ort.InferenceSession.create(kerasLayersToOnnx(onnxModelSource('esrgan-slim-x2')), {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  enableCpuMemArena: arena,
  enableMemPattern: pattern,
});
// enhance's warm-up.
await upscaleRgb({ data: new Uint8Array(32 * 32 * 3).fill(128), width: 32, height: 32 }, 2, session);
const before = memory();
const { data, info } = await sharp(path.join((ensureSkimageData as () => string)(), 'astronaut.png'))
  .resize(512, 512)
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const image = { data: new Uint8Array(data), width: info.width, height: info.height };
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  await upscaleRgb(image, 2, session);
  wall.push(performance.now() - t);
  const d = process.cpuUsage(c);
  cpu.push((d.user + d.system) / 1000);
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
console.log(
  `arena ${arena ? 'on' : 'off'}, memory pattern ${pattern ? 'on' : 'off'}${process.env.GLIBC_TUNABLES ? `, ${process.env.GLIBC_TUNABLES}` : ''}: ` +
    `wall median ${median(wall).toFixed(0)} ms, CPU median ${median(cpu).toFixed(0)} ms (${cpu.map((c) => c.toFixed(0)).join(' ')}); ` +
    `ready ${before}; after ${memory()}`,
);

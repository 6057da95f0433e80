/**
 * Memory of one worker process (docs/quality.md, "Speed and memory of the shared paths"): a local
 * pool of one worker process with every task's models loaded and warmed up (the server's default),
 * its RSS and peak RSS (VmRSS / VmHWM from /proc) when ready and after 60 facepoints jobs on the
 * bench's photo (the astronaut at 640 x 640, JPEG q90), as `npm run bench`'s "1 process" row counts it;
 * and the time from the pool's creation to its worker's ready (models loaded and warmed up):
 *
 *   node --single-threaded-gc --import tsx packages/vision/scripts/measure-worker-memory.ts
 */
import fs from 'node:fs';
import { createLocalBackend, measureThroughput } from '../src/index.ts';
import { speedPhotos } from './task-timing.ts';

const { astronaut: image } = await speedPhotos();
const started = performance.now();
const backend = createLocalBackend({
  workers: 1,
  maxQueue: 64,
  taskTimeoutMs: 120_000,
  isolation: 'process',
});
await backend.ready();
const readyS = ((performance.now() - started) / 1000).toFixed(1);
const pid = Number(
  fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/)[0],
);
const usage = () => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
  return `RSS ${mb('VmRSS')} MB, peak ${mb('VmHWM')} MB`;
};
console.log(`worker process ready in ${readyS} s: ${usage()}`);
await measureThroughput(backend, image, 60);
console.log(`after 60 facepoints jobs: ${usage()}`);
await backend.close();

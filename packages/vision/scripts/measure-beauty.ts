/**
 * AI Beauty (facebeauty) speed and memory, for docs/quality.md ("AI Beauty"):
 *
 *   node --single-threaded-gc --import tsx packages/vision/scripts/measure-beauty.ts
 *
 * 1. The engine in this thread on the 640 px astronaut (JPEG q90), libvips on one thread as in the
 *    pool: wall time and CPU time per run (CPU time is what one core spends, whatever else the
 *    machine is doing), and where the time goes (decode, detection + mesh, retouch, encode).
 * 2. The same on face-api's sample1 (1920 x 1280, three faces).
 * 3. A one-worker pool running the astronaut, the group photo and a 24 MP photo: peak RSS.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  createLocalBackend,
  decodeImage,
  runTaskInProcess,
  summarize,
  type FacePointsResult,
} from '../src/index.ts';
import { retouchFace } from '../src/algorithms/face/retouch.ts';
import { BEAUTY_DEFAULTS } from '../src/algorithms/face/beauty-params.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';

sharp.concurrency(1);
const RUNS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => x.toFixed(1);

async function timed(image: Buffer, runs: number) {
  for (let i = 0; i < 3; i++) await runTaskInProcess('facebeauty', { image });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await runTaskInProcess('facebeauty', { image });
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const w = summarize(wall);
  return `wall p50 ${fmt(w.p50)} ms, p95 ${fmt(w.p95)}, min ${fmt(w.min)}; CPU p50 ${fmt(median(cpu))} ms`;
}

const astronaut = await sharp(readFileSync(astronautPath()))
  .resize(640, 640)
  .jpeg({ quality: 90 })
  .toBuffer();
const group = readFileSync(groupSamplePath(1));
console.log(`astronaut 640 px: ${await timed(astronaut, RUNS)}`);

// Stages, each timed alone (median of 20).
const mesh = (await runTaskInProcess<FacePointsResult>('facepoints', { image: astronaut })).faces[0]!.mesh;
const stage = async (fn: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let i = 0; i < 23; i++) {
    const t = performance.now();
    await fn();
    if (i >= 3) xs.push(performance.now() - t);
  }
  return fmt(median(xs));
};
const decoded = await decodeImage(astronaut);
console.log(
  `  stages: decode ${await stage(() => decodeImage(astronaut))} ms, ` +
    `detect + mesh + iris (facepoints) ${await stage(() => runTaskInProcess('facepoints', { image: astronaut }))} ms, ` +
    `retouch ${await stage(() => retouchFace({ ...decoded, data: Buffer.from(decoded.data) }, mesh, BEAUTY_DEFAULTS))} ms, ` +
    `encode ${await stage(() =>
      sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 3 } })
        .jpeg({ quality: BEAUTY_DEFAULTS.quality })
        .toBuffer(),
    )} ms`,
);
console.log(`face-api sample1 1920 px, 3 faces: ${await timed(group, 10)}`);

// Memory of one worker with every model loaded, through the largest photos it accepts.
const big = await sharp(group).resize(6000, 4000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
const rssBefore = process.memoryUsage().rss;
const backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 120_000 });
await backend.ready();
const rssReady = process.memoryUsage().rss;
let peak = rssReady;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
for (const image of [astronaut, group, big, big, astronaut]) await backend.run('facebeauty', { image });
clearInterval(sample);
await backend.close();
const mb = (x: number) => (x / 2 ** 20).toFixed(0);
console.log(
  `1-worker pool (astronaut, 1920 px group, 24 MP): RSS ${mb(rssBefore)} MB before, ${mb(rssReady)} MB ready, ` +
    `peak ${mb(peak)} MB -> ${mb(peak - rssBefore)} MB for the worker`,
);

/**
 * The face endpoints as the gateway runs them (apps/server/src/modules/gateway/algorithms.ts), on
 * a 2-worker pool, on the 640 px astronaut (docs/quality.md, "Speed"):
 *   node --import tsx scripts/measure-face-endpoints.ts
 * Prints p50/p95 per endpoint and the peak RSS of the process (the pool's workers included).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { createLocalBackend, summarize } from '../packages/vision/src/index.ts';
import { astronautPath } from '../packages/vision/test/fixtures.ts';
import { gatewayAlgorithms } from '../apps/server/src/modules/gateway/algorithms.ts';

const RUNS = 30;
const image = await sharp(readFileSync(astronautPath())).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
const mirrored = await sharp(image).flop().jpeg({ quality: 90 }).toBuffer();
const rssBefore = process.memoryUsage().rss;
const backend = createLocalBackend({ workers: 2, maxQueue: 16, taskTimeoutMs: 60_000 });
await backend.ready();
let peak = process.memoryUsage().rss;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const byEndpoint = new Map(gatewayAlgorithms.map((a) => [a.endpoint, a]));
const cases: Array<[string, Buffer[], Record<string, unknown>]> = [
  ['v1/facedetect', [image], {}],
  ['v2/facepoints', [image], {}],
  ['v2/facepoints', [image], { landmark_type: '106' }],
  ['v2/macro_facial_analysis', [image], {}],
  ['v1/micro_facial_analysis', [image], {}],
  ['v1/face_compare', [image, mirrored], {}],
];
for (const [endpoint, images, parameter] of cases) {
  const algo = byEndpoint.get(endpoint)!;
  const call = () => algo.run({ backend, images, parameter, timeoutMs: 60_000 });
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  const s = summarize(times);
  console.log(
    `${endpoint} ${JSON.stringify(parameter)}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, min ${s.min.toFixed(1)} ms (load ${os.loadavg()[0]!.toFixed(1)})`,
  );
}
clearInterval(sample);
console.log(
  `RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before the pool, peak ${(peak / 2 ** 20).toFixed(0)} MB with 2 workers: ${((peak - rssBefore) / 2 / 2 ** 20).toFixed(0)} MB per worker`,
);
await backend.close();

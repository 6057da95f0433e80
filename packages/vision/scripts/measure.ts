/**
 * Measurements behind packages/vision/README.md. Run from the repo root:
 *
 *   node --import tsx packages/vision/scripts/measure.ts            # everything
 *   node --import tsx packages/vision/scripts/measure.ts latency    # one section
 *
 * Sections: latency (engine alone, 640 px astronaut, p50/p95 + stage breakdown + Human's own
 * pipeline for comparison), faces (faces found per sample photo), throughput (pool with 1 and 2
 * workers), memory (peak RSS with 1 and 2 workers on a heavy mix, each in a fresh process).
 * It also proves the worker pool starts under plain `node --import tsx`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  benchmarkEngine,
  createLocalBackend,
  measureThroughput,
  runTaskInProcess,
  summarize,
  type FacePointsResult,
} from '../src/index.ts';
import { decodeImage } from '../src/image/decode.ts';
import { facepoints, FACEPOINTS_WORKING_SIDE } from '../src/algorithms/face/facepoints.ts';
import { detectFaces } from '../src/algorithms/face/detector.ts';
import { landmarkFace, roiFromDetection } from '../src/algorithms/face/landmarks.ts';
import { createHuman } from '../src/runtime/human-models.ts';
import { tf } from '../src/runtime/tfjs.ts';
import {
  astronautPath,
  cameraPath,
  chelseaPath,
  coffeePath,
  GROUP_FACES,
  groupCollage,
  groupSamplePath,
} from '../test/fixtures.ts';

const RUNS = 40;
const fmt = (v: number) => v.toFixed(1);

async function astronaut640(): Promise<Buffer> {
  return sharp(readFileSync(astronautPath())).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
}

async function latency(): Promise<void> {
  const image = await astronaut640();
  const r = await benchmarkEngine({ image, runs: RUNS });
  console.log(
    `engine alone, facepoints, 640x640 astronaut, ${RUNS} runs: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, min ${fmt(r.min)} ms`,
  );

  // Stage breakdown with the same models (already loaded by the engine above).
  const models = await facepoints.loadModels();
  const stages: Record<string, number[]> = { decode: [], detect: [], meshIris: [] };
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const img = await decodeImage(image, undefined, facepoints.decode);
    stages.decode?.push(performance.now() - t);
    t = performance.now();
    const dets = await detectFaces(models.detector, img, { minScore: 0.4, iouThreshold: 0.3, tiling: true });
    stages.detect?.push(performance.now() - t);
    t = performance.now();
    const px = tf.tensor4d(new Float32Array(img.data), [1, img.height, img.width, 3]);
    const first = dets[0];
    if (first) await landmarkFace(px, roiFromDetection(first), { minPresence: 0.5 });
    px.dispose();
    stages.meshIris?.push(performance.now() - t);
  }
  for (const [name, v] of Object.entries(stages)) {
    const s = summarize(v);
    console.log(`  stage ${name}: p50 ${fmt(s.p50)} ms`);
  }

  // Human's own pipeline on the same decoded pixels, same models, for comparison.
  const human = await createHuman();
  const img = await decodeImage(image);
  const input = tf.tensor4d(new Float32Array(img.data), [1, img.height, img.width, 3]);
  await human.detect(input as never);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await human.detect(input as never);
    times.push(performance.now() - t);
  }
  input.dispose();
  const h = summarize(times);
  console.log(
    `  Human.detect (face detector+mesh+iris only, same models, pixels already decoded): p50 ${fmt(h.p50)} ms`,
  );
}

async function faces(): Promise<void> {
  const rows: Array<[string, string, number | string, number, number]> = [];
  const run = async (name: string, size: string, image: Buffer, present: number | string) => {
    const t = performance.now();
    const r = await runTaskInProcess<FacePointsResult>('facepoints', { image });
    rows.push([name, size, present, r.faces.length, performance.now() - t]);
  };
  const file = (p: string) => readFileSync(p);
  await run('astronaut.png', '512x512', file(astronautPath()), 1);
  await run('camera.png (greyscale)', '512x512', file(cameraPath()), 1);
  await run('chelsea.png (cat)', '451x300', file(chelseaPath()), 0);
  await run('coffee.png', '600x400', file(coffeePath()), 0);
  for (const [n, present] of Object.entries(GROUP_FACES)) {
    const p = groupSamplePath(Number(n) as 1 | 2 | 3 | 4 | 5 | 6);
    const m = await sharp(p).metadata();
    await run(`face-api sample${n}.jpg`, `${m.width}x${m.height}`, file(p), present);
  }
  for (const width of [700, 1000, 2000]) {
    const c = await groupCollage(width);
    const m = await sharp(c.image).metadata();
    await run(`collage of samples 1,3,5,6 at ${width} px`, `${m.width}x${m.height}`, c.image, c.faces);
  }
  console.log('| photo | size | faces present | faces found | time (ms) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, size, present, found, ms] of rows)
    console.log(`| ${name} | ${size} | ${present} | ${found} | ${ms.toFixed(0)} |`);
}

async function throughput(): Promise<void> {
  const image = await astronaut640();
  type Sample = { jobsPerSecond: number; cores: number; cpuMsPerJob: number };
  const results: Record<1 | 2, Sample[]> = { 1: [], 2: [] };
  const backends = {
    1: createLocalBackend({ workers: 1, maxQueue: 64 }),
    2: createLocalBackend({ workers: 2, maxQueue: 64 }),
  };
  let t = performance.now();
  await backends[1].ready();
  console.log(`pool start-up, 1 worker: ${(performance.now() - t).toFixed(0)} ms until ready()`);
  t = performance.now();
  await backends[2].ready();
  console.log(`pool start-up, 2 workers: ${(performance.now() - t).toFixed(0)} ms more until ready()`);
  // Warm-up long enough for V8 to finish tiering up the wasm kernels in every worker.
  for (const b of Object.values(backends)) await measureThroughput(b, image, 24);
  // Alternate the two configurations so both see the same background load. CPU time per job
  // (all threads of this process) shows whether a worker stays on one core.
  const JOBS = 40;
  for (let round = 0; round < 3; round++) {
    for (const k of [1, 2] as const) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const jobsPerSecond = await measureThroughput(backends[k], image, JOBS);
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      results[k].push({ jobsPerSecond, cores: cpuMs / (performance.now() - t0), cpuMsPerJob: cpuMs / JOBS });
    }
  }
  await Promise.all(Object.values(backends).map((b) => b.close()));
  for (const k of [1, 2] as const) {
    const rows = results[k].map(
      (r) => `${fmt(r.jobsPerSecond)} jobs/s (${r.cores.toFixed(2)} cores, ${fmt(r.cpuMsPerJob)} CPU-ms/job)`,
    );
    console.log(`throughput ${k} worker(s): ${rows.join('; ')}`);
  }
  const median = (k: 1 | 2) => summarize(results[k].map((r) => r.jobsPerSecond)).p50;
  const best = (k: 1 | 2) => Math.max(...results[k].map((r) => r.jobsPerSecond));
  console.log(
    `speed-up 2 vs 1 worker: median x${(median(2) / median(1)).toFixed(2)}, best x${(best(2) / best(1)).toFixed(2)}`,
  );
}

/** Child-process mode: one pool, a heavy mix of photos, report peak RSS. */
async function memoryChild(workers: number): Promise<void> {
  const baseline = process.memoryUsage().rss;
  const backend = createLocalBackend({ workers, maxQueue: 64, taskTimeoutMs: 120_000 });
  await backend.ready();
  const afterReady = process.memoryUsage().rss;
  const big = await sharp(groupSamplePath(5))
    .resize(6000, 4000, { fit: 'fill' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const mix = [await astronaut640(), readFileSync(groupSamplePath(1)), readFileSync(groupSamplePath(5)), big];
  const jobs: Promise<unknown>[] = [];
  for (let round = 0; round < 3; round++)
    for (const image of mix) jobs.push(backend.run('facepoints', { image }));
  await Promise.all(jobs);
  await backend.close();
  const peak = process.resourceUsage().maxRSS * 1024;
  const mb = (b: number) => b / 1024 / 1024;
  console.log(
    JSON.stringify({
      workers,
      baselineMb: mb(baseline),
      readyMb: mb(afterReady),
      peakMb: mb(peak),
      perWorkerPeakMb: mb(peak - baseline) / workers,
    }),
  );
}

function memory(): void {
  for (const workers of [1, 2]) {
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'memory-child', String(workers)],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const r = JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
    console.log(
      `memory, ${workers} worker(s), mix of 640 px / 1920 px / 24 MP photos: process RSS before pool ${fmt(r.baselineMb ?? NaN)} MB, ` +
        `after ready ${fmt(r.readyMb ?? NaN)} MB, peak ${fmt(r.peakMb ?? NaN)} MB => ${fmt(r.perWorkerPeakMb ?? NaN)} MB per worker`,
    );
  }
}

const [section, arg] = process.argv.slice(2);
console.log(`working side cap ${FACEPOINTS_WORKING_SIDE}px; node ${process.version}`);
if (section === 'memory-child') {
  await memoryChild(Number(arg));
} else {
  if (!section || section === 'latency') await latency();
  if (!section || section === 'faces') await faces();
  if (!section || section === 'throughput') await throughput();
  if (!section || section === 'memory') memory();
}

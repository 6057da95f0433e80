/**
 * Quality figures of bodypose and segment against the hand-drawn references of
 * test/fixtures/body-references.json (docs/quality.md, "Body pose" and "Person segmentation"):
 *
 *   node --import tsx packages/vision/scripts/measure-body.ts [pose|segment|speed|models|memory]
 *
 * (no argument: all of them; prefix `taskset -c 0` for speed and models to pin one core).
 *
 * pose: per photo, people present / found (default params), and the share of the marked points
 *   (clearly visible parts only) that the returned point of the same name hits: within
 *   k x headHeight of the mark, k = 0.5 and 0.25 (PCKh-style discs). A missed person's points
 *   count as misses. The 14-point layout and the model's 17 points are counted apart. Reported for
 *   the shipped input size and for MoveNet's published 256 x 256.
 * segment: per photo, IoU, precision and recall of the mask (>= 128) against the drawn outlines,
 *   and the edge's width across the outline (test/body-references.ts, edgeWidthAlongOutline); the
 *   same for the model's mask resized to full size without the refinement.
 * speed: wall and CPU time of the engine on 640 px photos (libvips on one thread), and bodypose's
 *   pipeline at 256 x 256 for comparison.
 * models: each candidate model alone (execute + read back, 20 runs after 2), one core: MoveNet
 *   MultiPose at several input sizes, MoveNet Lightning / Thunder (single person), BlazePose's
 *   detector and landmark models (single person per run), the selfie segmentation model.
 * memory: what the two tasks add to a worker's start-up (time, RSS; in a fresh process: the face
 *   tasks' models first, then these), and the peak RSS of a one-worker process pool running both
 *   tasks on a 640 px photo, a 1920 px group photo and a 24 MP (6000 x 4000) photo.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { createLocalBackend, summarize } from '../src/index.ts';
import { loadAlgorithm } from '../src/algorithms/index.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { loadGraphModelFromFile } from '../src/runtime/model-files.ts';
import { humanModelsPackagePath } from '../src/runtime/human-models.ts';
import { bodypose, estimatePoses, inputGrid, type GridChoice } from '../src/algorithms/body/bodypose.ts';
import { BODY_14_POINTS, type BodyPoseResult } from '../src/algorithms/body/bodypose-params.ts';
import { FOREGROUND_LEVEL, personMask, segment } from '../src/algorithms/body/segment.ts';
import {
  BODY_REFERENCES,
  edgeWidthAlongOutline,
  referenceMask,
  referencePhotoPath,
  type ReferencePhoto,
} from '../test/body-references.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const pct = (hit: number, n: number): string => (n ? `${hit}/${n} (${Math.round((100 * hit) / n)} %)` : '-');

interface Tally {
  n: number;
  hit50: number;
  hit25: number;
}
const tally = (): Tally => ({ n: 0, hit50: 0, hit25: 0 });

/** Matches reference people to found people (most marked points within 0.5 head, one to one). */
function scorePhoto(
  ref: ReferencePhoto,
  result: BodyPoseResult,
): { p14: Tally; p17: Tally; misses: string[] } {
  const p14 = tally();
  const p17 = tally();
  const misses: string[] = [];
  const is14 = (name: string): boolean => (BODY_14_POINTS as readonly string[]).includes(name);
  const pointOf = (person: BodyPoseResult['persons'][number], name: string) =>
    (name === 'head_top' || name === 'neck' ? person.keypoints : person.model_keypoints).find(
      (k) => k.name === name,
    );
  const hits = (person: BodyPoseResult['persons'][number], refPerson: ReferencePhoto['persons'][number]) =>
    Object.entries(refPerson.points).filter(([name, [x, y]]) => {
      const p = pointOf(person, name);
      return p && Math.hypot(p.x - x, p.y - y) <= 0.5 * refPerson.headHeight;
    }).length;
  const pairs: Array<{ r: number; f: number; h: number }> = [];
  ref.persons.forEach((rp, r) => result.persons.forEach((fp, f) => pairs.push({ r, f, h: hits(fp, rp) })));
  pairs.sort((a, b) => b.h - a.h);
  const match = new Map<number, number>();
  const taken = new Set<number>();
  for (const { r, f, h } of pairs) {
    if (h === 0 || match.has(r) || taken.has(f)) continue;
    match.set(r, f);
    taken.add(f);
  }
  ref.persons.forEach((rp, r) => {
    const found = match.has(r) ? result.persons[match.get(r)!] : undefined;
    for (const [name, [x, y]] of Object.entries(rp.points)) {
      const counted: Tally[] = [];
      if (is14(name)) counted.push(p14);
      if (name !== 'head_top' && name !== 'neck') counted.push(p17);
      const p = found ? pointOf(found, name) : undefined;
      const d = p ? Math.hypot(p.x - x, p.y - y) : Infinity;
      if (d > 0.25 * rp.headHeight) {
        const where = found ? `${(d / rp.headHeight).toFixed(2)} head` : 'person not found';
        misses.push(`${rp.label ?? `person ${r + 1}`} ${name} (${where})`);
      }
      for (const t of counted) {
        t.n++;
        if (d <= 0.5 * rp.headHeight) t.hit50++;
        if (d <= 0.25 * rp.headHeight) t.hit25++;
      }
    }
  });
  return { p14, p17, misses };
}

async function measurePose(): Promise<void> {
  await initTf();
  const models = await bodypose.loadModels();
  const params = bodypose.parseParams({});
  const grids: Array<[string, GridChoice]> = [
    ['shipped (192 x 192 area)', inputGrid],
    ['256 x 256 (published)', () => ({ width: 256, height: 256 })],
  ];
  for (const [label, gridOf] of grids) {
    console.log(`\npose, input ${label}, default params (${JSON.stringify(params)})`);
    console.log(
      '| photo | people present | found | 14 points @0.5 head | @0.25 head | model 17 @0.5 | @0.25 |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const all = { p14: tally(), p17: tally() };
    const missed: string[] = [];
    for (const [key, ref] of Object.entries(BODY_REFERENCES)) {
      const image = await decodeImage(
        readFileSync(await referencePhotoPath(ref)),
        undefined,
        bodypose.decode,
      );
      const result = await estimatePoses(image, params, models, gridOf);
      const { p14, p17, misses } = scorePhoto(ref, result);
      missed.push(`${key}: ${misses.join('; ') || '-'}`);
      for (const k of ['n', 'hit50', 'hit25'] as const) {
        all.p14[k] += p14[k];
        all.p17[k] += p17[k];
      }
      console.log(
        `| ${key} | ${ref.people} | ${result.person_num} | ${pct(p14.hit50, p14.n)} | ${pct(p14.hit25, p14.n)} | ` +
          `${pct(p17.hit50, p17.n)} | ${pct(p17.hit25, p17.n)} |`,
      );
    }
    console.log(
      `| all | | | ${pct(all.p14.hit50, all.p14.n)} | ${pct(all.p14.hit25, all.p14.n)} | ` +
        `${pct(all.p17.hit50, all.p17.n)} | ${pct(all.p17.hit25, all.p17.n)} |`,
    );
    console.log(`points farther than 0.25 head from the mark:\n  ${missed.join('\n  ')}`);
  }
}

/**
 * Agreement of mask >= 128 with the reference (1 inside the drawn outlines): IoU, precision (share
 * of the mask inside the outlines) and recall (share of the outlines covered by the mask).
 */
export function agreement(
  mask: Uint8Array,
  reference: Uint8Array,
): { iou: number; precision: number; recall: number } {
  let both = 0;
  let inMask = 0;
  let inReference = 0;
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i]! >= FOREGROUND_LEVEL;
    const b = reference[i] === 1;
    if (a && b) both++;
    if (a) inMask++;
    if (b) inReference++;
  }
  return { iou: both / (inMask + inReference - both), precision: both / inMask, recall: both / inReference };
}

async function measureSegment(): Promise<void> {
  await initTf();
  const models = await segment.loadModels();
  console.log(
    '\nsegment: mask (>= 128) against the drawn outlines; edge width: median 10-90 % ramp across the outline, px (profiles)',
  );
  console.log(
    '| photo | size | IoU | precision | recall | IoU, model upsampled | edge width | edge width, model upsampled |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [key, ref] of Object.entries(BODY_REFERENCES)) {
    if (!ref.polygons) continue;
    const image = await decodeImage(readFileSync(await referencePhotoPath(ref)), undefined, segment.decode);
    const reference = referenceMask(ref);
    const refined = await personMask(image, models);
    const plain = await personMask(image, models, { refine: false });
    const [w, h] = [image.width, image.height];
    // Profiles reach 3 % of the long side (at least 16 px) each way from the drawn outline.
    const reach = Math.max(16, 0.03 * Math.max(w, h));
    const [sharp1, sharp0] = [
      edgeWidthAlongOutline(refined, ref, reach),
      edgeWidthAlongOutline(plain, ref, reach),
    ];
    const a = agreement(refined, reference);
    console.log(
      `| ${key} | ${w} x ${h} | ${a.iou.toFixed(3)} | ${a.precision.toFixed(3)} | ${a.recall.toFixed(3)} | ` +
        `${agreement(plain, reference).iou.toFixed(3)} | ${sharp1.median.toFixed(1)} (${sharp1.profiles}) | ` +
        `${sharp0.median.toFixed(1)} (${sharp0.profiles}) |`,
    );
  }
}

async function measureSpeed(): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  const decodeTimes: number[] = [];
  for (let i = 0; i < 23; i++) {
    const t = performance.now();
    await decodeImage(astronaut);
    if (i >= 3) decodeTimes.push(performance.now() - t);
  }
  const decode = summarize(decodeTimes);
  console.log(
    `\nspeed, engine in this thread, libvips on one thread, 40 runs (decode of the 640 px JPEG alone: p50 ${decode.p50.toFixed(1)} ms)`,
  );
  for (const task of ['bodypose', 'segment']) {
    console.log(`${task}, astronaut 640 x 640: ${await timeTask(task, astronaut, 40)}`);
    console.log(`${task}, face-api sample 1 at 640 x 427: ${await timeTask(task, group, 40)}`);
  }
  // The same pipeline (decode included) with MoveNet's published 256 x 256 input, for comparison.
  const models = await bodypose.loadModels();
  const params = bodypose.parseParams({});
  for (const [label, image] of [
    ['astronaut 640 x 640', astronaut],
    ['face-api sample 1 at 640 x 427', group],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 43; i++) {
      const t = performance.now();
      const decoded = await decodeImage(image, undefined, bodypose.decode);
      await estimatePoses(decoded, params, models, () => ({ width: 256, height: 256 }));
      if (i >= 3) times.push(performance.now() - t);
    }
    const r = summarize(times);
    console.log(`bodypose at 256 x 256, ${label}: wall p50 ${r.p50.toFixed(1)} ms, min ${r.min.toFixed(1)}`);
  }
}

async function measureModels(): Promise<void> {
  const tf = await initTf();
  const candidates: Array<[string, number, number, 'int32' | 'float32']> = [
    ['movenet-multipose', 160, 160, 'int32'],
    ['movenet-multipose', 192, 192, 'int32'],
    ['movenet-multipose', 224, 160, 'int32'],
    ['movenet-multipose', 224, 224, 'int32'],
    ['movenet-multipose', 256, 256, 'int32'],
    ['movenet-lightning', 192, 192, 'int32'],
    ['movenet-thunder', 256, 256, 'int32'],
    ['blazepose-detector', 224, 224, 'float32'],
    ['blazepose-lite', 256, 256, 'float32'],
    ['blazepose-full', 256, 256, 'float32'],
    ['selfie', 256, 256, 'float32'],
  ];
  console.log('\nmodels alone, execute + read back, one core, 20 runs after 2 (ms)');
  for (const [name, w, h, dtype] of candidates) {
    const model = await loadGraphModelFromFile(humanModelsPackagePath(name));
    const input = tf.zeros([1, h, w, 3], dtype);
    const times: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t = performance.now();
      const out = model.execute(input);
      const outs = Array.isArray(out) ? out : [out];
      await Promise.all(outs.map((o) => o.data()));
      tf.dispose(outs);
      if (i >= 2) times.push(performance.now() - t);
    }
    tf.dispose(input);
    const r = summarize(times);
    console.log(`${name} ${w} x ${h}: p50 ${r.p50.toFixed(1)}, min ${r.min.toFixed(1)}`);
  }
}

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

/** In a fresh process: load and warm up the face tasks, then bodypose and segment; time and RSS. */
async function startupChild(): Promise<void> {
  const t0 = performance.now();
  await initTf();
  for (const task of ['facepoints', 'faceanalysis', 'facebeauty'] as const) {
    const algo = await loadAlgorithm(task);
    await algo!.warmup(await algo!.loadModels());
  }
  const t1 = performance.now();
  const rss1 = process.memoryUsage().rss;
  for (const task of ['bodypose', 'segment'] as const) {
    const algo = await loadAlgorithm(task);
    await algo!.warmup(await algo!.loadModels());
  }
  const t2 = performance.now();
  const rss2 = process.memoryUsage().rss;
  console.log(
    `start-up of one engine: tfjs + face tasks ${(t1 - t0).toFixed(0)} ms, RSS ${mb(rss1)} MB; ` +
      `+ bodypose and segment ${(t2 - t1).toFixed(0)} ms, RSS +${mb(rss2 - rss1)} MB`,
  );
}

async function measureMemory(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'startup-child'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    process.stdout.write(child.stdout);
  }
  const astronaut = await sharp(readFileSync(astronautPath()))
    .resize(640, 640)
    .jpeg({ quality: 90 })
    .toBuffer();
  const group = readFileSync(groupSamplePath(1));
  const big = await sharp(group).resize(6000, 4000, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
  const backend = createLocalBackend({
    workers: 1,
    maxQueue: 8,
    taskTimeoutMs: 300_000,
    isolation: 'process',
  });
  await backend.ready();
  const pid = Number(
    readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/)[0],
  );
  const status = (): string => readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? 0) * 1024;
  console.log(`\none worker process, ready: RSS ${mb(kb('VmRSS'))} MB`);
  for (const [label, image] of [
    ['640 px astronaut', astronaut],
    ['1920 px group photo', group],
    [`24 MP photo (${(big.length / 2 ** 20).toFixed(1)} MB JPEG)`, big],
  ] as const) {
    for (const task of ['bodypose', 'segment']) {
      const t = performance.now();
      await backend.run(task, { image });
      console.log(
        `${task}, ${label}: ${(performance.now() - t).toFixed(0)} ms; worker peak RSS so far ${mb(kb('VmHWM'))} MB`,
      );
    }
  }
  await backend.close();
}

if (what === 'startup-child') await startupChild();
if (what === 'models' || what === 'all') await measureModels();
if (what === 'memory' || what === 'all') await measureMemory();
if (what === 'pose' || what === 'all') await measurePose();
if (what === 'speed' || what === 'all') await measureSpeed();
if (what === 'segment' || what === 'all') await measureSegment();

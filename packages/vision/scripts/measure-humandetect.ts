/**
 * Quality and speed figures of humandetect (docs/quality.md, "Human detection"):
 *
 *   node --import tsx packages/vision/scripts/measure-humandetect.ts [tune|boxes|speed|memory]
 *
 * (no argument: all of them; prefix `taskset -c 0` for speed to pin one core).
 *
 * tune: on photos outside the report (face-api samples 1-4, 13 people counted by eye, and
 *   scikit-image photos without people), per method: the best score of any box on the photos
 *   without people, and how many boxes samples 1-4 get above candidate thresholds. The default
 *   threshold of each method is set here, before `boxes` is looked at.
 * boxes: per report photo (test/fixtures/human-boxes.json, drawn by hand before any detector ran
 *   on them) and per method: people boxed, people found (a returned box matched one to one to a
 *   drawn box with IoU >= 0.5, best IoU first), false boxes (unmatched returned boxes, except
 *   those lying at least half inside an ignore region). Also on a "small people" collage: the
 *   report photos scaled into a 4 x 4 grid of 480 x 360 cells (1920 x 1440), their drawn boxes
 *   scaled with them.
 * speed: wall and CPU time of the engine task on 640 px photos (libvips on one thread), 30 runs
 *   (10 with small_people), and of each method's detection alone (10 runs).
 * memory: what humandetect adds to a worker's start-up (time, RSS, after every other task's models)
 *   and the peak RSS after it ran on a 640 px, a 1920 px and a 24 MP photo, with and without
 *   small_people.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage, type DecodedImage } from '../src/image/decode.ts';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { loadAlgorithm, taskNames } from '../src/algorithms/index.ts';
import { getModel } from '../src/runtime/models.ts';
import {
  detectPeople,
  iou,
  humandetect,
  type Candidate,
  type HumanDetectModels,
  type Method,
} from '../src/algorithms/body/humandetect.ts';
import { astronautPath, groupSamplePath, opencvDocPath, skimageDataDir } from '../test/fixtures.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const here = path.dirname(fileURLToPath(import.meta.url));

type Box = [number, number, number, number];
interface BoxPhoto {
  file: string;
  size: [number, number];
  boxes: Box[];
  ignore?: Box[];
}
const REFERENCES = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/human-boxes.json'), 'utf8')) as {
    photos: Record<string, BoxPhoto>;
  }
).photos;

async function photoPath(file: string): Promise<string> {
  const [source, name] = file.split(':') as [string, string];
  if (source === 'skimage') return path.join(skimageDataDir(), name);
  if (source === 'opencv-doc') return opencvDocPath(name);
  return groupSamplePath(Number(/sample(\d)/.exec(name)?.[1]) as 1 | 2 | 3 | 4 | 5 | 6);
}

/** The methods compared: each detector alone, MoveNet at two sizes, unions, tiles. */
const METHODS: Record<string, Method> = {
  'movenet 192x192': { detectors: ['movenet'], movenetArea: 192 * 192 },
  'movenet 256x256': { detectors: ['movenet'], movenetArea: 256 * 256 },
  centernet: { detectors: ['centernet'] },
  nanodet: { detectors: ['nanodet'] },
  'centernet + movenet 192': { detectors: ['centernet', 'movenet'], movenetArea: 192 * 192 },
  'movenet 192, 2x2 tiles': { detectors: ['movenet'], movenetArea: 192 * 192, tiles: 2 },
  'centernet, 2x2 tiles': { detectors: ['centernet'], tiles: 2 },
};

/** Each method's threshold, from `tune` (written here after it ran, before `boxes` ran). */
const THRESHOLDS: Record<string, number> = {
  'movenet 192x192': 0.2,
  'movenet 256x256': 0.2,
  centernet: 0.3,
  nanodet: 0.5,
  'centernet + movenet 192': 0.3,
  'movenet 192, 2x2 tiles': 0.3,
  'centernet, 2x2 tiles': 0.3,
};
const thresholdOf = (name: string): number => THRESHOLDS[name] ?? 0.3;

const models: HumanDetectModels = {};
async function loadAll(): Promise<void> {
  await initTf();
  models.centernet = await getModel('centernet');
  models.nanodet = await getModel('nanodet');
  models.movenet = await getModel('movenet-multipose');
}

const DECODE = { maxSide: 1024 };
const decode = async (file: string | Buffer): Promise<DecodedImage> =>
  decodeImage(typeof file === 'string' ? readFileSync(file) : file, undefined, DECODE);

function noPeoplePhotos(): string[] {
  // Photos of scikit-image's data folder with no person in them (astronaut and camera have one).
  const dir = skimageDataDir();
  return readdirSync(dir)
    .filter((f) => /\.(png|jpg)$/.test(f) && !['astronaut.png', 'camera.png'].includes(f))
    .map((f) => path.join(dir, f));
}

async function tune(): Promise<void> {
  await loadAll();
  const empty: Array<{ file: string; image: DecodedImage }> = [];
  for (const file of noPeoplePhotos()) {
    try {
      const image = await decode(file);
      if (image.width >= 64 && image.height >= 64) empty.push({ file, image });
    } catch {
      // A few of the data files are not photos sharp reads (16-bit, palettes): skipped.
    }
  }
  console.log(
    `tune: ${empty.length} scikit-image photos without people; face-api samples 1-4 (3, 3, 3, 4 people)`,
  );
  const samples = await Promise.all(
    [1, 2, 3, 4].map(async (n) => decode(groupSamplePath(n as 1 | 2 | 3 | 4))),
  );
  for (const [name, method] of Object.entries(METHODS)) {
    let worst = { score: 0, file: '-' };
    const falseScores: number[] = [];
    for (const { file, image } of empty) {
      for (const c of await detectPeople(image, 0.05, models, method)) {
        falseScores.push(c.score);
        if (c.score > worst.score) worst = { score: c.score, file: path.basename(file) };
      }
    }
    falseScores.sort((a, b) => b - a);
    const perSample = await Promise.all(samples.map((s) => detectPeople(s, 0.05, models, method)));
    const counts = [0.2, 0.25, 0.3, 0.35, 0.4, 0.5].map(
      (t) => `${t}: ${perSample.map((cs) => cs.filter((c) => c.score >= t).length).join('/')}`,
    );
    console.log(
      `| ${name} | ${worst.score.toFixed(3)} (${worst.file}) | next ${falseScores
        .slice(1, 4)
        .map((s) => s.toFixed(3))
        .join(', ')} | samples 1-4 boxes at ${counts.join('; ')} |`,
    );
    console.log(
      `    sample scores: ${perSample.map((cs) => cs.map((c) => c.score.toFixed(2)).join(',')).join(' | ')}`,
    );
  }
}

interface Score {
  people: number;
  found: number;
  falseBoxes: number;
}

function scoreBoxes(ref: { boxes: Box[]; ignore?: Box[] }, found: Candidate[]): Score {
  const refs: Candidate[] = ref.boxes.map(([left, top, right, bottom]) => ({
    left,
    top,
    right,
    bottom,
    score: 1,
  }));
  const pairs: Array<{ r: number; f: number; v: number }> = [];
  refs.forEach((r, ri) => found.forEach((f, fi) => pairs.push({ r: ri, f: fi, v: iou(r, f) })));
  pairs.sort((a, b) => b.v - a.v);
  const matchedR = new Set<number>();
  const matchedF = new Set<number>();
  for (const { r, f, v } of pairs) {
    if (v < 0.5 || matchedR.has(r) || matchedF.has(f)) continue;
    matchedR.add(r);
    matchedF.add(f);
  }
  const inIgnore = (c: Candidate): boolean =>
    (ref.ignore ?? []).some(([l, t, r, b]) => {
      const w = Math.min(r, c.right) - Math.max(l, c.left);
      const h = Math.min(b, c.bottom) - Math.max(t, c.top);
      return w > 0 && h > 0 && w * h >= 0.5 * (c.right - c.left) * (c.bottom - c.top);
    });
  const falseBoxes = found.filter((c, i) => !matchedF.has(i) && !inIgnore(c)).length;
  return { people: refs.length, found: matchedR.size, falseBoxes };
}

/** The report photos scaled into a 4 x 4 grid of 480 x 360 cells, with their boxes. */
async function collage(): Promise<{ image: DecodedImage; boxes: Box[]; ignore: Box[] }> {
  const CW = 480;
  const CH = 360;
  const keys = Object.keys(REFERENCES);
  const parts: sharp.OverlayOptions[] = [];
  const boxes: Box[] = [];
  const ignore: Box[] = [];
  for (let cell = 0; cell < 16; cell++) {
    const ref = REFERENCES[keys[cell % keys.length]!]!;
    const s = Math.min(CW / ref.size[0], CH / ref.size[1]);
    const w = Math.round(ref.size[0] * s);
    const h = Math.round(ref.size[1] * s);
    const x0 = (cell % 4) * CW + Math.floor((CW - w) / 2);
    const y0 = Math.floor(cell / 4) * CH + Math.floor((CH - h) / 2);
    const input = await sharp(await photoPath(ref.file))
      .rotate()
      .resize(w, h, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .png()
      .toBuffer();
    parts.push({ input, left: x0, top: y0 });
    const map = ([l, t, r, b]: Box): Box => [x0 + l * s, y0 + t * s, x0 + r * s, y0 + b * s];
    boxes.push(...ref.boxes.map(map));
    ignore.push(...(ref.ignore ?? []).map(map));
  }
  const png = await sharp({ create: { width: 4 * CW, height: 4 * CH, channels: 3, background: '#808080' } })
    .composite(parts)
    .png()
    .toBuffer();
  return { image: await decode(png), boxes, ignore };
}

async function boxes(): Promise<void> {
  await loadAll();
  const photos: Array<{ key: string; image: DecodedImage; ref: { boxes: Box[]; ignore?: Box[] } }> = [];
  for (const [key, ref] of Object.entries(REFERENCES))
    photos.push({ key, image: await decode(await photoPath(ref.file)), ref });
  const c = await collage();
  photos.push({ key: 'collage (4 x 4)', image: c.image, ref: c });
  console.log(`\nboxes: people found / boxed (IoU >= 0.5), false boxes; each method at its threshold`);
  console.log(
    `| photo | ${Object.keys(METHODS)
      .map((m) => `${m} (>= ${thresholdOf(m)})`)
      .join(' | ')} |`,
  );
  console.log(
    `| --- | ${Object.keys(METHODS)
      .map(() => '---')
      .join(' | ')} |`,
  );
  const totals = Object.keys(METHODS).map(() => ({ people: 0, found: 0, falseBoxes: 0 }));
  const totalsReal = Object.keys(METHODS).map(() => ({ people: 0, found: 0, falseBoxes: 0 }));
  for (const { key, image, ref } of photos) {
    const cells: string[] = [];
    let m = 0;
    for (const [name, method] of Object.entries(METHODS)) {
      const s = scoreBoxes(ref, await detectPeople(image, thresholdOf(name), models, method));
      for (const t of key.startsWith('collage') ? [totals[m]!] : [totals[m]!, totalsReal[m]!]) {
        t.people += s.people;
        t.found += s.found;
        t.falseBoxes += s.falseBoxes;
      }
      cells.push(`${s.found}/${s.people}, ${s.falseBoxes} false`);
      m++;
    }
    console.log(`| ${key} | ${cells.join(' | ')} |`);
  }
  console.log(
    `| **six photos** | ${totalsReal.map((t) => `**${t.found}/${t.people}**, ${t.falseBoxes} false`).join(' | ')} |`,
  );
  // The shipped method's misses: the best box (any score) on each drawn person it did not find.
  const misses: string[] = [];
  for (const { key, image, ref } of photos) {
    const kept = await detectPeople(image, thresholdOf('centernet'), models, METHODS.centernet!);
    const any = await detectPeople(image, 0.05, models, METHODS.centernet!);
    ref.boxes.forEach(([left, top, right, bottom], k) => {
      const drawn = { left, top, right, bottom, score: 1 };
      if (kept.some((c) => iou(c, drawn) >= 0.5)) return;
      const best = any.map((c) => ({ c, v: iou(c, drawn) })).sort((a, b) => b.v - a.v)[0];
      misses.push(
        `${key} person ${k + 1}: best box IoU ${best?.v.toFixed(2)}, score ${best?.c.score.toFixed(2)}`,
      );
    });
  }
  console.log(`CenterNet's misses (whole photo): ${misses.join('; ') || '-'}`);
}

async function speed(): Promise<void> {
  await loadAll();
  const photos: Array<[string, Buffer]> = [];
  for (const [label, file] of [
    ['astronaut 640 x 640', astronautPath()],
    ['face-api sample 1, 640 px', groupSamplePath(1)],
  ] as const) {
    const buf = await sharp(file).resize(640, 640, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
    photos.push([label, buf]);
  }
  const runs: Array<[string, Buffer, Record<string, unknown>, number]> = [
    ...photos.map(
      ([label, buf]) => [label, buf, {}, 30] as [string, Buffer, Record<string, unknown>, number],
    ),
    [`${photos[0]![0]}, small_people`, photos[0]![1], { smallPeople: true }, 10],
  ];
  for (const [label, image, params, n] of runs) {
    for (let i = 0; i < 3; i++) await runTaskInProcess('humandetect', { image, params });
    const wall: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await runTaskInProcess('humandetect', { image, params });
      wall.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    const s = summarize(wall);
    console.log(
      `engine humandetect, ${label}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms/run (${n} runs)`,
    );
  }
  const image = await decode(astronautPath());
  for (const [name, method] of Object.entries(METHODS)) {
    await detectPeople(image, 0.3, models, method);
    const wall: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await detectPeople(image, 0.3, models, method);
      wall.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `detection alone, ${name}, astronaut 512 x 512: p50 ${summarize(wall).p50.toFixed(1)} ms, ` +
        `CPU ${((cpu.user + cpu.system) / 1000 / 10).toFixed(1)} ms/run`,
    );
  }
}

async function memory(): Promise<void> {
  const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);
  await initTf();
  const t0 = performance.now();
  for (const task of taskNames.filter((t) => t !== 'humandetect')) {
    const algo = (await loadAlgorithm(task))!;
    await algo.warmup(await algo.loadModels());
  }
  const rss1 = process.memoryUsage().rss;
  const t1 = performance.now();
  const algo = (await loadAlgorithm('humandetect'))!;
  const loaded = await algo.loadModels();
  await algo.warmup(loaded);
  const rss2 = process.memoryUsage().rss;
  console.log(
    `start-up: every other task ${(t1 - t0).toFixed(0)} ms, RSS ${mb(rss1)} MB; + humandetect ` +
      `${(performance.now() - t1).toFixed(0)} ms, RSS +${mb(rss2 - rss1)} MB; ` +
      `peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, RSS now ${mb(process.memoryUsage().rss)} MB`,
  );
  const group = readFileSync(groupSamplePath(6));
  const photos: Array<[string, Buffer]> = [
    ['640 px', await sharp(astronautPath()).resize(640, 640).jpeg().toBuffer()],
    ['1920 px (sample 6)', group],
    [
      '24 MP (sample 6 at 6000 x 4000)',
      await sharp(group).resize(6000, 4000, { fit: 'fill' }).jpeg().toBuffer(),
    ],
  ];
  for (const [label, image] of photos) {
    for (const smallPeople of [false, true]) {
      const t = performance.now();
      // The task as the engine runs it, on this process's models (runTaskInProcess would load a second set).
      const decoded = await decodeImage(image, undefined, algo.decode);
      const r = (await algo.run(decoded, algo.parseParams({ smallPeople }), loaded)) as {
        person_num: number;
      };
      console.log(
        `${label}${smallPeople ? ', small_people' : ''}: ${r.person_num} people, ${(performance.now() - t).toFixed(0)} ms, ` +
          `peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, RSS now ${mb(process.memoryUsage().rss)} MB`,
      );
    }
  }
}

if (what === 'tune' || what === 'all') await tune();
if (what === 'boxes' || what === 'all') await boxes();
if (what === 'speed' || what === 'all') await speed();
if (what === 'memory' || what === 'all') await memory();
console.log(
  `load average: ${(await import('node:os'))
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
void humandetect;

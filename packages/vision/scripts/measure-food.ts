/**
 * Quality and speed figures of fooddetect and foodsegment (docs/quality.md, "Food detection" and
 * "Food segmentation"):
 *
 *   node --import tsx packages/vision/scripts/measure-food.ts [tune|report|mask|speed]
 *
 * (no argument: all; prefix `taskset -c 0` for speed to pin one core).
 *
 * Photos and labels: test/fixtures/food-labels.json (marked by hand), set "tune" (thresholds
 * chosen here) and set "report" (figures reported).
 * tune: per method, on the tuning photos: the food candidates and the threshold (see thresholds:
 *   the most items named right less false food boxes, a false box being one that matches no marked
 *   item and lies less than half inside an ignore box).
 * report: per method at its tuned threshold, on the report photos: food items marked, found (IoU
 *   >= 0.5, one to one, best first), with the right name, false food boxes, and photos without
 *   food (nothing marked, no ignore box either) answered "no food" (food_num 0).
 * mask: foodsegment's mask (value > 0) against the outlines marked by hand: IoU per photo.
 * speed: wall and CPU time of the engine tasks on a 640 px photo (apple.jpg enlarged), 20 runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { DecodedImage } from '../src/image/decode.ts';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { findFood, type FoodCandidate } from '../src/algorithms/recognition/fooddetect.ts';
import type { ObjectMethod, ObjectModels } from '../src/algorithms/recognition/objects.ts';
import { opencvDocPath, photoPath } from '../test/fixtures.ts';
import { labelledPhotos, loadDetectors, markedBox, matchBoxes, type Box } from './labelled-boxes.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const here = path.dirname(fileURLToPath(import.meta.url));

interface FoodPhoto {
  set: 'tune' | 'report';
  file: string;
  food: Array<{ label: string; box: Box }>;
  ignore?: Box[];
  /** The marked outline: a polygon, an ellipse [cx, cy, rx, ry], or several ellipses (their union). */
  mask?: {
    polygon?: Array<[number, number]>;
    ellipse?: [number, number, number, number];
    ellipses?: Array<[number, number, number, number]>;
  };
}
export const FOOD_REFERENCES = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/food-labels.json'), 'utf8')) as {
    photos: Record<string, FoodPhoto>;
  }
).photos;

const METHODS: Record<string, ObjectMethod> = {
  centernet: { detectors: ['centernet'] },
  nanodet: { detectors: ['nanodet'] },
  'centernet + nanodet': { detectors: ['centernet', 'nanodet'] },
  'centernet, zoomed out too': { detectors: ['centernet'], zoom: 0.25 },
  'centernet + nanodet, zoomed out too': { detectors: ['centernet', 'nanodet'], zoom: 0.25 },
  'centernet, flip': { detectors: ['centernet'], flip: true },
};

const models: ObjectModels = {};
const loadAll = () => loadDetectors(models);

/** Share of `f`'s area inside box `b`. */
function insideShare(f: FoodCandidate, b: Box): number {
  const w = Math.min(f.right, b[2]) - Math.max(f.left, b[0]);
  const h = Math.min(f.bottom, b[3]) - Math.max(f.top, b[1]);
  const a = (f.right - f.left) * (f.bottom - f.top);
  return w > 0 && h > 0 && a > 0 ? (w * h) / a : 0;
}

function match(found: FoodCandidate[], photo: FoodPhoto) {
  const pairs = matchBoxes(
    found,
    photo.food.map((d) => markedBox(d.box)),
  );
  const usedF = new Set(pairs.map(([i]) => i));
  const named = pairs.filter(([i, j]) => found[i]!.label === photo.food[j]!.label).length;
  const falseBoxes = found.filter(
    (f, i) => !usedF.has(i) && !(photo.ignore ?? []).some((b) => insideShare(f, b) >= 0.5),
  );
  return { marked: photo.food.length, found: pairs.length, named, falseBoxes };
}

const photosOf = (set: 'tune' | 'report') => labelledPhotos(FOOD_REFERENCES, set);

const foodOnly = async (image: DecodedImage, method: ObjectMethod) =>
  (await findFood(image, models, method)).filter((f) => f.food);

/**
 * Each method's threshold from the tuning photos: of 0.10, 0.12, ... 0.60, the one with the most
 * food items found with the right name less false food boxes; ties go to the higher threshold.
 */
async function thresholds(print: boolean): Promise<Record<string, number>> {
  const photos = await photosOf('tune');
  const out: Record<string, number> = {};
  for (const [name, method] of Object.entries(METHODS)) {
    const lines: string[] = [];
    const all: Array<[FoodPhoto, FoodCandidate[]]> = [];
    for (const [pname, photo, image] of photos) {
      const found = await foodOnly(image, method);
      all.push([photo, found]);
      if (found.length)
        lines.push(
          `    ${pname}: ${found
            .slice(0, 4)
            .map((f) => `${f.label} ${f.score.toFixed(3)}`)
            .join('; ')}`,
        );
    }
    let best = { t: 0.6, gain: -Infinity };
    for (let t = 0.6; t >= 0.1 - 1e-9; t -= 0.02) {
      let gain = 0;
      for (const [photo, found] of all) {
        const m = match(
          found.filter((f) => f.score >= t),
          photo,
        );
        gain += m.named - m.falseBoxes.length;
      }
      if (gain > best.gain) best = { t: Math.round(t * 100) / 100, gain };
    }
    out[name] = best.t;
    if (print) {
      console.log(`${name}: threshold ${best.t} (named less false on the tuning photos: ${best.gain})`);
      for (const l of lines) console.log(l);
    }
  }
  return out;
}

async function report(): Promise<void> {
  const tuned = await thresholds(false);
  const photos = await photosOf('report');
  for (const [name, method] of Object.entries(METHODS)) {
    const t = tuned[name]!;
    const total = { marked: 0, found: 0, named: 0, falseBoxes: 0, empty: 0, emptyRight: 0 };
    const per: string[] = [];
    for (const [pname, photo, image] of photos) {
      const found = (await foodOnly(image, method)).filter((f) => f.score >= t);
      const m = match(found, photo);
      total.marked += m.marked;
      total.found += m.found;
      total.named += m.named;
      total.falseBoxes += m.falseBoxes.length;
      // A photo without food: nothing marked, not even food of no COCO class (an ignore box).
      if (photo.food.length === 0 && !photo.ignore?.length) {
        total.empty++;
        if (found.length === 0) total.emptyRight++;
      }
      if (m.marked > 0 || m.falseBoxes.length > 0)
        per.push(
          `${pname} ${m.named}/${m.found}/${m.marked}${m.falseBoxes.length ? ` +${m.falseBoxes.map((f) => f.label).join(',')}` : ''}`,
        );
    }
    console.log(
      `${name} (threshold ${t}): food items ${total.marked}, found ${total.found}, right name ${total.named}, ` +
        `false food boxes ${total.falseBoxes}; photos without food answered "no food" ${total.emptyRight}/${total.empty} | ${per.join(', ')}`,
    );
  }
}

/** The marked outline of `photo` as a W x H 0/1 mask. */
async function markedMask(photo: FoodPhoto, W: number, H: number): Promise<Uint8Array> {
  const m = photo.mask!;
  const ellipses = [...(m.ellipse ? [m.ellipse] : []), ...(m.ellipses ?? [])];
  const shape = m.polygon
    ? `<polygon points="${m.polygon.map((p) => p.join(',')).join(' ')}" fill="white"/>`
    : ellipses
        .map(([cx, cy, rx, ry]) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="white"/>`)
        .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="black"/>${shape}</svg>`;
  const grey = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
  return Uint8Array.from(grey, (v) => (v >= 128 ? 1 : 0));
}

/** foodsegment's IoU with the marked outline of `photo` at seed threshold `minScore`. */
async function maskIou(photo: FoodPhoto, minScore: number): Promise<number> {
  const r = await runTaskInProcess<{
    answer: { image_width: number; image_height: number };
    images: { mask: { bytes: Uint8Array } };
  }>('foodsegment', { image: readFileSync(await photoPath(photo.file)), params: { minScore } });
  const W = r.answer.image_width;
  const H = r.answer.image_height;
  const got = await sharp(Buffer.from(r.images.mask.bytes)).greyscale().raw().toBuffer();
  const want = await markedMask(photo, W, H);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < W * H; i++) {
    const a = got[i]! > 0 ? 1 : 0;
    inter += a & want[i]!;
    union += a | want[i]!;
  }
  return union ? inter / union : 1;
}

/**
 * foodsegment's seed threshold from the tuning photos with an outline (the best mean IoU of 0.10,
 * 0.12, ... 0.40, ties to the higher), then the IoU of the report photos at it.
 */
async function mask(): Promise<void> {
  const withMask = Object.entries(FOOD_REFERENCES).filter(([, p]) => p.mask);
  const tuning = withMask.filter(([, p]) => p.set === 'tune');
  let best = { t: 0.4, iou: -1 };
  for (let t = 0.4; t >= 0.1 - 1e-9; t -= 0.02) {
    let sum = 0;
    for (const [, photo] of tuning) sum += await maskIou(photo, t);
    if (sum / tuning.length > best.iou) best = { t: Math.round(t * 100) / 100, iou: sum / tuning.length };
  }
  console.log(
    `foodsegment seed threshold from the tuning photos: ${best.t} (mean IoU there ${best.iou.toFixed(3)})`,
  );
  const ious: string[] = [];
  for (const [name, photo] of withMask.filter(([, p]) => p.set === 'report'))
    ious.push(`${name} ${(await maskIou(photo, best.t)).toFixed(3)}`);
  console.log(
    `foodsegment mask IoU against the marked outlines, report photos, at ${best.t}: ${ious.join(', ')}`,
  );
}

async function speed(): Promise<void> {
  await initTf();
  const buf = await sharp(await opencvDocPath('examples/data/apple.jpg'))
    .resize(640, 640, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  for (const task of ['fooddetect', 'foodsegment']) {
    for (let i = 0; i < 3; i++) await runTaskInProcess(task, { image: buf, params: {} });
    const wall: number[] = [];
    const cpu0 = process.cpuUsage();
    const n = 20;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await runTaskInProcess(task, { image: buf, params: {} });
      wall.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    const s = summarize(wall);
    console.log(
      `engine ${task}, apple 640 x 640: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms/run (${n} runs)`,
    );
  }
}

if (what === 'tune' || what === 'all') {
  await loadAll();
  await thresholds(true);
}
if (what === 'report' || what === 'all') {
  await loadAll();
  await report();
}
if (what === 'mask' || what === 'all') await mask();
if (what === 'speed' || what === 'all') await speed();

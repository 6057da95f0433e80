/**
 * Quality and speed figures of catsanddogs (docs/quality.md, "Cats and dogs"):
 *
 *   node --import tsx packages/vision/scripts/measure-pets.ts [tune|report|speed]
 *
 * (no argument: all three; prefix `taskset -c 0` for speed to pin one core).
 *
 * Photos and boxes: test/fixtures/pet-boxes.json (drawn by hand before any detector ran on them),
 * set "tune" (thresholds chosen here) and set "report" (figures reported).
 * tune: per method, on the tuning photos: every candidate's score and label, the best score of a
 *   candidate that is no pet (a false box), and the tuned threshold (written into THRESHOLDS below
 *   after it ran, before `report` was looked at).
 * report: per method at its threshold, on the report photos: pets boxed, pets found (a returned box
 *   matched one to one to a drawn box with IoU >= 0.5, best IoU first), of those with the right
 *   label (cat or dog), false boxes (unmatched returned boxes), precision and recall.
 * speed: wall and CPU time of the engine task on a 640 px photo (chelsea enlarged), 20 runs, and
 *   of each method alone (10 runs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { findPets, type PetCandidate, type PetMethod } from '../src/algorithms/recognition/catsanddogs.ts';
import type { ObjectModels } from '../src/algorithms/recognition/objects.ts';
import { chelseaPath } from '../test/fixtures.ts';
import { labelledPhotos, loadDetectors, markedBox, matchBoxes, type Box } from './labelled-boxes.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const here = path.dirname(fileURLToPath(import.meta.url));

interface PetPhoto {
  set: 'tune' | 'report';
  file: string;
  cats: Box[];
  dogs: Box[];
  /** Animals whose kind a person cannot tell: a box on one is neither a pet found nor a false box. */
  unsure?: Box[];
}
const REFERENCES = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/pet-boxes.json'), 'utf8')) as {
    photos: Record<string, PetPhoto>;
  }
).photos;

/** The methods compared. */
const METHODS: Record<string, PetMethod> = {
  centernet: { detectors: ['centernet'] },
  nanodet: { detectors: ['nanodet'] },
  'centernet + nanodet': { detectors: ['centernet', 'nanodet'] },
  'centernet, flip': { detectors: ['centernet'], flip: true },
  'centernet, second look': { detectors: ['centernet'], secondLook: true },
  'centernet, second look by nanodet': {
    detectors: ['centernet'],
    secondLook: true,
    lookDetectors: ['nanodet'],
  },
  'centernet + nanodet, second look': { detectors: ['centernet', 'nanodet'], secondLook: true },
  'centernet + nanodet, flip, second look': {
    detectors: ['centernet', 'nanodet'],
    flip: true,
    secondLook: true,
  },
};

/**
 * A method's threshold, from the tuning photos only: 0.05 above its best false box there, and at
 * least 0.2 (`report` computes it from `tune`'s photos before it looks at its own).
 */
const thresholdFrom = (bestFalse: number): number => Math.round(Math.max(0.2, bestFalse + 0.05) * 100) / 100;

const models: ObjectModels = {};
const loadAll = () => loadDetectors(models);

function match(found: PetCandidate[], photo: PetPhoto) {
  const drawn = [
    ...photo.cats.map((b) => ({ box: markedBox(b), label: 'cat' })),
    ...photo.dogs.map((b) => ({ box: markedBox(b), label: 'dog' })),
  ];
  const pairs = matchBoxes(
    found,
    drawn.map((d) => d.box),
  );
  const labelled = pairs.filter(([i, j]) => found[i]!.label === drawn[j]!.label).length;
  const matched = new Set(pairs.map(([i]) => i));
  const setAside = matchBoxes(
    found.filter((_, i) => !matched.has(i)),
    (photo.unsure ?? []).map(markedBox),
  ).length;
  return {
    drawn: drawn.length,
    found: pairs.length,
    labelled,
    falseBoxes: found.length - pairs.length - setAside,
  };
}

const photosOf = (set: 'tune' | 'report') => labelledPhotos(REFERENCES, set);

const fmt = (c: PetCandidate) =>
  `${c.label} ${c.score.toFixed(3)} (cat ${c.cat.toFixed(2)}, dog ${c.dog.toFixed(2)})`;

/** Each method's threshold from the tuning photos. */
async function thresholds(): Promise<Record<string, number>> {
  const photos = await photosOf('tune');
  const out: Record<string, number> = {};
  for (const [name, method] of Object.entries(METHODS)) {
    let worstFalse = 0;
    for (const [, photo, image] of photos) {
      for (const f of await findPets(image, models, method))
        if (match([f], photo).falseBoxes === 1) worstFalse = Math.max(worstFalse, f.score);
    }
    out[name] = thresholdFrom(worstFalse);
  }
  return out;
}

async function tune(): Promise<void> {
  await loadAll();
  const photos = await photosOf('tune');
  for (const [name, method] of Object.entries(METHODS)) {
    let worstFalse = 0;
    const lines: string[] = [];
    for (const [pname, photo, image] of photos) {
      const found = await findPets(image, models, method);
      const good = found.filter((f) => match([f], photo).found === 1);
      const bad = found.filter((f) => match([f], photo).falseBoxes === 1);
      for (const b of bad) worstFalse = Math.max(worstFalse, b.score);
      if (found.length > 0)
        lines.push(
          `    ${pname}: pets ${good.map(fmt).join('; ') || '-'} | false ${bad.slice(0, 3).map(fmt).join('; ') || '-'}`,
        );
    }
    console.log(`${name}: best false box ${worstFalse.toFixed(3)}, threshold ${thresholdFrom(worstFalse)}`);
    for (const l of lines) console.log(l);
  }
}

async function report(): Promise<void> {
  await loadAll();
  const tuned = await thresholds();
  const photos = await photosOf('report');
  for (const [name, method] of Object.entries(METHODS)) {
    const t = tuned[name]!;
    const total = { drawn: 0, found: 0, labelled: 0, falseBoxes: 0 };
    const per: string[] = [];
    for (const [pname, photo, image] of photos) {
      const found = (await findPets(image, models, method)).filter((f) => f.score >= t);
      const m = match(found, photo);
      total.drawn += m.drawn;
      total.found += m.found;
      total.labelled += m.labelled;
      total.falseBoxes += m.falseBoxes;
      if (m.drawn > 0 || m.falseBoxes > 0)
        per.push(
          `${pname} ${m.labelled}/${m.found}/${m.drawn}${m.falseBoxes ? ` +${m.falseBoxes} false` : ''}`,
        );
    }
    const returned = total.found + total.falseBoxes;
    console.log(
      `${name} (threshold ${t}): pets ${total.drawn}, found ${total.found}, right label ${total.labelled}, ` +
        `false boxes ${total.falseBoxes}; precision ${returned ? (total.labelled / returned).toFixed(2) : '-'} ` +
        `(right label), recall ${(total.labelled / total.drawn).toFixed(2)} (right label) | ${per.join(', ')}`,
    );
  }
}

async function speed(): Promise<void> {
  await loadAll();
  const buf = await sharp(chelseaPath()).resize(640, 640, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
  for (let i = 0; i < 3; i++) await runTaskInProcess('catsanddogs', { image: buf, params: {} });
  const wall: number[] = [];
  const cpu0 = process.cpuUsage();
  const n = 20;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await runTaskInProcess('catsanddogs', { image: buf, params: {} });
    wall.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const s = summarize(wall);
  console.log(
    `engine catsanddogs, chelsea 640 x 426: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms/run (${n} runs)`,
  );
  const image = await decodeImage(buf, undefined, { maxSide: 1024 });
  for (const [name, method] of Object.entries(METHODS)) {
    await findPets(image, models, method);
    const w: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await findPets(image, models, method);
      w.push(performance.now() - t0);
    }
    const c = process.cpuUsage(c0);
    console.log(
      `detection alone, ${name}: p50 ${summarize(w).p50.toFixed(1)} ms, CPU ${((c.user + c.system) / 1000 / 10).toFixed(1)} ms/run`,
    );
  }
}

if (what === 'tune' || what === 'all') await tune();
if (what === 'report' || what === 'all') await report();
if (what === 'speed' || what === 'all') await speed();

/**
 * Quality and speed of skinanalysis (docs/quality.md, "Skin analysis"):
 *
 *   node --import tsx packages/vision/scripts/measure-skin.ts [quality|portraits|london|speed] [--faces]
 *
 * (no argument: both; prefix `taskset -c 0` for speed to pin one core).
 *
 * quality: each face labelled in test/fixtures/skin-labels.json is matched to the face found whose
 *   box holds the label's point (nearest the box centre); per split (tune: samples 1-3, where the
 *   thresholds were set; report: samples 4-6 and the astronaut) and per attribute, the agreement
 *   with the person's label: tone category exact and within one category, dark circles (not
 *   "none"), wrinkles (not "none"), oily shine (oil area not "none"). Faces not found are counted
 *   apart. --faces prints every face's raw measures.
 * portraits: the independent face set (test/fixtures/face-eval.json: 96 congressional portraits and
 *   the first photo of each of 50 18F staff, one person each, skin labelled by eye before any model
 *   ran on them as light, medium or dark, roughly Fitzpatrick I-II, III-IV, V-VI): the answered
 *   category made coarse the same way, fixed before this ran (very light and light -> light,
 *   intermediate and tan -> medium, brown and dark -> dark), per half a 3 x 3 table; and how often
 *   the ITA orders two faces of different labels as their labels do (every such pair).
 * london: the same on the Face Research Lab London Set's 102 studio portraits (one light for all;
 *   test/fixtures/eyelid-labels.json's `skin`, labelled by eye the same way before any skin code
 *   ran on them), its tune and report halves.
 * speed: wall and CPU time of the task (decode included) on the astronaut at 640 x 640 and face-api
 *   sample 1 at 640 x 427, 30 runs after 3.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { DEFAULT_IMAGE_LIMITS, decodeImage } from '../src/image/decode.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { analyseFaces, skinanalysis } from '../src/algorithms/face/skin-analysis.ts';
import { TONE_CATEGORIES, type ToneCategory } from '../src/algorithms/face/skin-analysis-params.ts';
import { astronautPath, groupSamplePath, photoPath as fixturePhoto } from '../test/fixtures.ts';
import { EYELID_LABELS } from '../test/eyelid-labels.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2]?.startsWith('--') ? 'all' : (process.argv[2] ?? 'all');
const verbose = process.argv.includes('--faces');

interface Label {
  photo: string;
  split: 'tune' | 'report';
  point: [number, number];
  tone: ToneCategory;
  dark_circles: boolean | null;
  wrinkles: boolean | null;
  oily_shine: boolean | null;
}

const labels = (
  JSON.parse(readFileSync(new URL('../test/fixtures/skin-labels.json', import.meta.url), 'utf8')) as {
    faces: Label[];
  }
).faces;

const photoPath = (photo: string): string =>
  photo === 'astronaut' ? astronautPath() : groupSamplePath(Number(photo.slice(6)) as 1 | 2 | 3 | 4 | 5 | 6);

async function measureQuality(): Promise<void> {
  await initTf();
  const models = await skinanalysis.loadModels();
  const params = skinanalysis.parseParams({ maxFaceNum: 10 });
  type Row = { label: Label; found: Awaited<ReturnType<typeof analyseFaces>>[number] | undefined };
  const rows: Row[] = [];
  for (const photo of [...new Set(labels.map((l) => l.photo))]) {
    const image = await decodeImage(
      readFileSync(photoPath(photo)),
      DEFAULT_IMAGE_LIMITS,
      skinanalysis.decode,
    );
    const faces = await analyseFaces(image, params, models);
    for (const label of labels.filter((l) => l.photo === photo)) {
      const [px, py] = label.point;
      const inside = faces.filter(({ face: { face_rectangle: r } }) => {
        return px >= r.left && px <= r.left + r.width && py >= r.top && py <= r.top + r.height;
      });
      const centre = (r: (typeof faces)[number]) => {
        const b = r.face.face_rectangle;
        return Math.hypot(b.left + b.width / 2 - px, b.top + b.height / 2 - py);
      };
      inside.sort((a, b) => centre(a) - centre(b));
      rows.push({ label, found: inside[0] });
    }
  }
  if (verbose) {
    console.log(
      '| photo | point | tone label | ITA | level | category | under-eye drop | lines f/c/n | shine T/cheeks | redness | pores/1000 px | acne | moles |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const { label, found } of rows) {
      if (!found) {
        console.log(`| ${label.photo} | ${label.point.join(',')} | ${label.tone} | not found |`);
        continue;
      }
      const m = found.measures;
      const a = found.face.attributes;
      const f2 = (v: number) => v.toFixed(2);
      console.log(
        `| ${label.photo} | ${label.point.join(',')} | ${label.tone} | ${a.ita.value} | ${a.skin_tone.value} | ${a.skin_tone_category.value} | ${f2(m.underEyeDrop)} (dc ${label.dark_circles}) | ${f2(m.foreheadLines)}/${f2(m.crowsFeetLines)}/${f2(m.nasolabialLines)} (w ${label.wrinkles}) | ${f2(m.tZoneShine)}/${f2(m.cheekShine)} (oil ${label.oily_shine}) | ${f2(m.redness)} | ${f2(m.poreDensity)} | ${m.acne} | ${m.moles} |`,
      );
    }
  }
  for (const split of ['tune', 'report'] as const) {
    const mine = rows.filter((r) => r.label.split === split);
    const found = mine.filter((r) => r.found);
    console.log(`\n${split}: ${mine.length} labelled faces, ${found.length} found`);
    const cat = (c: ToneCategory) => TONE_CATEGORIES.indexOf(c);
    const exact = found.filter(
      (r) => r.found!.face.attributes.skin_tone_category.value === r.label.tone,
    ).length;
    const near = found.filter(
      (r) => Math.abs(cat(r.found!.face.attributes.skin_tone_category.value) - cat(r.label.tone)) <= 1,
    ).length;
    const darker = found.filter(
      (r) => cat(r.found!.face.attributes.skin_tone_category.value) > cat(r.label.tone),
    ).length;
    const lighter = found.filter(
      (r) => cat(r.found!.face.attributes.skin_tone_category.value) < cat(r.label.tone),
    ).length;
    console.log('| attribute | faces judged | agree | detail |\n| --- | --- | --- | --- |');
    console.log(
      `| tone category, exact | ${found.length} | ${exact} | said darker ${darker}, lighter ${lighter} |`,
    );
    console.log(`| tone category, within one | ${found.length} | ${near} | |`);
    const yesNo = (name: string, labelOf: (l: Label) => boolean | null, said: (r: Row) => boolean) => {
      const judged = found.filter((r) => labelOf(r.label) !== null);
      const count = (l: boolean, s: boolean) =>
        judged.filter((r) => labelOf(r.label) === l && said(r) === s).length;
      const [tp, fp, fn, tn] = [
        count(true, true),
        count(false, true),
        count(true, false),
        count(false, false),
      ];
      console.log(`| ${name} | ${judged.length} | ${tp + tn} | TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn} |`);
    };
    yesNo(
      'dark circles',
      (l) => l.dark_circles,
      (r) => r.found!.face.attributes.dark_circles.value !== 'none',
    );
    yesNo(
      'wrinkles',
      (l) => l.wrinkles,
      (r) => r.found!.face.attributes.wrinkles.value !== 'none',
    );
    yesNo(
      'oily shine',
      (l) => l.oily_shine,
      (r) => r.found!.face.attributes.oil_area.value !== 'none',
    );
  }
}

/** Coarse skin labels of the independent face set against the answered tone (see the header). */
async function measurePortraits(source: 'portraits' | 'london'): Promise<void> {
  await initTf();
  const models = await skinanalysis.loadModels();
  const params = skinanalysis.parseParams({ maxFaceNum: 1 });
  const COARSE: Coarse[] = ['light', 'medium', 'dark'];
  const coarse = (c: ToneCategory): Coarse =>
    c === 'very_light' || c === 'light' ? 'light' : c === 'intermediate' || c === 'tan' ? 'medium' : 'dark';
  const photos = source === 'london' ? londonPhotos() : portraitPhotos();
  const rows: Array<{ half: 'tune' | 'report'; skin: Coarse; said?: Coarse; ita?: number }> = [];
  for (const p of photos) {
    const image = await decodeImage(
      readFileSync(await fixturePhoto(p.file)),
      DEFAULT_IMAGE_LIMITS,
      skinanalysis.decode,
    );
    const face = (await analyseFaces(image, params, models))[0];
    const a = face?.face.attributes;
    rows.push({
      half: p.half,
      skin: p.skin,
      ...(a ? { said: coarse(a.skin_tone_category.value), ita: a.ita.value } : {}),
    });
    if (verbose)
      console.log(
        `${p.file}\t${p.half}\t${p.skin}\t${a ? `${a.ita.value}\t${a.skin_tone_category.value}` : 'no face'}`,
      );
  }
  for (const half of ['tune', 'report'] as const) {
    const mine = rows.filter((r) => r.half === half);
    const found = mine.filter((r) => r.said !== undefined);
    const right = found.filter((r) => r.said === r.skin).length;
    console.log(`\n${half}: ${mine.length} faces, ${found.length} found; coarse tone right on ${right}`);
    console.log(
      '| label \\ answered | light | medium | dark | ITA median |\n| --- | --- | --- | --- | --- |',
    );
    for (const label of COARSE) {
      const of = found.filter((r) => r.skin === label);
      const itas = of.map((r) => r.ita!).sort((x, y) => x - y);
      const median = itas.length ? itas[itas.length >> 1]!.toFixed(1) : '-';
      console.log(
        `| ${label} (${of.length}) | ${COARSE.map((c) => of.filter((r) => r.said === c).length).join(' | ')} | ${median} |`,
      );
    }
    let ordered = 0;
    let pairs = 0;
    for (const x of found)
      for (const y of found) {
        const dx = COARSE.indexOf(x.skin);
        const dy = COARSE.indexOf(y.skin);
        if (dx >= dy) continue;
        pairs++;
        if (x.ita! > y.ita!) ordered++;
      }
    console.log(
      `pairs of faces labelled differently, the lighter-labelled face at the higher ITA: ${ordered} of ${pairs}`,
    );
  }
}

type Coarse = 'light' | 'medium' | 'dark';

/** The independent face set's first photo of each person with its skin label by eye. */
function portraitPhotos(): Array<{ file: string; half: 'tune' | 'report'; skin: Coarse }> {
  const set = JSON.parse(
    readFileSync(new URL('../test/fixtures/face-eval.json', import.meta.url), 'utf8'),
  ) as {
    faces: Record<string, { set: 'tune' | 'report'; eye: { skin: Coarse }; record: { bioguide: string } }>;
    pairs: Record<string, { set: 'tune' | 'report'; photos: [string, string]; eye: Array<{ skin: Coarse }> }>;
  };
  return [
    ...Object.values(set.faces).map((f) => ({
      file: `fixture:photos/congress/${f.record.bioguide}.jpg`,
      half: f.set,
      skin: f.eye.skin,
    })),
    ...Object.values(set.pairs).map((p) => ({ file: p.photos[0], half: p.set, skin: p.eye[0]!.skin })),
  ];
}

/** The London Set's studio portraits (one light for all) with their skin labels by eye. */
function londonPhotos(): Array<{ file: string; half: 'tune' | 'report'; skin: Coarse }> {
  return Object.values(EYELID_LABELS)
    .filter((p) => p.skin)
    .map((p) => ({ file: p.file, half: p.set, skin: p.skin! }));
}

async function measureSpeed(): Promise<void> {
  const photos = await speedPhotos();
  console.log(`astronaut 640 x 640: ${await timeTask('skinanalysis', photos.astronaut, 30)}`);
  console.log(`sample1 640 x 427: ${await timeTask('skinanalysis', photos.group, 30)}`);
}

if (what === 'all' || what === 'quality') await measureQuality();
if (what === 'portraits' || what === 'london') await measurePortraits(what);
if (what === 'all' || what === 'speed') await measureSpeed();

/**
 * Baby recognition (FaceRes's mass of the age bins under 4 years, `childProbability` of the
 * faceanalysis task) against ages labelled by eye (test/fixtures/baby-labels.json: 180 FairFace
 * face crops labelled baby, child or older before any model ran on them), docs/quality.md "Baby
 * recognition":
 *
 *   node --import tsx packages/vision/scripts/measure-baby.ts [tune|report] [--faces]
 *
 * Per half: the face nearest each crop's centre (the one labelled); babies said baby, children
 * and older faces said baby, at the shipped cut (BABY_THRESHOLD) and at other cuts (the tune half's
 * table is the one a cut may be chosen from; the report half's is printed, never used to choose),
 * and FaceRes's age per FairFace age group (median). report adds the adult independent photos
 * (hair-portraits-labels.json's 146 people of the face set, the London Set's 102): how many of them are said baby.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import { BABY_THRESHOLD } from '../src/algorithms/face/analysis-params.ts';
import type { FaceAnalysisFace } from '../src/algorithms/face/analysis-params.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { EYELID_LABELS } from '../test/eyelid-labels.ts';
import { photoPath } from '../test/fixtures.ts';

interface BabyLabel {
  file: string;
  set: 'tune' | 'report';
  age: 'baby' | 'child' | 'older' | null;
  record: { age_group: string; gender: string };
}
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(here, '../test/fixtures', name), 'utf8')) as T;
const LABELS = fixture<{ photos: Record<string, BabyLabel> }>('baby-labels.json').photos;
const half = process.argv[2] === 'report' ? 'report' : 'tune';
const verbose = process.argv.includes('--faces');

await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const params = faceanalysis.parseParams({ faceres: true });

/** Every face of a photo with FaceRes, and the photo's size. */
async function analyse(file: string): Promise<{ faces: FaceAnalysisFace[]; width: number; height: number }> {
  const image = await decodeImage(readFileSync(await photoPath(file)), undefined, faceanalysis.decode);
  const res = await faceanalysis.run(image, params, models);
  return { faces: res.faces, width: image.originalWidth, height: image.originalHeight };
}

/** The face whose box centre lies nearest the photo's centre (FairFace crops centre their face). */
function central(r: {
  faces: FaceAnalysisFace[];
  width: number;
  height: number;
}): FaceAnalysisFace | undefined {
  const d = (f: FaceAnalysisFace) =>
    Math.hypot(
      f.rectangle.left + f.rectangle.width / 2 - r.width / 2,
      f.rectangle.top + f.rectangle.height / 2 - r.height / 2,
    );
  return [...r.faces].sort((a, b) => d(a) - d(b))[0];
}

const rows: Array<{
  id: string;
  age: 'baby' | 'child' | 'older';
  p: number | null;
  years?: number;
  group: string;
}> = [];
for (const [id, l] of Object.entries(LABELS)) {
  if (l.set !== half || l.age === null) continue;
  const face = central(await analyse(l.file));
  rows.push({
    id,
    age: l.age,
    p: face?.childProbability ?? null,
    years: face?.age,
    group: l.record.age_group,
  });
  if (verbose)
    console.log(
      `${id} ${l.age.padEnd(5)} (FairFace ${l.record.age_group}) ${face ? `p ${face.childProbability!.toFixed(3)} age ${face.age!.toFixed(1)}` : 'no face'}`,
    );
}
const found = rows.filter((r) => r.p !== null);
const of = (age: string) => found.filter((r) => r.age === age);
const at = (cut: number) =>
  ['baby', 'child', 'older']
    .map((a) => `${a} ${of(a).filter((r) => r.p! >= cut).length}/${of(a).length}`)
    .join(', ');
console.log(
  `${half}: ${rows.length} faces labelled baby, child or older; no face found on ${rows.length - found.length} (${rows
    .filter((r) => r.p === null)
    .map((r) => `${r.id} ${r.age}`)
    .join(', ')})`,
);
console.log(`said baby at the shipped cut ${BABY_THRESHOLD}: ${at(BABY_THRESHOLD)}`);
for (const cut of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) console.log(`  cut ${cut}: ${at(cut)}`);
console.log('labels by eye against FairFace age groups (faces found):');
for (const a of ['baby', 'child', 'older'])
  console.log(
    `  ${a}: ${[...new Set(of(a).map((r) => r.group))]
      .sort((x, y) => parseInt(x) - parseInt(y))
      .map((g) => `${g} ${of(a).filter((r) => r.group === g).length}`)
      .join(', ')}`,
  );
console.log('FaceRes age by FairFace age group (median, range):');
const groups = [...new Set(found.map((r) => r.group))].sort((a, b) => parseInt(a) - parseInt(b));
for (const g of groups) {
  const ages = found
    .filter((r) => r.group === g)
    .map((r) => r.years!)
    .sort((a, b) => a - b);
  console.log(
    `  ${g}: ${ages.length} faces, median ${ages[ages.length >> 1]!.toFixed(1)}, ${ages[0]!.toFixed(1)}-${ages[ages.length - 1]!.toFixed(1)}`,
  );
}

if (half === 'report') {
  // Adults of the independent sets: one person per photo, the largest face.
  const faceSet = Object.values(
    fixture<{ photos: Record<string, { file: string }> }>('hair-portraits-labels.json').photos,
  ).map((p) => p.file);
  const london = Object.values(EYELID_LABELS)
    .filter((p) => p.record)
    .map((p) => p.file);
  const files = [...faceSet, ...london];
  let said = 0;
  let n = 0;
  let max = 0;
  for (const file of files) {
    const r = await analyse(file);
    const face = [...r.faces].sort((a, b) => b.rectangle.width - a.rectangle.width)[0];
    if (!face) continue;
    n++;
    max = Math.max(max, face.childProbability!);
    if (face.childProbability! >= BABY_THRESHOLD) said++;
  }
  console.log(
    `adults of the independent sets (the face set's ${faceSet.length} people and the London Set's ${london.length}, one photo each): said baby on ${said} of ${n} faces found (largest mass under 4 years ${max.toFixed(3)})`,
  );
}

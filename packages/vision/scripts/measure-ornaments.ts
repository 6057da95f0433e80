/**
 * Quality and speed of ornaments (docs/quality.md, "Accessories"):
 *
 *   node --import tsx packages/vision/scripts/measure-ornaments.ts [quality|portraits|speed] [--faces]
 *
 * quality: on the face-api samples and the astronaut, per label, the accessories of
 *   test/fixtures/ornament-labels.json found (a box of that label containing the labelled point)
 *   and the boxes of that label found where none is labelled; on the labelled facematch
 *   thumbnails (test/labelled.ts) and the opencv-doc man in glasses, glasses and sunglasses
 *   against the person's labels, and hats against the one hat labelled there. --faces prints the
 *   measures behind every face's hat and earring cues. Halves: face-api samples 1, 3, 5 and the
 *   thumbnails of even index are the tuning half (EARRING_RULE's threshold is the lowest that
 *   gives no false earring there; the --faces measures show the earrings' and the hat probe's);
 *   samples 2, 4, 6, the astronaut, the odd thumbnails and the man in glasses the report half.
 * portraits: per photo against test/fixtures/ornament-portraits-labels.json (a label per photo:
 *   yes, no or null for "cannot tell"): for each label, the photos labelled yes where a box of it is
 *   answered, and the photos labelled no where one is; every photo there is a report photo. Prints
 *   each photo's answers beside its labels.
 * hats [tune|report]: the FairFace crops of test/fixtures/hat-labels.json of one half, alone and
 *   in 2 x 2 and 3 x 3 mosaics (smaller faces), per label (hat, bare head, headscarf or turban,
 *   other headwear) the faces where a hat is answered; the tune half is the one the hat probe was
 *   fitted on (scripts/fit-ornament-probe.ts hat), the report half was not read while fitting.
 * speed: wall and CPU time of the task (decode included) on the 640 px speed photos, 30 runs after
 *   3 (prefix `taskset -c 0` to pin one core).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage, DEFAULT_IMAGE_LIMITS } from '../src/image/decode.ts';
import { findOrnaments, ornaments } from '../src/algorithms/body/ornaments.ts';
import { HAT_PROBE } from '../src/algorithms/body/hat-probe-weights.ts';
import { ORNAMENT_LABELS, type OrnamentLabel } from '../src/algorithms/body/ornaments-params.ts';
import { astronautPath, groupSamplePath, photoPath } from '../test/fixtures.ts';
import { facematchLabelled, MAN_IN_GLASSES_LABEL, manInGlasses } from '../test/labelled.ts';
import { speedPhotos, timeTask } from './task-timing.ts';
import { fairfaceFaces } from './fairface-crops.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const verbose = process.argv.includes('--faces');
const here = path.dirname(fileURLToPath(import.meta.url));

interface Labels {
  photos: Record<
    string,
    { earring: number[][]; handbag: number[][]; uncertain?: Array<[string, number, number]> }
  >;
  facematchHats: string[];
}

/** The task's models (after the runtime) and its default parameters. */
async function loadOrnaments() {
  await initTf();
  return { models: await ornaments.loadModels(), params: ornaments.parseParams({}) };
}

/** A face's hat probe score, or why there is none. */
const hatText = (hat: number | null) => (hat === null ? 'not measurable' : hat.toFixed(3));

/** A label file of test/fixtures. */
const readFixture = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(here, '../test/fixtures', name), 'utf8')) as T;

async function measureQuality(): Promise<void> {
  const { models, params } = await loadOrnaments();
  const labels = readFixture<Labels>('ornament-labels.json');
  const found = (l: OrnamentLabel) => ({ label: l, hits: 0, present: 0, extra: 0 });
  const tallies = {
    tune: new Map(ORNAMENT_LABELS.map((l) => [l, found(l)])),
    report: new Map(ORNAMENT_LABELS.map((l) => [l, found(l)])),
  };
  const halfOf = (id: string) => (['sample1', 'sample3', 'sample5'].includes(id) ? 'tune' : 'report');
  const run = async (image: Buffer) => {
    const decoded = await decodeImage(image, DEFAULT_IMAGE_LIMITS, ornaments.decode);
    const r = await findOrnaments(decoded, params, models);
    return { ...r, decoded };
  };
  console.log('| photo | boxes (label score) |\n| --- | --- |');
  for (const [id, label] of Object.entries(labels.photos)) {
    const image =
      id === 'astronaut'
        ? readFileSync(astronautPath())
        : readFileSync(groupSamplePath(Number(id.slice(6)) as 1));
    const { items, faces, scale } = await run(image);
    const boxes = items.map(({ box, label: l }) => ({
      l,
      s: box.score,
      b: [box.left * scale, box.top * scale, box.right * scale, box.bottom * scale],
    }));
    console.log(`| ${id} | ${boxes.map((x) => `${x.l} ${x.s.toFixed(2)}`).join(', ') || '—'} |`);
    const inside = (b: number[], [x, y]: number[]) =>
      x! >= b[0]! && x! <= b[2]! && y! >= b[1]! && y! <= b[3]!;
    for (const l of ORNAMENT_LABELS) {
      const t = tallies[halfOf(id)].get(l)!;
      const points = (label as unknown as Record<string, number[][] | undefined>)[l] ?? [];
      const uncertain = (label.uncertain ?? []).filter(([u]) => u === l).map(([, x, y]) => [x, y]);
      const mine = boxes.filter((x) => x.l === l);
      t.present += points.length;
      t.hits += points.filter((p) => mine.some((x) => inside(x.b, p))).length;
      t.extra += mine.filter((x) => ![...points, ...uncertain].some((p) => inside(x.b, p))).length;
    }
    if (verbose)
      for (const f of faces)
        console.log(
          `  ${id} hat ${hatText(f.hat)}; earrings ${f.earrings.map((e) => `(${Math.round(e.x * scale)}, ${Math.round(e.y * scale)}) ${e.contrast.toFixed(1)}`).join(' ')}`,
        );
  }
  for (const half of ['tune', 'report'] as const) {
    console.log(`\nface-api samples and the astronaut, ${half} half, per label`);
    console.log('| label | labelled | found | boxes where none is labelled |\n| --- | --- | --- | --- |');
    for (const t of tallies[half].values())
      console.log(`| ${t.label} | ${t.present} | ${t.hits} | ${t.extra} |`);
  }

  // Glasses, sunglasses and hats of the labelled thumbnails and the man in glasses.
  const faces = [
    ...(await facematchLabelled()).map((p) => ({ id: p.id, image: p.image, glasses: p.label.glasses })),
    { id: 'example-left', image: await manInGlasses(), glasses: MAN_IN_GLASSES_LABEL.glasses },
  ];
  for (const half of ['tune', 'report'] as const) {
    const conf = new Map<string, number>();
    let hats = 0;
    let hatHits = 0;
    let falseHats = 0;
    let n = 0;
    for (const [k, f] of faces.entries()) {
      const inHalf = f.id === 'example-left' ? 'report' : k % 2 === 0 ? 'tune' : 'report';
      if (inHalf !== half) continue;
      n++;
      const { items, faces: measured } = await run(f.image);
      const got = items.find((i) => i.label === 'glasses' || i.label === 'sunglasses')?.label ?? 'none';
      const key = `${f.glasses ?? 'unlabelled'} -> ${got}`;
      conf.set(key, (conf.get(key) ?? 0) + 1);
      const hat = items.some((i) => i.label === 'hat');
      if (labels.facematchHats.includes(f.id)) {
        hats++;
        if (hat) hatHits++;
      } else if (hat) falseHats++;
      if (verbose)
        for (const m of measured)
          console.log(
            `  ${f.id} hat ${hatText(m.hat)}; earring contrast ${m.earrings.map((e) => e.contrast.toFixed(1)).join(' ')}`,
          );
    }
    console.log(
      `\nfacematch thumbnails${half === 'report' ? ' and example-left' : ''}, ${half} half (${n} faces): labelled -> answered`,
    );
    for (const [k, v] of [...conf.entries()].sort()) console.log(`  ${k}: ${v}`);
    console.log(`hats: ${hatHits} of ${hats} found; ${falseHats} hats on the ${n - hats} faces without one`);
  }
}

/** Per-photo labels (ornament-portraits-labels.json) against the labels answered anywhere on the photo. */
async function measurePortraits(): Promise<void> {
  const { models, params } = await loadOrnaments();
  const labels = readFixture<{
    photos: Record<
      string,
      { file: string; label: string } & Partial<Record<OrnamentLabel, 'yes' | 'no' | null>>
    >;
  }>('ornament-portraits-labels.json');
  const tally = new Map(ORNAMENT_LABELS.map((l) => [l, { yes: 0, found: 0, no: 0, falseOnes: 0 }]));
  const rows: string[] = [];
  const hatCues: string[] = [];
  for (const [id, photo] of Object.entries(labels.photos)) {
    const decoded = await decodeImage(
      readFileSync(await photoPath(photo.file)),
      DEFAULT_IMAGE_LIMITS,
      ornaments.decode,
    );
    const { items, faces } = await findOrnaments(decoded, params, models);
    const answered = new Set(items.map((i) => i.label));
    // The hat cues of every face where a hat is labelled or answered.
    if (photo.hat === 'yes' || answered.has('hat'))
      hatCues.push(
        `${id} (hat ${photo.hat ?? '-'}, ${answered.has('hat') ? 'answered' : 'not answered'}): ${
          faces.map((f) => `hat score ${hatText(f.hat)}`).join('; ') || 'no face'
        }`,
      );
    const cells: string[] = [];
    for (const l of ORNAMENT_LABELS) {
      const label = photo[l];
      if (label === undefined || label === null) continue;
      const t = tally.get(l)!;
      if (label === 'yes') {
        t.yes++;
        if (answered.has(l)) t.found++;
        else cells.push(`${l} missed`);
      } else {
        t.no++;
        if (answered.has(l)) {
          t.falseOnes++;
          cells.push(`${l} FALSE`);
        }
      }
    }
    if (cells.length > 0 || verbose)
      rows.push(
        `| ${id} | ${photo.label} | ${[...answered].join(', ') || '—'} | ${cells.join(', ') || 'right'} |`,
      );
  }
  console.log(
    'per label, photos labelled yes / found there; photos labelled no / a box of it answered there',
  );
  console.log(
    '| label | labelled yes | found | labelled no | answered anyway |\n| --- | --- | --- | --- | --- |',
  );
  for (const [l, t] of tally) console.log(`| ${l} | ${t.yes} | ${t.found} | ${t.no} | ${t.falseOnes} |`);
  console.log('\nphotos with a miss or a false label (all photos with --faces)');
  console.log('| photo | what it shows | answered | against the labels |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  console.log(`\nhat probe scores (a hat at ${HAT_PROBE.threshold})`);
  for (const line of hatCues) console.log(line);
}

/**
 * Hats on the FairFace crops (test/fixtures/hat-labels.json) of one half, each crop alone and in
 * 2 x 2 and 3 x 3 mosaics (fairface-crops.ts): per label, the faces where a hat is answered. --faces
 * prints every face's probe score.
 */
async function measureHats(half: 'tune' | 'report'): Promise<void> {
  const { models } = await loadOrnaments();
  console.log(
    `FairFace crops, ${half} half: per label and face size, the faces where a hat is answered (a hat at ${HAT_PROBE.threshold})`,
  );
  console.log(
    '| face size | label | faces found | hat answered | crown not measurable | crops without their face found |\n| --- | --- | --- | --- | --- | --- |',
  );
  for (const scale of [1, 2, 3]) {
    for (const kind of ['hat', 'none', 'wrap', 'other'] as const) {
      const { faces, missing } = await fairfaceFaces(models, 'hat', half, [kind], scale);
      const hats = faces.filter(({ face: f }) => f.hat !== null && f.hat >= HAT_PROBE.threshold).length;
      const unmeasured = faces.filter(({ face: f }) => f.hat === null).length;
      console.log(`| 1/${scale} | ${kind} | ${faces.length} | ${hats} | ${unmeasured} | ${missing} |`);
      if (verbose)
        for (const f of faces) console.log(`  ${f.id} 1/${scale} ${kind}: hat score ${hatText(f.face.hat)}`);
    }
  }
}

async function measureSpeed(): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  console.log(`astronaut 640 x 640: ${await timeTask('ornaments', astronaut, 30)}`);
  console.log(`face-api sample 1 at 640 x 427: ${await timeTask('ornaments', group, 30)}`);
}

if (what === 'all' || what === 'quality') await measureQuality();
if (what === 'portraits') await measurePortraits();
if (what === 'hats') await measureHats(process.argv[3] === 'report' ? 'report' : 'tune');
if (what === 'all' || what === 'speed') await measureSpeed();

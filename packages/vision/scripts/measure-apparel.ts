/**
 * Agreement of the apparel task (v1/apperal) with the hand labels of
 * test/fixtures/apparel-labels.json (docs/quality.md, "Apparel"), and its speed:
 *
 *   node --import tsx packages/vision/scripts/measure-apparel.ts [tune|report|speed]
 *
 * tune / report: for the photos of that set, each labelled person is matched to the answered
 *   person whose box (grown by a tenth each way) holds the labelled nose and whose centre is
 *   nearest it across; per attribute, how many answers agree with the label (a label listing several
 *   values accepts any of them; null labels are not counted; a person not answered counts as a
 *   disagreement), and each person's answers beside the labels.
 * speed: wall time of the engine on the 640 px astronaut (one core: prefix `taskset -c 0`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { benchmarkEngine, runTaskInProcess } from '../src/index.ts';
import type { ApparelPerson, ApparelResult } from '../src/algorithms/body/apparel-params.ts';
import { referencePhotoPath, type ReferencePhoto } from '../test/body-references.ts';
import { speedPhotos } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'report';
const here = path.dirname(fileURLToPath(import.meta.url));

const ATTRIBUTES = ['upper_color', 'lower_color', 'sleeve', 'pattern', 'clothing_type'] as const;
type Label = string | string[] | null;
interface LabelledPerson extends Record<(typeof ATTRIBUTES)[number], Label> {
  label: string;
  nose: [number, number];
}
const LABELS = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/apparel-labels.json'), 'utf8')) as {
    photos: Record<string, { file: string; set: 'tune' | 'report'; persons: LabelledPerson[] }>;
  }
).photos;

function match(result: ApparelResult, nose: [number, number]): ApparelPerson | undefined {
  let best: { person: ApparelPerson; d: number } | undefined;
  for (const person of result.persons) {
    const r = person.person_rectangle;
    const [mx, my] = [0.1 * r.width, 0.1 * r.height];
    const holds =
      nose[0] >= r.left - mx &&
      nose[0] <= r.left + r.width + mx &&
      nose[1] >= r.top - my &&
      nose[1] <= r.top + r.height + my;
    const d = Math.abs(r.left + r.width / 2 - nose[0]);
    if (holds && (!best || d < best.d)) best = { person, d };
  }
  return best?.person;
}

async function agreement(set: 'tune' | 'report'): Promise<void> {
  const tally = Object.fromEntries(ATTRIBUTES.map((a) => [a, { n: 0, agree: 0 }]));
  const rows: string[] = [];
  for (const [key, photo] of Object.entries(LABELS)) {
    if (photo.set !== set) continue;
    const image = readFileSync(await referencePhotoPath({ file: photo.file } as ReferencePhoto));
    const result = await runTaskInProcess<ApparelResult>('apparel', { image });
    // Each answered person is matched at most once, nearest label first.
    const taken = new Set<ApparelPerson>();
    for (const labelled of photo.persons) {
      const found = match(result, labelled.nose);
      const person = found && !taken.has(found) ? found : undefined;
      if (person) taken.add(person);
      const cells = ATTRIBUTES.map((a) => {
        const label = labelled[a];
        const answer = person?.attributes[a].value ?? '-';
        if (label === null) return `${answer} (label: -)`;
        const ok = (Array.isArray(label) ? label : [label]).includes(answer);
        tally[a]!.n++;
        if (ok) tally[a]!.agree++;
        return ok ? `**${answer}**` : `${answer} (label: ${Array.isArray(label) ? label.join('/') : label})`;
      });
      rows.push(`| ${key} | ${labelled.label} | ${cells.join(' | ')} |`);
    }
  }
  console.log(`\napparel, ${set} photos: answers agreeing with the hand labels`);
  console.log(`| attribute | ${ATTRIBUTES.join(' | ')} |`);
  console.log(`| --- | ${ATTRIBUTES.map(() => '---').join(' | ')} |`);
  console.log(`| agree | ${ATTRIBUTES.map((a) => `${tally[a]!.agree}/${tally[a]!.n}`).join(' | ')} |`);
  console.log(`\n| photo | person | ${ATTRIBUTES.join(' | ')} |`);
  console.log(`| --- | --- | ${ATTRIBUTES.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(row);
}

async function measureSpeed(): Promise<void> {
  const { astronaut } = await speedPhotos();
  const r = await benchmarkEngine({ image: astronaut, runs: 40, task: 'apparel' });
  console.log(
    `\napparel, astronaut 640 x 640, engine in this thread, 40 runs after 1: wall p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)}, min ${r.min.toFixed(1)}`,
  );
}

if (what === 'tune' || what === 'report') await agreement(what);
if (what === 'speed') await measureSpeed();

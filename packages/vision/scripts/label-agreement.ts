/**
 * Agreement of a task's per-person attributes with hand labels (test/fixtures/<name>-labels.json:
 * per photo its file, its set, tune or report, and per person a nose point and a label per
 * attribute), for the measurement scripts of the attribute tasks (measure-apparel.ts,
 * measure-hair.ts).
 *
 * Each labelled person is matched to the answered item whose box (grown by `grow` of its size each
 * way) holds the labelled nose and whose centre is nearest it (`across`: nearest across only, for
 * people's boxes, whose centres are far below the nose), or, with no nose labelled (a portrait of
 * one person), to the largest item; each item at most once. Per attribute, how many answers agree
 * with the label (a label listing several values accepts any of them; null labels are not
 * counted; a person not answered counts as a disagreement), and what the best constant answer
 * would score on the same labels.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rectangle } from '../src/algorithms/kinds.ts';
import { referencePhotoPath, type ReferencePhoto } from '../test/body-references.ts';

export type Label = string | string[] | null;
/** nose: where the person's nose is (photo pixels); null: the person is the photo's largest answered item. */
export type LabelledPerson<A extends string> = Record<A, Label> & {
  label: string;
  nose: [number, number] | null;
};
export interface LabelledPhoto<A extends string> {
  file: string;
  set: 'tune' | 'report';
  persons: Array<LabelledPerson<A>>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export function readLabels<A extends string>(name: string): Record<string, LabelledPhoto<A>> {
  return (
    JSON.parse(readFileSync(path.join(here, `../test/fixtures/${name}-labels.json`), 'utf8')) as {
      photos: Record<string, LabelledPhoto<A>>;
    }
  ).photos;
}

/** The index of the largest box. */
function largest(boxes: readonly Rectangle[]): number | undefined {
  let best: number | undefined;
  boxes.forEach((r, k) => {
    if (best === undefined || r.width * r.height > boxes[best]!.width * boxes[best]!.height) best = k;
  });
  return best;
}

/** The index of the box holding `nose` (grown by `grow` each way) whose centre is nearest it. */
export function matchNose(
  boxes: readonly Rectangle[],
  nose: [number, number],
  grow: number,
  across = false,
): number | undefined {
  let best: { k: number; d: number } | undefined;
  boxes.forEach((r, k) => {
    const [mx, my] = [grow * r.width, grow * r.height];
    const holds =
      nose[0] >= r.left - mx &&
      nose[0] <= r.left + r.width + mx &&
      nose[1] >= r.top - my &&
      nose[1] <= r.top + r.height + my;
    const d = Math.hypot(r.left + r.width / 2 - nose[0], across ? 0 : r.top + r.height / 2 - nose[1]);
    if (holds && (!best || d < best.d)) best = { k, d };
  });
  return best?.k;
}

/**
 * What the best constant answer would score on the labelled persons of `set` for attribute `a`:
 * the value most labels accept (a label listing several values accepts each of them), as
 * `agreeing/labelled (value)`; null labels are not counted.
 */
export function constantAnswer<A extends string>(
  labels: Record<string, LabelledPhoto<A>>,
  set: 'tune' | 'report',
  a: A,
): string {
  const accepted = new Map<string, number>();
  let n = 0;
  for (const photo of Object.values(labels)) {
    if (photo.set !== set) continue;
    for (const person of photo.persons) {
      const label = person[a];
      if (label === null) continue;
      n++;
      for (const v of new Set(Array.isArray(label) ? label : [label]))
        accepted.set(v, (accepted.get(v) ?? 0) + 1);
    }
  }
  const [value, count] = [...accepted].sort((x, y) => y[1] - x[1])[0] ?? ['-', 0];
  return `${count}/${n} (${value})`;
}

/** One photo's answer: each item's box and attribute values, and a line of notes per item. */
export interface PhotoAnswer<A extends string> {
  boxes: Rectangle[];
  values: Array<Record<A, unknown>>;
  notes?: string[];
}

/**
 * Runs `answer` on every photo of `set` and prints the agreement table, each person's answers
 * beside the labels, and the notes of the matched items.
 */
export async function printAgreement<A extends string>(options: {
  title: string;
  labels: Record<string, LabelledPhoto<A>>;
  attributes: readonly A[];
  set: 'tune' | 'report';
  grow: number;
  across?: boolean;
  answer: (photo: Buffer) => Promise<PhotoAnswer<A>>;
}): Promise<void> {
  const { attributes } = options;
  const tally = Object.fromEntries(attributes.map((a) => [a, { n: 0, agree: 0 }])) as Record<
    A,
    { n: number; agree: number }
  >;
  /** Per attribute, how often each label was answered with each value ("label -> answer"). */
  const confusion = Object.fromEntries(attributes.map((a) => [a, new Map<string, number>()])) as Record<
    A,
    Map<string, number>
  >;
  const rows: string[] = [];
  const notes: string[] = [];
  for (const [key, photo] of Object.entries(options.labels)) {
    if (photo.set !== options.set) continue;
    const bytes = readFileSync(await referencePhotoPath({ file: photo.file } as ReferencePhoto));
    const found = await options.answer(bytes);
    const taken = new Set<number>();
    for (const labelled of photo.persons) {
      const m =
        labelled.nose === null
          ? largest(found.boxes)
          : matchNose(found.boxes, labelled.nose, options.grow, options.across);
      const k = m !== undefined && !taken.has(m) ? m : undefined;
      if (k !== undefined) taken.add(k);
      const cells = attributes.map((a) => {
        const label: Label = labelled[a];
        const answer = k === undefined ? '-' : String(found.values[k]![a]);
        if (label === null) return `${answer} (label: -)`;
        const ok = (Array.isArray(label) ? label : [label]).includes(answer);
        tally[a].n++;
        if (ok) tally[a].agree++;
        const pair = `${Array.isArray(label) ? label.join('/') : label} -> ${answer}`;
        confusion[a].set(pair, (confusion[a].get(pair) ?? 0) + 1);
        return ok ? `**${answer}**` : `${answer} (label: ${Array.isArray(label) ? label.join('/') : label})`;
      });
      rows.push(`| ${key} | ${labelled.label} | ${cells.join(' | ')} |`);
      if (found.notes)
        notes.push(`${key} ${labelled.label}: ${k === undefined ? 'not answered' : found.notes[k]}`);
    }
  }
  console.log(`\n${options.title}, ${options.set} photos: answers agreeing with the hand labels`);
  console.log(`| attribute | ${attributes.join(' | ')} |`);
  console.log(`| --- | ${attributes.map(() => '---').join(' | ')} |`);
  console.log(`| agree | ${attributes.map((a) => `${tally[a].agree}/${tally[a].n}`).join(' | ')} |`);
  console.log(
    `| a constant answer | ${attributes.map((a) => constantAnswer(options.labels, options.set, a)).join(' | ')} |`,
  );
  console.log('\nlabel -> answer, per attribute (labelled persons only):');
  for (const a of attributes)
    console.log(
      `${a}: ${[...confusion[a]]
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  console.log(`\n| photo | person | ${attributes.join(' | ')} |`);
  console.log(`| --- | --- | ${attributes.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(row);
  if (notes.length > 0) {
    console.log('\nmeasurements:');
    for (const line of notes) console.log(line);
  }
}

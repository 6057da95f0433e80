/**
 * Rank agreement and speed of the aesthetic task (docs/quality.md, "Aesthetic score"):
 *
 *   node --import tsx packages/vision/scripts/measure-aesthetic.ts [rank|speed] [--holdout]
 *
 * (no argument: both; prefix `taskset -c 0` for speed to pin one core).
 *
 * rank: every photo of test/fixtures/aesthetic-order.json (a person's ordering, best first; with
 *   --holdout the second ordering, aesthetic-order-holdout.json) scored;
 *   Spearman's rank correlation between the person's order and each measure (total and the six
 *   parts), ties given their mean rank.
 * speed: wall and CPU time of the engine task (decode included) on opencv-doc's leuvenA.jpg resized
 *   to 640 px wide, 40 runs after 3.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { aestheticScores, type AestheticScores } from '../src/algorithms/image/aesthetic.ts';
import { referencePhotoPath } from '../test/body-references.ts';
import { streetPhoto, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';
const here = path.dirname(fileURLToPath(import.meta.url));
// `--holdout`: the second ordering (aesthetic-order-holdout.json), held out from tuning.
const holdout = process.argv.includes('--holdout');
const orderFile = `../test/fixtures/aesthetic-order${holdout ? '-holdout' : ''}.json`;
const ORDER = (JSON.parse(readFileSync(path.join(here, orderFile), 'utf8')) as { order: string[] }).order;

/** Ranks 1..n of the values (1 = largest), ties sharing their mean rank. */
function ranks(values: number[]): number[] {
  const idx = values.map((v, i) => [v, i] as const).sort((p, q) => q[0] - p[0]);
  const r = new Array<number>(values.length);
  for (let k = 0; k < idx.length;) {
    let j = k;
    while (j + 1 < idx.length && idx[j + 1]![0] === idx[k]![0]) j++;
    for (let m = k; m <= j; m++) r[idx[m]![1]] = (k + j) / 2 + 1;
    k = j + 1;
  }
  return r;
}

/** Spearman's rho: Pearson correlation of the ranks. */
export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, v) => s + v, 0) / n;
  const mb = rb.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

async function measureRank(): Promise<void> {
  const scores: AestheticScores[] = [];
  for (const file of ORDER) {
    const p = await referencePhotoPath({ file, size: [0, 0], people: 0, persons: [] });
    const { data, info } = await sharp(readFileSync(p))
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const s = await aestheticScores({ data, width: info.width, height: info.height });
    scores.push(s);
    console.log(
      `${scores.length}. ${file}: ${Object.entries(s)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  // The person's appeal: the first photo highest.
  const person = ORDER.map((_, i) => ORDER.length - i);
  for (const key of Object.keys(scores[0]!) as (keyof AestheticScores)[]) {
    console.log(
      `Spearman rho, ${key} vs the person's order (n = ${ORDER.length}): ${spearman(
        person,
        scores.map((s) => s[key]),
      ).toFixed(3)}`,
    );
  }
}

async function measureSpeed(): Promise<void> {
  const photo = await streetPhoto();
  console.log(
    `aesthetic, leuvenA 640 x 480, engine in this thread: ${await timeTask('aesthetic', photo, 40)}`,
  );
}

if (what === 'rank' || what === 'all') await measureRank();
if (what === 'speed' || what === 'all') await measureSpeed();

/**
 * Quality and speed of the text-like regions of v1/Album (text-regions.ts) against the labels of
 * test/fixtures/text-labels.json (docs/quality.md, "Text-like regions"):
 *
 *   node --import tsx packages/vision/scripts/measure-text.ts [tune|report [holdout]|speed]
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-text.ts speed
 *
 * tune: on the tuning photos only, each photo's characters in text lines (decoded as the album
 *   decodes, at most 640 px), then precision and recall of "text" for every threshold on that
 *   count; the threshold with the best F1 (the smaller on a tie) is the one album.ts ships as
 *   TEXT_MIN_CHARS.
 * report: on the report photos only, the album task itself (v1/Album, engine in this thread):
 *   whether its answer holds `text`, against the person's label; precision and recall. With
 *   `holdout`, the same on the holdout photos (labelled after the report figures were taken).
 * speed: CPU time of textRegions alone on opencv-doc's leuvenA (640 x 480, no text) and
 *   scenetext01 (resized to 640 x 480, a street with a sign), 40 runs after 3; and the album task
 *   on leuvenA, decode included.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { DECODE_SIDE } from '../src/algorithms/image/scene.ts';
import { TEXT_MIN_CHARS } from '../src/algorithms/image/album.ts';
import { MIN_CHARS, textRegions } from '../src/algorithms/image/text-regions.ts';
import type { AlbumResult } from '../src/algorithms/image/scene-params.ts';
import { TEXT_LABELS, textPhoto } from '../test/text-references.ts';
import { opencvDocPath } from '../test/fixtures.ts';
import { streetPhoto, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'tune';
const reportSet = process.argv[3] === 'holdout' ? 'holdout' : 'report';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(0)} %` : 'n/a');
const figures = ({ tp, fp, fn, tn }: Counts): string =>
  `precision ${tp} of ${tp + fp} (${pct(tp, tp + fp)}), recall ${tp} of ${tp + fn} (${pct(tp, tp + fn)}), ` +
  `no-text photos answered without text ${tn} of ${tn + fp}`;

async function tune(): Promise<void> {
  const seen: { chars: number; text: boolean }[] = [];
  for (const [name, label] of Object.entries(TEXT_LABELS)) {
    if (label.set !== 'tuning') continue;
    const image = await decodeImage(await textPhoto(name), undefined, { maxSide: DECODE_SIDE });
    const found = textRegions(image);
    seen.push({ chars: found.chars, text: label.text });
    console.log(
      `tuning ${name} [${label.text ? 'text' : 'no text'}]: ${found.chars} chars in lines, score ${found.score.toFixed(2)}, ${found.lines.length} lines`,
    );
  }
  let best = { f1: -1, min: 0, counts: { tp: 0, fp: 0, fn: 0, tn: 0 } };
  const max = Math.max(...seen.map((s) => s.chars));
  for (let min = MIN_CHARS; min <= max + 1; min++) {
    const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const s of seen) {
      const said = s.chars >= min;
      if (said && s.text) counts.tp++;
      else if (said) counts.fp++;
      else if (s.text) counts.fn++;
      else counts.tn++;
    }
    const f1 = (2 * counts.tp) / (2 * counts.tp + counts.fp + counts.fn);
    if (f1 > best.f1) best = { f1, min, counts };
  }
  console.log(
    `tuning: best F1 ${best.f1.toFixed(2)} at ${best.min} chars or more (album.ts TEXT_MIN_CHARS is ${TEXT_MIN_CHARS}): ${figures(best.counts)}`,
  );
}

async function report(): Promise<void> {
  const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const [name, label] of Object.entries(TEXT_LABELS)) {
    if (label.set !== reportSet) continue;
    const result = (await runTaskInProcess('album', { image: await textPhoto(name) })) as AlbumResult;
    const text = result.labels.find((l) => l.label === 'text');
    if (text && label.text) counts.tp++;
    else if (text) counts.fp++;
    else if (label.text) counts.fn++;
    else counts.tn++;
    const verdict =
      !text === !label.text ? '' : text ? '  (text where the person saw none)' : '  (text missed)';
    console.log(
      `${reportSet} ${name} [${label.text ? 'text' : 'no text'}: ${label.note}]: ${text ? `text ${text.score.toFixed(2)}` : 'no text label'}${verdict}`,
    );
  }
  console.log(`${reportSet} (v1/Album, TEXT_MIN_CHARS ${TEXT_MIN_CHARS}): ${figures(counts)}`);
}

async function cpuOf(fn: () => void, runs: number): Promise<string> {
  for (let i = 0; i < 3; i++) fn();
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    fn();
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const s = summarize(cpu);
  return `CPU p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)}, min ${s.min.toFixed(1)}`;
}

async function speed(): Promise<void> {
  const street = await decodeImage(await streetPhoto(), undefined, { maxSide: DECODE_SIDE });
  console.log(
    `textRegions, leuvenA ${street.width} x ${street.height}: ${await cpuOf(() => textRegions(street), 40)}`,
  );
  const signBytes = await sharp(readFileSync(await opencvDocPath('examples/text/scenetext01.jpg')))
    .resize(640)
    .jpeg({ quality: 90 })
    .toBuffer();
  const sign = await decodeImage(signBytes, undefined, { maxSide: DECODE_SIDE });
  console.log(
    `textRegions, scenetext01 ${sign.width} x ${sign.height}: ${await cpuOf(() => textRegions(sign), 40)}`,
  );
  console.log(
    `album, leuvenA 640 x 480, engine in this thread: ${await timeTask('album', await streetPhoto(), 40)}`,
  );
  console.log(
    `album, scenetext01 640 x 480, engine in this thread: ${await timeTask('album', signBytes, 40)}`,
  );
}

if (what === 'tune') await tune();
else if (what === 'report') await report();
else if (what === 'speed') await speed();
else throw new Error(`unknown mode ${what}: tune, report or speed`);

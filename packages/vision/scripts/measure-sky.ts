/**
 * Quality and speed of the skysegment task against the hand-drawn sky references of
 * test/fixtures/sky-references.json (docs/quality.md, "Sky segmentation"):
 *
 *   node --import tsx packages/vision/scripts/measure-sky.ts [quality|speed] [--sets tuning,report] [--dump <dir>]
 *
 * (no argument: both; prefix `taskset -c 0` for speed to pin one core).
 *
 * quality: per photo, the share of the image the mask (>= 128) calls sky, and for photos with sky
 *   the IoU, precision and recall against the drawn sky (sky polygons minus notSky polygons); per
 *   set (tuning, report), the mean IoU over the photos with sky and the photos without sky where
 *   more than 1 % was called sky (tuning, report, holdout). `--sets` limits it to some sets;
 *   `--dump <dir>` writes each mask over its photo as a PNG.
 * speed: wall and CPU time of the engine task (decode and both PNG encodes included) on
 *   opencv-doc's leuvenA.jpg resized to 640 px wide, 40 runs after 3.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FOREGROUND_LEVEL } from '../src/algorithms/body/segment.ts';
import { skyMask } from '../src/algorithms/image/sky.ts';
import { SKY_REFERENCES, skyPhoto, skyReferenceMask } from '../test/sky-references.ts';
import { streetPhoto, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';
const dumpAt = process.argv.indexOf('--dump');
const dump = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
const setsAt = process.argv.indexOf('--sets');
const onlySets = setsAt > 0 ? process.argv[setsAt + 1]!.split(',') : undefined;
if (dump) mkdirSync(dump, { recursive: true });
const f = (v: number, d = 3) => v.toFixed(d);

async function measureQuality(): Promise<void> {
  const sets: Record<string, { ious: number[]; falseSky: number; noSky: number }> = {};
  for (const [name, ref] of Object.entries(SKY_REFERENCES)) {
    if (onlySets && !onlySets.includes(ref.set)) continue;
    const image = await skyPhoto(ref);
    const mask = await skyMask(image);
    const truth = skyReferenceMask(ref);
    let inter = 0;
    let found = 0;
    let drawn = 0;
    for (let i = 0; i < mask.length; i++) {
      const m = mask[i]! >= FOREGROUND_LEVEL ? 1 : 0;
      found += m;
      drawn += truth[i]!;
      inter += m & truth[i]!;
    }
    const share = found / mask.length;
    const set = (sets[ref.set] ??= { ious: [], falseSky: 0, noSky: 0 });
    if (drawn > 0) {
      const iou = inter / (found + drawn - inter);
      set.ious.push(iou);
      console.log(
        `${ref.set} ${name}: sky drawn ${f(drawn / mask.length)}, found ${f(share)}; IoU ${f(iou)}, precision ${f(found ? inter / found : 0)}, recall ${f(inter / drawn)}`,
      );
    } else {
      set.noSky++;
      if (share > 0.01) set.falseSky++;
      console.log(`${ref.set} ${name}: no sky drawn, found ${f(share)}`);
    }
    if (dump) {
      const overlay = Buffer.from(image.data);
      for (let i = 0; i < mask.length; i++) {
        const m = mask[i]! / 255;
        overlay[3 * i] = Math.round(overlay[3 * i]! * (1 - m) + 255 * m * 0.6 + overlay[3 * i]! * m * 0.4);
        if (truth[i] && !(i % 4)) overlay[3 * i + 1] = 255;
      }
      await sharp(overlay, { raw: { width: image.width, height: image.height, channels: 3 } })
        .resize(480)
        .png()
        .toFile(path.join(dump, `${ref.set}-${name}.png`));
    }
  }
  const all = Object.values(sets).reduce(
    (t, s) => ({ ious: [...t.ious, ...s.ious], falseSky: t.falseSky + s.falseSky, noSky: t.noSky + s.noSky }),
    { ious: [], falseSky: 0, noSky: 0 },
  );
  if (Object.keys(sets).length > 1) sets['all shown'] = all;
  for (const [set, s] of Object.entries(sets)) {
    const mean = s.ious.reduce((x, y) => x + y, 0) / s.ious.length;
    console.log(
      `${set}: mean IoU ${f(mean)} over ${s.ious.length} photos with sky (min ${f(Math.min(...s.ious))}); sky over 1 % found in ${s.falseSky} of ${s.noSky} photos without sky`,
    );
  }
}

async function measureSpeed(): Promise<void> {
  const photo = await streetPhoto();
  console.log(
    `skysegment, leuvenA 640 x 480, engine in this thread: ${await timeTask('skysegment', photo, 40)}`,
  );
}

if (what === 'quality' || what === 'all') await measureQuality();
if (what === 'speed' || what === 'all') await measureSpeed();

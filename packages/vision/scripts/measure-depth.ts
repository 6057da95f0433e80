/**
 * Quality and speed of the depth task (v1/MonoDepth) against the nearer/farther point pairs of
 * test/fixtures/depth-order.json (docs/quality.md, "Depth estimation"):
 *
 *   node --import tsx packages/vision/scripts/measure-depth.ts [order|speed] [--dump <dir>]
 *
 * (no argument: both; prefix `taskset -c 0` for speed to pin one core).
 *
 * order: per photo and per set (tune, report), the ordinal accuracy: the share of the pairs whose
 *   "near" point the map makes nearer (a larger value) than its "far" point; equal values count as
 *   wrong and are counted apart. Beside it the baseline "lower in the photo is nearer" (ties
 *   wrong). `--dump <dir>` writes each painted map (the answer's image) as a PNG.
 * speed: wall and CPU time of the engine task (decode and both PNG encodes included) on
 *   opencv-doc's leuvenA.jpg resized to 640 px wide, 30 runs after 3.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import type { DepthResult } from '../src/algorithms/image/depth-params.ts';
import { DEPTH_PHOTOS, depthPhotoPath, readGrey16, valueAt } from '../test/depth-references.ts';
import { streetPhoto, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';
const dumpAt = process.argv.indexOf('--dump');
const dump = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
if (dump) mkdirSync(dump, { recursive: true });
const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '-'} %)`;

async function measureOrder(): Promise<void> {
  const sets: Record<string, { right: number; ties: number; baseline: number; pairs: number }> = {};
  for (const ref of DEPTH_PHOTOS) {
    const image = readFileSync(await depthPhotoPath(ref.photo));
    const result = await runTaskInProcess<DepthResult>('depth', { image });
    const map = await readGrey16(result.images.mask.bytes);
    if (dump)
      writeFileSync(
        path.join(dump, `${path.basename(ref.photo.replace(/^[\w-]+:/, '')).replace(/\.\w+$/, '')}.png`),
        result.images.media_data.bytes,
      );
    const set = (sets[ref.set] ??= { right: 0, ties: 0, baseline: 0, pairs: 0 });
    let right = 0;
    let baseline = 0;
    const wrong: string[] = [];
    for (const pair of ref.pairs) {
      const near = valueAt(map, pair.near);
      const far = valueAt(map, pair.far);
      if (near > far) right++;
      else {
        if (near === far) set.ties++;
        wrong.push(`${pair.what} (${near} vs ${far})`);
      }
      if (pair.near[1] > pair.far[1]) baseline++;
    }
    set.right += right;
    set.baseline += baseline;
    set.pairs += ref.pairs.length;
    console.log(
      `${ref.set} ${ref.photo}: ${pct(right, ref.pairs.length)}, baseline ${baseline}/${ref.pairs.length}, not sky ${result.answer.foreground_ratio}${wrong.length ? `; wrong: ${wrong.join('; ')}` : ''}`,
    );
  }
  for (const [name, s] of Object.entries(sets))
    console.log(
      `${name}: ordinal accuracy ${pct(s.right, s.pairs)} (ties ${s.ties}); baseline "lower is nearer" ${pct(s.baseline, s.pairs)}`,
    );
}

async function measureSpeed(): Promise<void> {
  console.log(`depth, leuvenA at 640 x 480: ${await timeTask('depth', await streetPhoto(), 30)}`);
}

if (what === 'order' || what === 'all') await measureOrder();
if (what === 'speed' || what === 'all') await measureSpeed();

/**
 * CPU time of the engine tasks behind the bench rows of issues 11, 12 and 14 (v2/album = scene,
 * v1/MonoDepth = depth, v1/HandGesture = handgesture, v1/Ornaments = ornaments, v1/mtstyle =
 * artstyle at 1080 px) on the bench photo: the astronaut scaled to 640 (1080) px, JPEG q90.
 * Usage: taskset -c 0 node --single-threaded-gc --import tsx scripts/speed-rows.ts [task ...] [--runs N]
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { astronautPath } from '../test/fixtures.ts';
import { timeTask } from './task-timing.ts';

const ROWS: Array<{ task: string; side: number }> = [
  { task: 'scene', side: 640 },
  { task: 'depth', side: 640 },
  { task: 'handgesture', side: 640 },
  { task: 'ornaments', side: 640 },
  { task: 'artstyle', side: 1080 },
];

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 15;
const wanted = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
for (const { task, side } of ROWS.filter((r) => wanted.length === 0 || wanted.includes(r.task))) {
  const photo = await sharp(readFileSync(astronautPath()))
    .resize(side, side)
    .jpeg({ quality: 90 })
    .toBuffer();
  console.log(`${task} (${side} px): ${await timeTask(task, photo, runs)}`);
}
process.exit(0);

/**
 * Quality and speed of skinsegment, hairsegment and facesegment (docs/quality.md, "Skin and hair
 * masks, face parsing"):
 *
 *   node --import tsx packages/vision/scripts/measure-skinhair.ts [quality|tune|speed] [task]
 *
 * (no argument: quality and speed; prefix `taskset -c 0` for speed to pin one core).
 *
 * quality: per photo of test/fixtures/skinhair-references.json, IoU, precision and recall of each
 *   task's mask (>= 128) against the hand-drawn outlines (skin minus its holes; hair), inside the
 *   drawn region; and the median IoU. facesegment is scored twice: its skin and ears labels against
 *   the drawn skin, its hair label against the drawn hair. This is the report set.
 * tune: the same for the hair of hairsegment and facesegment on the hair mask's tuning set
 *   (test/fixtures/hair-tune-references.json), the only photos the hair constants are tuned on,
 *   each on the whole photo and on its drawn region alone.
 * speed: wall and CPU time of each task (decode included, libvips on one thread) on the astronaut
 *   at 640 x 640 and face-api sample 1 at 640 x 427, 30 runs after 3.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import type { FaceMaskResult } from '../src/algorithms/body/skin-hair-params.ts';
import { FACE_LABELS } from '../src/algorithms/face/face-segment-params.ts';
import {
  drawnMask,
  HAIR_TUNE_REFERENCES,
  overlap,
  SKIN_HAIR_REFERENCES,
  skinHairPhotoPath,
  type SkinHairReference,
} from '../test/skinhair-references.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

async function greyPixels(png: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(Buffer.from(png)).toColourspace('b-w').raw().toBuffer());
}

type Task = 'skinsegment' | 'hairsegment' | 'facesegment';

/** The task's mask of `part` (0 / 255): its mask, or for facesegment the pixels of that part's labels. */
async function partMask(task: Task, result: FaceMaskResult, part: 'skin' | 'hair'): Promise<Uint8Array> {
  const grey = await greyPixels(result.images.mask.bytes);
  if (task !== 'facesegment') return grey;
  const wanted = new Set(
    FACE_LABELS.filter((l) =>
      part === 'hair' ? l.label === 'hair' : l.label === 'skin' || l.label === 'ears',
    ).map((l) => l.value as number),
  );
  return grey.map((v) => (wanted.has(v) ? 255 : 0));
}

async function measureQuality(
  tasks: Array<[Task, 'skin' | 'hair']>,
  references: Record<string, SkinHairReference>,
): Promise<void> {
  for (const [task, part] of tasks) {
    console.log(`\n${task} against the drawn ${part}`);
    console.log('| photo | faces | IoU | precision | recall |\n| --- | --- | --- | --- | --- |');
    const ious: number[] = [];
    for (const [name, ref] of Object.entries(references)) {
      const photo = readFileSync(await skinHairPhotoPath(ref));
      // The whole photo, and in the tuning set also the drawn region alone (as fusion crops it).
      for (const crop of references === SKIN_HAIR_REFERENCES || !ref.region ? [false] : [false, true]) {
        const [left, top, width, height] = ref.region ?? [0, 0, ...ref.size];
        const image = crop
          ? await sharp(photo).extract({ left, top, width, height }).jpeg({ quality: 95 }).toBuffer()
          : photo;
        const result = await runTaskInProcess<FaceMaskResult>(task, { image });
        let mask = await partMask(task, result, part);
        if (crop) {
          const placed = new Uint8Array(ref.size[0] * ref.size[1]);
          for (let y = 0; y < height; y++)
            placed.set(mask.subarray(y * width, (y + 1) * width), (y + top) * ref.size[0] + left);
          mask = placed;
        }
        const o = overlap(mask, drawnMask(ref, part), ref);
        ious.push(o.iou);
        console.log(
          `| ${name}${crop ? ', its crop' : ''} | ${result.answer.face_num} | ${o.iou.toFixed(3)} | ${pct(o.precision)} | ${pct(o.recall)} |`,
        );
      }
    }
    console.log(`median IoU ${summarize(ious).p50.toFixed(3)}`);
  }
}

async function measureSpeed(tasks: string[]): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  console.log('\nspeed, engine in this thread, libvips on one thread, 30 runs');
  for (const task of tasks) {
    console.log(`${task}, astronaut 640 x 640: ${await timeTask(task, astronaut, 30)}`);
    console.log(`${task}, face-api sample 1 at 640 x 427: ${await timeTask(task, group, 30)}`);
  }
}

const only = process.argv[3];
const all: Array<[Task, 'skin' | 'hair']> = [
  ['skinsegment', 'skin'],
  ['hairsegment', 'hair'],
  ['facesegment', 'skin'],
  ['facesegment', 'hair'],
];
const chosen = only ? all.filter(([t]) => t === only) : all;
if (what === 'all' || what === 'quality') await measureQuality(chosen, SKIN_HAIR_REFERENCES);
if (what === 'tune') {
  await measureQuality(
    chosen.filter(([, part]) => part === 'hair'),
    HAIR_TUNE_REFERENCES,
  );
}
if (what === 'all' || what === 'speed') await measureSpeed([...new Set(chosen.map(([t]) => t))]);
process.exit(0);

/**
 * Quality and speed of the scene task (v2/album) against the scene labels of
 * test/fixtures/scene-labels.json (docs/quality.md, "Scene recognition"):
 *
 *   node --import tsx packages/vision/scripts/measure-scene.ts [quality|album|speed] [--sets tuning,report] [--features]
 *
 * (no argument: both; prefix `taskset -c 0` for speed to pin one core).
 *
 * quality: per photo, the labelled scenes and the task's top 5; per set, top-1 (the best scene is
 *   one the person accepted) and top-5 (the person's main scene is among the five). `--features`
 *   prints each photo's measured features and detector cues as well.
 * album: the album task (v1/Album) on the photos whose labels name COCO things (`objects`): per
 *   set, how many of those things it names (recall), and the COCO things it names that the person
 *   did not list (each printed, to be judged: an unlisted thing may be in the photo).
 * speed: wall and CPU time of the engine tasks (decode included) on opencv-doc's leuvenA.jpg resized
 *   to 640 px wide and on skimage's coffee at 640 px (a close-up: the album's CenterNet looks twice),
 *   40 runs after 3.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { runTaskInProcess } from '../src/index.ts';
import { COCO_NAMES } from '../src/algorithms/body/coco.ts';
import { DECODE_SIDE, loadSceneModels, sceneEvidence } from '../src/algorithms/image/scene.ts';
import type { AlbumResult, SceneResult } from '../src/algorithms/image/scene-params.ts';
import { SCENE_LABELS, scenePhotoPath } from '../test/scene-references.ts';
import { coffeePath } from '../test/fixtures.ts';
import { streetPhoto, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';
const setsAt = process.argv.indexOf('--sets');
const onlySets = setsAt > 0 ? process.argv[setsAt + 1]!.split(',') : undefined;
const showFeatures = process.argv.includes('--features');

async function measureQuality(): Promise<void> {
  const sets: Record<string, { n: number; top1: number; top5: number; missed: string[] }> = {};
  const models = showFeatures ? await loadSceneModels() : undefined;
  for (const [name, label] of Object.entries(SCENE_LABELS)) {
    if (onlySets && !onlySets.includes(label.set)) continue;
    const bytes = readFileSync(await scenePhotoPath(label));
    const result = (await runTaskInProcess('scene', { image: bytes })) as SceneResult;
    const top = result.labels.map((l) => l.label);
    const ok1 = label.scenes.includes(top[0]!);
    const ok5 = top.includes(label.scenes[0]!);
    const s = (sets[label.set] ??= { n: 0, top1: 0, top5: 0, missed: [] });
    s.n++;
    if (ok1) s.top1++;
    if (ok5) s.top5++;
    else s.missed.push(name);
    console.log(
      `${label.set} ${name} [${label.scenes.join(', ')}]: ${result.labels.map((l) => `${l.label} ${l.score.toFixed(2)}`).join(', ')}${ok1 ? '' : '  (top-1 wrong)'}${ok5 ? '' : '  (main scene not in top 5)'}`,
    );
    if (models) {
      const image = await decodeImage(bytes, undefined, { maxSide: DECODE_SIDE });
      const { features, objects } = await sceneEvidence(image, models);
      const things = [...objects.best]
        .map((v, i) => [COCO_NAMES[i], v] as const)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`);
      console.log(
        `    ${Object.entries(features)
          .map(([k, v]) => `${k} ${v.toFixed(3)}`)
          .join(
            ', ',
          )}; face ${objects.face.toFixed(2)} (${objects.faceScore.toFixed(2)}), people ${objects.people}; ${things.join(', ')}`,
      );
    }
  }
  for (const [set, s] of Object.entries(sets))
    console.log(
      `${set}: top-1 ${s.top1} of ${s.n} (${((100 * s.top1) / s.n).toFixed(0)} %), top-5 ${s.top5} of ${s.n} (${((100 * s.top5) / s.n).toFixed(0)} %); main scene missed from the top 5: ${s.missed.join(', ') || 'none'}`,
    );
}

async function measureAlbum(): Promise<void> {
  const sets: Record<string, { listed: number; named: number; extra: number; photos: number }> = {};
  for (const [name, label] of Object.entries(SCENE_LABELS)) {
    if (onlySets && !onlySets.includes(label.set)) continue;
    if (!label.objects?.length) continue;
    const bytes = readFileSync(await scenePhotoPath(label));
    const result = (await runTaskInProcess('album', { image: bytes })) as AlbumResult;
    const said = result.labels.map((l) => l.label);
    const missed = label.objects.filter((o) => !said.includes(o));
    const extra = said.filter((l) => COCO_NAMES.includes(l) && !label.objects!.includes(l));
    const s = (sets[label.set] ??= { listed: 0, named: 0, extra: 0, photos: 0 });
    s.photos++;
    s.listed += label.objects.length;
    s.named += label.objects.length - missed.length;
    s.extra += extra.length;
    console.log(
      `${label.set} ${name} [${label.objects.join(', ')}]: ${result.labels.map((l) => `${l.label} ${l.score.toFixed(2)}`).join(', ')}${missed.length ? `  (missed: ${missed.join(', ')})` : ''}${extra.length ? `  (not listed: ${extra.join(', ')})` : ''}`,
    );
  }
  for (const [set, s] of Object.entries(sets))
    console.log(
      `album ${set}: ${s.named} of ${s.listed} listed things named (${((100 * s.named) / s.listed).toFixed(0)} %) on ${s.photos} photos; ${s.extra} COCO labels not listed by the person`,
    );
}

async function measureSpeed(): Promise<void> {
  const photo = await streetPhoto();
  console.log(`scene, leuvenA 640 x 480, engine in this thread: ${await timeTask('scene', photo, 40)}`);
  console.log(`album, leuvenA 640 x 480, engine in this thread: ${await timeTask('album', photo, 40)}`);
  // A close-up (a cup filling the frame): the album looks at it twice, the scene once.
  const coffee = await sharp(readFileSync(coffeePath())).resize(640).jpeg({ quality: 90 }).toBuffer();
  console.log(`scene, coffee 640 x 427, engine in this thread: ${await timeTask('scene', coffee, 40)}`);
  console.log(
    `album, coffee 640 x 427 (close-up: second look), engine in this thread: ${await timeTask('album', coffee, 40)}`,
  );
}

if (what === 'quality' || what === 'all') await measureQuality();
if (what === 'album' || what === 'all') await measureAlbum();
if (what === 'speed' || what === 'all') await measureSpeed();

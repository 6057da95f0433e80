/**
 * v1/EmojMaterialH5 (emojmaterial) and v1/beard (beard): where they land against points a person
 * marked on real photos, and how fast, for docs/quality.md ("Beard and stickers"):
 *
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-stickers.ts
 *
 * The reference: the eyes' centres and the nose tip marked by eye on 13 faces of face-api samples
 * 1-4 (test/fixtures/sticker-anchors.json, committed before any sticker was drawn on them). The
 * anchors were set on the astronaut and never adjusted on these photos.
 *
 * 1. Stickers: for each marked face, the mesh of the face found nearest its marked nose tip (the
 *    facepoints pipeline), and on it: the glasses' lens centres against the marked eyes, the
 *    clown nose's centre against the marked nose tip (both in marked eye distances; faces with a
 *    hidden eye in pixels), the roll of a two-point sticker (glasses) and of a one-point sticker
 *    (crown) against the marked eye line, in degrees.
 * 2. Beard (full, black): on each photo, the pixels it changed (grey > 20 levels), each given to
 *    the nearest marked nose tip: the share above the line through the marked nose tip parallel
 *    to the marked eye line (should be 0), and the share that got darker.
 * 3. Speed: each task on the astronaut at 640 and 1080 px, wall and CPU time per call (p50).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess, type BeardResult } from '../src/index.ts';
import { astronautPath, groupSamplePath, read } from '../test/fixtures.ts';
import {
  angleDiff,
  apply,
  markedFaces,
  markedIod,
  markedRoll,
  meshesOfMarked,
  placement,
  rollOf,
  type P,
} from '../test/sticker-measures.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
const f2 = (v: number) => v.toFixed(2);

// 1: stickers.
const photos = [...new Set(markedFaces.map((f) => f.photo))];
const eyeErrors: number[] = [];
const noseErrors: number[] = [];
const rollPair: number[] = [];
const rollPoint: number[] = [];
let found = 0;
for (const photo of photos) {
  for (const { face, mesh } of await meshesOfMarked(photo)) {
    if (!mesh) {
      console.log(`${photo} ${face.pose}: no face found at the marked nose`);
      continue;
    }
    found++;
    const glasses = placement('glasses', mesh);
    const [right, left] = glasses.m.anchor.pair!.svg.map((p) => apply(glasses.transform, p)) as [P, P];
    const nose = placement('clown_nose', mesh);
    const noseAt = apply(nose.transform, nose.m.anchor.point!.svg);
    const iod = markedIod(face);
    const parts: string[] = [];
    if (iod) {
      const e = [dist(right, face.rightEye!) / iod, dist(left, face.leftEye!) / iod];
      eyeErrors.push(...e);
      noseErrors.push(dist(noseAt, face.noseTip) / iod);
      const roll = markedRoll(face)!;
      rollPair.push(Math.abs(angleDiff(rollOf(glasses.transform), roll)));
      rollPoint.push(Math.abs(angleDiff(rollOf(placement('crown', mesh).transform), roll)));
      parts.push(
        `lens errors ${e.map(f2).join(' / ')} IOD, nose ${f2(dist(noseAt, face.noseTip) / iod)} IOD, marked roll ${roll.toFixed(1)}°, glasses ${rollOf(glasses.transform).toFixed(1)}°, crown ${rollOf(placement('crown', mesh).transform).toFixed(1)}°`,
      );
    } else {
      const eye = face.rightEye ?? face.leftEye!;
      const lens = face.rightEye ? right : left;
      parts.push(
        `one eye visible: lens error ${dist(lens, eye).toFixed(1)} px, nose ${dist(noseAt, face.noseTip).toFixed(1)} px (eye to nose ${dist(eye, face.noseTip).toFixed(1)} px)`,
      );
    }
    console.log(`${photo} ${face.pose}: ${parts.join('; ')}`);
  }
}
console.log(
  `stickers: ${found} of ${markedFaces.length} marked faces found; lens centre error median ${f2(median(eyeErrors))} IOD, max ${f2(Math.max(...eyeErrors))} (${eyeErrors.length} eyes); nose median ${f2(median(noseErrors))}, max ${f2(Math.max(...noseErrors))} (${noseErrors.length} faces); roll error glasses median ${median(rollPair).toFixed(1)}°, max ${Math.max(...rollPair).toFixed(1)}°; crown median ${median(rollPoint).toFixed(1)}°, max ${Math.max(...rollPoint).toFixed(1)}°`,
);

// 2: beard.
for (const photo of photos) {
  const n = Number(/sample(\d)/.exec(photo)![1]) as 1 | 2 | 3 | 4;
  const image = read(groupSamplePath(n));
  const result = await runTaskInProcess<BeardResult>('beard', {
    image,
    params: { style: 'full', color: 'black' },
  });
  const grey = async (b: Buffer | Uint8Array) =>
    sharp(b).greyscale().raw().toBuffer({ resolveWithObject: true });
  const before = await grey(image);
  const after = await grey(Buffer.from(result.images.media_data.bytes));
  const faces = markedFaces.filter((f) => f.photo === photo);
  let changed = 0;
  let above = 0;
  let darker = 0;
  const W = before.info.width;
  for (let i = 0; i < before.data.length; i++) {
    const d = after.data[i]! - before.data[i]!;
    if (Math.abs(d) <= 20) continue;
    changed++;
    if (d < 0) darker++;
    const p: P = [(i % W) + 0.5, Math.floor(i / W) + 0.5];
    const f = faces.reduce((a, b) => (dist(p, a.noseTip) <= dist(p, b.noseTip) ? a : b));
    // Down the face: perpendicular to the marked eye line (or the image's down without one).
    const roll = ((markedRoll(f) ?? 0) * Math.PI) / 180;
    if ((p[0] - f.noseTip[0]) * -Math.sin(roll) + (p[1] - f.noseTip[1]) * Math.cos(roll) < 0) above++;
  }
  console.log(
    `beard ${photo}: ${result.answer.face_num} faces, ${changed} pixels changed, ${((100 * above) / changed).toFixed(2)} % above a marked nose line, ${((100 * darker) / changed).toFixed(1)} % darker`,
  );
}

// 3: speed.
const { astronaut } = await speedPhotos();
const portrait = await sharp(readFileSync(astronautPath()))
  .resize(1080, 1080)
  .jpeg({ quality: 90 })
  .toBuffer();
for (const task of ['beard', 'emojmaterial']) {
  console.log(`${task} astronaut 640 px: ${await timeTask(task, astronaut, 20)}`);
  console.log(`${task} astronaut 1080 px: ${await timeTask(task, portrait, 20)}`);
}

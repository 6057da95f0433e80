/**
 * beautify (v1/beauty), shapetuning (v1/beauty_shape) and makeup (v3/makeup): what a person sees
 * and how fast, for docs/quality.md ("Beautify, shape tuning and makeup"):
 *
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-retouch.ts
 *
 * The tests tuned the methods on the astronaut; the figures here are on face-api's demo photos
 * (samples 1-6, 25 faces), which the tuning did not look at:
 *
 * 1. beautify: the skin's local variance (3 x 3, grey) after over before, per face, on the skin
 *    below the eyes; the pixels outside the face region that changed (against the same photo
 *    re-encoded with every setting at 0).
 * 2. blemish removal: six square spots (dark brown and red, 3 % of the face width a side) drawn on
 *    each face's cheeks; a spot is removed when its pixels end within 12 grey levels of the photo
 *    before it was drawn; the skin elsewhere should not move.
 * 3. shape tuning with every warp at 100: pixels outside the face region that changed.
 * 4. makeup on turned and tilted faces: a blue lipstick (only the lipstick, #2040d0 at 100) and
 *    the change of (B - R) at points marked by eye (test/fixtures/makeup-lips.json): on the lower
 *    and upper lip it should rise, on the cheek stay.
 * 5. Speed: each task on the astronaut at 640 and 1080 px, wall and CPU time per call (p50).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runTaskInProcess, type FacePointsResult, type ImageTaskResult } from '../src/index.ts';
import { speedPhotos, timeTask } from './task-timing.ts';
import { faceWidthOf } from '../src/algorithms/face/retouch.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';
import {
  grey,
  localVariance,
  meanAbsDiff,
  outsideFace,
  pixelsWhere,
  skin,
} from '../test/retouch-measures.ts';

sharp.concurrency(1);
const here = path.dirname(fileURLToPath(import.meta.url));
const fmt = (x: number, d = 1) => x.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const jpegOf = async (task: string, image: Buffer, params: Record<string, unknown>) =>
  Buffer.from(
    (await runTaskInProcess<ImageTaskResult<unknown>>(task, { image, params })).images.media_data.bytes,
  );

const NO_BEAUTY = { smooth: 0, whiten: 0, blemish: 0, eyeBright: 0 };
const NO_SHAPE = { faceSlim: 0, chin: 0, eyeEnlarge: 0, noseNarrow: 0, forehead: 0 };
const NO_MAKEUP = { lipstick: 0, blush: 0, eyebrow: 0, eyeliner: 0, eyeshadow: 0 };

const photos = ([1, 2, 3, 4, 5, 6] as const).map((n) => ({ n, bytes: readFileSync(groupSamplePath(n)) }));

// 1-3: beautify, blemishes and shape tuning on every face of samples 1-6.
const ratios: number[] = [];
let faces = 0;
let outsideBeauty = 0;
let outsideShape = 0;
let outsidePixels = 0;
let spotsRemoved = 0;
let spotsTotal = 0;
const spotResidue: number[] = [];
const skinMoved: number[] = [];
for (const { bytes } of photos) {
  const found = (await runTaskInProcess<FacePointsResult>('facepoints', { image: bytes })).faces;
  const before = await grey(bytes);
  const plain = await grey(await jpegOf('beautify', bytes, NO_BEAUTY));
  const smoothed = await grey(await jpegOf('beautify', bytes, { ...NO_BEAUTY, smooth: 50 }));
  const shaped = await grey(
    await jpegOf('shapetuning', bytes, {
      faceSlim: 100,
      chin: 100,
      eyeEnlarge: 100,
      noseNarrow: 100,
      forehead: 100,
    }),
  );
  const plainShape = await grey(await jpegOf('shapetuning', bytes, NO_SHAPE));
  // The region outside every face (each face's oval grown as the warp support, plus 16 px for JPEG blocks).
  const outsideAll = new Set(pixelsWhere(before.width, before.height, () => true));
  for (const face of found) {
    faces++;
    const where = await skin(bytes, before, face.mesh);
    if (where.length > 200) ratios.push(localVariance(smoothed, where) / localVariance(before, where));
    const margin = 0.08 + 16 / faceWidthOf(face.mesh);
    const out = new Set(outsideFace(before.width, before.height, face.mesh, margin));
    for (const i of outsideAll) if (!out.has(i)) outsideAll.delete(i);
  }
  const outside = [...outsideAll];
  outsidePixels += outside.length;
  outsideBeauty += outside.filter((i) => plain.data[i] !== smoothed.data[i]).length;
  outsideShape += outside.filter((i) => plainShape.data[i] !== shaped.data[i]).length;

  // Spots drawn on the cheeks of every face.
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const spotted = Buffer.from(data);
  const spots: Array<number[]> = [];
  for (const face of found) {
    const side = Math.max(3, Math.round(0.03 * faceWidthOf(face.mesh)));
    for (const [k, point] of [50, 101, 280, 330, 205, 425].entries()) {
      const [cx, cy] = face.mesh[point]!;
      const pixels: number[] = [];
      for (let y = Math.round(cy - side / 2); y < Math.round(cy - side / 2) + side; y++)
        for (let x = Math.round(cx - side / 2); x < Math.round(cx - side / 2) + side; x++) {
          const i = y * info.width + x;
          pixels.push(i);
          spotted.set(k % 2 === 0 ? [95, 55, 45] : [170, 70, 70], 3 * i);
        }
      spots.push(pixels);
    }
  }
  const photo = await sharp(spotted, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const cleaned = await grey(await jpegOf('beautify', photo, { ...NO_BEAUTY, blemish: 50 }));
  const kept = await grey(await jpegOf('beautify', photo, NO_BEAUTY));
  const spotPixels = new Set(spots.flat());
  for (const pixels of spots) {
    spotsTotal++;
    const residue = meanAbsDiff(before, cleaned, pixels);
    spotResidue.push(residue);
    if (residue < 12) spotsRemoved++;
  }
  for (const face of found) {
    const where = (await skin(bytes, before, face.mesh)).filter((i) => {
      const x = i % info.width;
      const y = Math.floor(i / info.width);
      for (const s of spotPixels)
        if (Math.abs((s % info.width) - x) < 12 && Math.abs(Math.floor(s / info.width) - y) < 12)
          return false;
      return true;
    });
    if (where.length > 200) skinMoved.push(meanAbsDiff(kept, cleaned, where));
  }
}
ratios.sort((a, b) => a - b);
console.log(`faces found in samples 1-6: ${faces}`);
console.log(
  `beautify smooth 50: skin local variance after / before, per face: median ${fmt(median(ratios), 2)}, ` +
    `min ${fmt(ratios[0]!, 2)}, max ${fmt(ratios.at(-1)!, 2)} (${ratios.length} faces with skin measured)`,
);
console.log(`beautify: pixels outside the face regions changed: ${outsideBeauty} of ${outsidePixels}`);
console.log(
  `shape tuning (all 100): pixels outside the face regions changed: ${outsideShape} of ${outsidePixels}`,
);
console.log(
  `blemish 50: spots removed ${spotsRemoved} of ${spotsTotal} (residue median ${fmt(median(spotResidue))} levels); ` +
    `skin away from the spots moved by median ${fmt(median(skinMoved), 2)}, max ${fmt(Math.max(...skinMoved), 2)} levels`,
);

// 4: makeup on the hand-marked faces.
interface Marked {
  photo: string;
  pose: string;
  lowerLip: [number, number];
  upperLip?: [number, number];
  cheek: [number, number];
}
const marked = JSON.parse(readFileSync(path.join(here, '../test/fixtures/makeup-lips.json'), 'utf8')) as {
  faces: Marked[];
};
const blue = { ...NO_MAKEUP, lipstick: 100, lipstickColor: '#2040d0', maxFaceNum: 20 };
const cache = new Map<string, { plain: Buffer; made: Buffer; width: number }>();
let lipsHit = 0;
let lipsTotal = 0;
let cheeksKept = 0;
for (const face of marked.faces) {
  if (!cache.has(face.photo)) {
    const bytes = readFileSync(groupSamplePath(Number(face.photo.match(/\d/)![0]) as 1));
    const plain = await sharp(await jpegOf('makeup', bytes, { ...NO_MAKEUP, maxFaceNum: 20 }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const made = await sharp(await jpegOf('makeup', bytes, blue))
      .raw()
      .toBuffer();
    cache.set(face.photo, { plain: plain.data, made, width: plain.info.width });
  }
  const { plain, made, width } = cache.get(face.photo)!;
  // Change of (B - R), mean over the 3 x 3 pixels around a marked point.
  const gain = ([px, py]: [number, number]) => {
    let sum = 0;
    for (let y = py - 1; y <= py + 1; y++)
      for (let x = px - 1; x <= px + 1; x++) {
        const i = 3 * (y * width + x);
        sum += made[i + 2]! - made[i]! - (plain[i + 2]! - plain[i]!);
      }
    return sum / 9;
  };
  const lips = [face.lowerLip, ...(face.upperLip ? [face.upperLip] : [])].map(gain);
  const cheek = gain(face.cheek);
  for (const g of lips) {
    lipsTotal++;
    if (g > 20) lipsHit++;
  }
  if (Math.abs(cheek) < 2) cheeksKept++;
  console.log(
    `  ${face.photo} (${face.pose}): B-R gain on the lips ${lips.map((g) => fmt(g)).join(', ')}, on the cheek ${fmt(cheek)}`,
  );
}
console.log(
  `makeup (blue lipstick): lip points turned blue (gain > 20) ${lipsHit} of ${lipsTotal}; cheeks unchanged (|gain| < 2) ${cheeksKept} of ${marked.faces.length}`,
);

// 5: speed.
const { astronaut } = await speedPhotos();
const portrait = await sharp(readFileSync(astronautPath()))
  .resize(1080, 1080)
  .jpeg({ quality: 90 })
  .toBuffer();
for (const task of ['beautify', 'shapetuning', 'makeup']) {
  console.log(`${task} astronaut 640 px: ${await timeTask(task, astronaut, 20)}`);
  console.log(`${task} astronaut 1080 px: ${await timeTask(task, portrait, 20)}`);
}

/**
 * The close-up shortcut of the face detector (detector.ts, CLOSE_UP_FRACTION), docs/quality.md
 * "Detection speed":
 *   node --import tsx packages/vision/scripts/measure-detect.ts
 * Faces found with and without the shortcut on every photo, then facedetect latency on the
 * 640 px astronaut, both variants interleaved run by run so that they share the machine's load.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { summarize } from '../src/index.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis, type FaceAnalysisModels } from '../src/algorithms/face/analysis.ts';
import {
  astronautPath,
  cameraPath,
  chelseaPath,
  coffeePath,
  GROUP_FACES,
  groupCollage,
  groupSamplePath,
} from '../test/fixtures.ts';
import { beardedMan, facematchLabelled } from '../test/labelled.ts';

await initTf();
const withFront = await faceanalysis.loadModels();
await faceanalysis.warmup(withFront);
const { front: _front, ...backOnly } = withFront.detector;
const without: FaceAnalysisModels = { ...withFront, detector: backOnly };
const params = faceanalysis.parseParams({ maxFaces: 20 });

const count = async (buf: Buffer, models: FaceAnalysisModels) => {
  const image = await decodeImage(buf, undefined, faceanalysis.decode);
  return (await faceanalysis.run(image, params, models)).faces.length;
};

const photos: Array<[string, Buffer, number]> = [
  ['astronaut 512', readFileSync(astronautPath()), 1],
  ['camera 512', readFileSync(cameraPath()), 1],
  ['chelsea (cat)', readFileSync(chelseaPath()), 0],
  ['coffee', readFileSync(coffeePath()), 0],
  ['opencv bearded man 320', await beardedMan(), 1],
];
for (const n of [1, 2, 3, 4, 5, 6] as const) {
  const buf = readFileSync(groupSamplePath(n));
  photos.push([`sample${n} 1920`, buf, GROUP_FACES[n]]);
  photos.push([`sample${n} at 640`, await sharp(buf).resize(640).jpeg().toBuffer(), GROUP_FACES[n]]);
}
const collage = await groupCollage(700);
photos.push(['collage 700', collage.image, collage.faces]);
for (const [name, buf, present] of photos) {
  console.log(
    `${name}: present ${present}, found ${await count(buf, withFront)} (without shortcut ${await count(buf, without)})`,
  );
}
let tilesWith = 0;
let tilesWithout = 0;
const tiles = await facematchLabelled();
for (const t of tiles) {
  if ((await count(t.image, withFront)) >= 1) tilesWith++;
  if ((await count(t.image, without)) >= 1) tilesWithout++;
}
console.log(
  `facematch thumbnails with a face found: ${tilesWith}/${tiles.length} (without shortcut ${tilesWithout})`,
);

const image = await sharp(readFileSync(astronautPath())).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
const detectParams = faceanalysis.parseParams({ maxFaces: 20, landmarks: false });
const time = async (models: FaceAnalysisModels) => {
  const t = performance.now();
  const decoded = await decodeImage(image, undefined, faceanalysis.decode);
  await faceanalysis.run(decoded, detectParams, models);
  return performance.now() - t;
};
for (let i = 0; i < 5; i++) await time(withFront);
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < 60; i++) {
  a.push(await time(withFront));
  b.push(await time(without));
}
const fmt = (v: number[]) => {
  const s = summarize(v);
  return `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, min ${s.min.toFixed(1)} ms`;
};
console.log(`facedetect 640 px astronaut (decode + detect + mesh), 60 runs each, interleaved:`);
console.log(`  with the close-up shortcut:    ${fmt(a)}`);
console.log(`  without (256 px pass only):    ${fmt(b)}`);

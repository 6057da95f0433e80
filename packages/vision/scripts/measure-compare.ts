/**
 * Same / different person pairs for the comparison threshold (docs/quality.md):
 *   node --import tsx packages/vision/scripts/measure-compare.ts
 * Same person: nine photos of one man, the first nine thumbnails of the first row of
 * @vladmandic/human/assets/screenshot-facematch.jpg (labelled.ts's grid: 18 columns of 106 px;
 * looked at by eye: the same man in all nine, the eighth with a second, smaller face beside him, of
 * which the larger face is kept). Caution: the demo put them first because the FaceRes model found
 * them most similar to the first, so the pairs are ones the model itself chose. Different people:
 * that man against the 22 women of the face-api samples and the astronaut, and those 23 women pairwise.
 */
import { readFileSync } from 'node:fs';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import { cosineSimilarity } from '../src/algorithms/face/compare.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';
import { facematchGridTile } from '../test/labelled.ts';

await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const params = faceanalysis.parseParams({ descriptor: true, smallFaces: false });
const describe = async (buf: Buffer) => {
  const image = await decodeImage(buf, undefined, faceanalysis.decode);
  const res = await faceanalysis.run(image, params, models);
  return res.faces.sort((a, b) => b.rectangle.width - a.rectangle.width);
};
const man: number[][] = [];
for (let c = 0; c < 9; c++) {
  const faces = await describe(await facematchGridTile(0, c));
  if (faces[0]?.descriptor) man.push(faces[0].descriptor);
  else console.log('no face in tile', c);
}
const women: number[][] = [];
for (const file of [astronautPath(), ...([1, 2, 3, 4, 5, 6] as const).map((n) => groupSamplePath(n))]) {
  for (const f of await describe(readFileSync(file))) if (f.descriptor) women.push(f.descriptor);
}
const same: number[] = [];
const diff: number[] = [];
for (let i = 0; i < man.length; i++)
  for (let j = i + 1; j < man.length; j++) same.push(cosineSimilarity(man[i]!, man[j]!));
for (const m of man) for (const w of women) diff.push(cosineSimilarity(m, w));
for (let i = 0; i < women.length; i++)
  for (let j = i + 1; j < women.length; j++) diff.push(cosineSimilarity(women[i]!, women[j]!));
const stats = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return `n=${s.length} min=${s[0]?.toFixed(3)} p5=${s[Math.floor(0.05 * (s.length - 1))]?.toFixed(3)} median=${s[Math.floor(0.5 * (s.length - 1))]?.toFixed(3)} p95=${s[Math.floor(0.95 * (s.length - 1))]?.toFixed(3)} max=${s[s.length - 1]?.toFixed(3)}`;
};
console.log(`man photos: ${man.length}, other faces: ${women.length}`);
console.log('same   ', stats(same));
console.log('diff   ', stats(diff));
for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
  const fr = same.filter((s) => s < t).length;
  const fa = diff.filter((s) => s >= t).length;
  console.log(`threshold ${t}: false rejects ${fr}/${same.length}, false accepts ${fa}/${diff.length}`);
}

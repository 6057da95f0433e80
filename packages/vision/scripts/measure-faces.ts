/**
 * Measures the faceanalysis stages on the labelled real photos (docs/quality.md):
 *   node --import tsx packages/vision/scripts/measure-faces.ts
 * Prints one line per face: box, pose, age, gender, top emotion and the feature ratios.
 */
import { readFileSync } from 'node:fs';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';

await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const photos: Array<[string, string]> = [
  ['astronaut', astronautPath()],
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => [`sample${n}`, groupSamplePath(n)] as [string, string]),
];
const params = faceanalysis.parseParams({ faceres: true, emotion: true, features: true });
const all: Record<string, number[]> = {};
for (const [name, file] of photos) {
  const image = await decodeImage(readFileSync(file), undefined, faceanalysis.decode);
  const t0 = performance.now();
  const res = await faceanalysis.run(image, params, models);
  const ms = performance.now() - t0;
  console.log(`${name}: ${res.faces.length} faces, ${ms.toFixed(0)} ms`);
  for (const f of res.faces) {
    const top = Object.entries(f.emotion ?? {}).sort((a, b) => b[1] - a[1])[0];
    console.log(
      ` x=${f.rectangle.left} w=${f.rectangle.width} pose=${JSON.stringify(f.pose)} age=${f.age} gender=${f.gender?.value}(${f.gender?.score}) emo=${top?.[0]}:${top?.[1]} shape=${f.features?.face_shape.value}`,
    );
    console.log('   ', JSON.stringify(f.features?.measures));
    for (const [k, v] of Object.entries(f.features?.measures ?? {})) (all[k] ??= []).push(v);
  }
}
console.log('terciles:');
for (const [k, vs] of Object.entries(all)) {
  const s = [...vs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.floor(p * (s.length - 1))]!.toFixed(3);
  console.log(` ${k}: [${q(1 / 3)}, ${q(2 / 3)}] min ${s[0]} max ${s[s.length - 1]}`);
}

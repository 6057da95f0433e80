/**
 * Age, gender, race and appearance attributes on the labelled real photos (docs/quality.md):
 *   node --import tsx packages/vision/scripts/measure-attributes.ts [--faces]
 * Compares the age/gender models (HSE-FaceRes, GEAR, SSR-Net, face-api) and prints the measurements behind
 * the glasses, beard, eyelid and attractiveness rules per label.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { GraphModel, Tensor } from '@tensorflow/tfjs';
import { initTf, tf, wasmBinariesDir } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import { loadGraphModelFromFile } from '../src/runtime/model-files.ts';
import { humanModelsPackagePath } from '../src/runtime/human-models.ts';
import type { FaceAnalysisFace } from '../src/algorithms/face/analysis-params.ts';
import { astronautPath, groupSamplePath } from '../test/fixtures.ts';
import {
  BEARDED_MAN_LABEL,
  beardedMan,
  facematchLabelled,
  MAN_IN_GLASSES_LABEL,
  manInGlasses,
  SMILING_MAN_LABEL,
  smilingMan,
  type FaceLabel,
} from '../test/labelled.ts';

const verbose = process.argv.includes('--faces');
await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const ssrAge: GraphModel = await loadGraphModelFromFile(humanModelsPackagePath('age'));
const ssrGender: GraphModel = await loadGraphModelFromFile(humanModelsPackagePath('gender'));
const params = faceanalysis.parseParams({ faceres: true, gear: true, appearance: true, smallFaces: false });

// face-api's age/gender net (devDependency), through its node-wasm build: a CommonJS bundle with its
// own tfjs instance, put on the same wasm backend.
interface FaceApi {
  tf: {
    setWasmPaths(p: string): void;
    setBackend(b: string): Promise<boolean>;
    tensor4d(d: Float32Array, s: number[]): unknown;
  };
  nets: {
    ageGenderNet: {
      loadFromDisk(dir: string): Promise<void>;
      predictAgeAndGender(t: unknown): Promise<{ age: number; gender: 'male' | 'female' }>;
    };
  };
}
const require = createRequire(import.meta.url);
const faceApiDir = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
const faceapi = require(path.join(faceApiDir, 'dist', 'face-api.node-wasm.js')) as FaceApi;
faceapi.tf.setWasmPaths(wasmBinariesDir());
await faceapi.tf.setBackend('wasm');
await faceapi.nets.ageGenderNet.loadFromDisk(path.join(faceApiDir, 'model'));

/** RGB pixels of the square around the face box, resized to n x n. */
async function faceSquare(buf: Buffer, f: FaceAnalysisFace, n: number): Promise<Buffer> {
  const r = f.rectangle;
  const side = Math.max(r.width, r.height);
  const meta = await sharp(buf).metadata();
  const left = Math.max(0, Math.round(r.left + r.width / 2 - side / 2));
  const top = Math.max(0, Math.round(r.top + r.height / 2 - side / 2));
  const { data } = await sharp(buf)
    .rotate()
    .extract({
      left,
      top,
      width: Math.min(Math.round(side), (meta.width ?? 0) - left),
      height: Math.min(Math.round(side), (meta.height ?? 0) - top),
    })
    .resize(n, n, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** face-api's age/gender net on the 112 px square around the face box (RGB 0..255). */
async function faceApi(buf: Buffer, f: FaceAnalysisFace): Promise<{ age: number; gender: 0 | 1 }> {
  const data = await faceSquare(buf, f, 112);
  const r = await faceapi.nets.ageGenderNet.predictAgeAndGender(
    faceapi.tf.tensor4d(Float32Array.from(data), [1, 112, 112, 3]),
  );
  return { age: r.age, gender: r.gender === 'male' ? 1 : 0 };
}

/** SSR-Net age and gender on the square around the face box, fed as Human feeds them. */
async function ssrnet(buf: Buffer, f: FaceAnalysisFace): Promise<{ age: number; gender: 0 | 1 }> {
  const data = await faceSquare(buf, f, 64);
  const [ageT, genderT] = tf.tidy(() => {
    const rgb = tf.div(tf.tensor4d(Float32Array.from(data), [1, 64, 64, 3]), 255);
    const grey = tf.sum(tf.mul(rgb, tf.tensor1d([0.2989, 0.587, 0.114])), 3, true);
    return [
      ssrAge.execute(tf.mul(rgb, 255)) as Tensor,
      ssrGender.execute(tf.mul(tf.sub(grey, 0.5), 2)) as Tensor,
    ];
  });
  const a = (await ageT.data())[0] ?? 0;
  const g = await genderT.data();
  tf.dispose([ageT, genderT]);
  return { age: a, gender: (g[0] ?? 0) > (g[1] ?? 0) ? 0 : 1 };
}

interface Row {
  id: string;
  label: FaceLabel & { age?: [number, number] };
  face: FaceAnalysisFace;
  ssr: { age: number; gender: 0 | 1 };
  fapi: { age: number; gender: 0 | 1 };
}
const rows: Row[] = [];
async function add(id: string, buf: Buffer, label: Row['label'], all = false) {
  const image = await decodeImage(buf, undefined, faceanalysis.decode);
  const res = await faceanalysis.run(image, params, models);
  const faces = all ? res.faces : res.faces.sort((a, b) => b.rectangle.width - a.rectangle.width).slice(0, 1);
  if (faces.length === 0) console.log(`${id}: no face`);
  for (const [i, face] of faces.entries())
    rows.push({
      id: all ? `${id}#${i}` : id,
      label,
      face,
      ssr: await ssrnet(buf, face),
      fapi: await faceApi(buf, face),
    });
}

const WOMAN: FaceLabel = { gender: 0, glasses: 'none', beard: false };
await add('astronaut', readFileSync(astronautPath()), { ...WOMAN, age: [36, 48] });
for (const n of [1, 2, 3, 4, 5, 6] as const)
  await add(`sample${n}`, readFileSync(groupSamplePath(n)), { ...WOMAN, age: [18, 42] }, true);
await add('opencv-bearded', await beardedMan(), { ...BEARDED_MAN_LABEL, age: [20, 35] });
await add('opencv-glasses', await manInGlasses(), { ...MAN_IN_GLASSES_LABEL, age: [18, 35] });
await add('opencv-smiling', await smilingMan(), { ...SMILING_MAN_LABEL, age: [20, 40] });
for (const t of await facematchLabelled()) await add(t.id, t.image, t.label);

const g = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(2));
if (verbose) {
  for (const r of rows) {
    const m = r.face.appearance!.measures;
    console.log(
      `${r.id.padEnd(14)} lab g=${r.label.gender ?? '?'} gl=${r.label.glasses ?? '?'} b=${r.label.beard ?? '?'} | ` +
        `faceres ${r.face.gender?.value}/${g(r.face.age)} gear ${r.face.gear?.gender.value}/${g(r.face.gear?.age)} ` +
        `${r.face.gear?.race.value}:${g(r.face.gear?.race.score)} ssr ${r.ssr.gender}/${g(r.ssr.age)} | ` +
        `edges ${g(m.glassesEdges)} dark ${g(m.eyeDarkness)} bDark ${g(m.beardDarkness)} bTex ${g(m.beardTexture)} ` +
        `crease ${g(m.eyelidCrease)} open ${g(m.eyeOpening)} asym ${g(m.asymmetry)} prop ${g(m.proportionError)} ` +
        `rough ${g(m.skinRoughness)} -> ${r.face.appearance!.glasses.value} beard=${r.face.appearance!.beard.value} ` +
        `${r.face.appearance!.eyelid.value} beauty=${r.face.appearance!.beauty.value}`,
    );
  }
}

const withGender = rows.filter((r) => r.label.gender !== null);
const acc = (pick: (r: Row) => number | undefined) => {
  const ok = withGender.filter((r) => pick(r) === r.label.gender).length;
  const men = withGender.filter((r) => r.label.gender === 1);
  const women = withGender.filter((r) => r.label.gender === 0);
  return `${ok}/${withGender.length} (men ${men.filter((r) => pick(r) === 1).length}/${men.length}, women ${women.filter((r) => pick(r) === 0).length}/${women.length})`;
};
console.log(`faces measured: ${rows.length}`);
console.log(`gender faceres: ${acc((r) => r.face.gender?.value)}`);
console.log(`gender gear:    ${acc((r) => r.face.gear?.gender.value)}`);
console.log(`gender ssrnet:  ${acc((r) => r.ssr.gender)}`);
console.log(`gender face-api: ${acc((r) => r.fapi.gender)}`);
const aged = rows.filter((r) => r.label.age);
const inBand = (pick: (r: Row) => number) =>
  `${aged.filter((r) => pick(r) >= r.label.age![0] && pick(r) <= r.label.age![1]).length}/${aged.length}`;
console.log(`age in labelled band faceres: ${inBand((r) => r.face.age ?? 0)}`);
console.log(`age in labelled band gear:    ${inBand((r) => r.face.gear?.age ?? 0)}`);
console.log(`age in labelled band ssrnet:  ${inBand((r) => r.ssr.age)}`);
console.log(`age in labelled band face-api: ${inBand((r) => r.fapi.age)}`);
const ast = rows.find((r) => r.id.startsWith('astronaut'))!;
console.log(
  `astronaut age (about 42): faceres ${g(ast.face.age)} gear ${g(ast.face.gear?.age)} ssrnet ${g(ast.ssr.age)} face-api ${g(ast.fapi.age)}`,
);
const man = rows.filter((r) => /^fm0\./.test(r.id));
const spread = (v: number[]) => `${Math.min(...v).toFixed(1)}-${Math.max(...v).toFixed(1)}`;
console.log(
  `row-0 man (${man.length} photos) age range: faceres ${spread(man.map((r) => r.face.age ?? 0))} gear ${spread(man.map((r) => r.face.gear?.age ?? 0))} ssrnet ${spread(man.map((r) => r.ssr.age))} face-api ${spread(man.map((r) => r.fapi.age))}`,
);
const races: Record<string, number> = {};
for (const r of rows) races[r.face.gear!.race.value] = (races[r.face.gear!.race.value] ?? 0) + 1;
console.log(`gear race classes over all faces: ${JSON.stringify(races)}`);

const table = (name: string, key: (r: Row) => string | null, value: (r: Row) => string) => {
  const groups: Record<string, string[]> = {};
  for (const r of rows) {
    const k = key(r);
    if (k !== null) (groups[k] ??= []).push(value(r));
  }
  for (const [k, vs] of Object.entries(groups))
    console.log(
      `${name} label ${k} (${vs.length}): ${JSON.stringify(vs.reduce<Record<string, number>>((a, v) => ((a[v] = (a[v] ?? 0) + 1), a), {}))}`,
    );
};
table(
  'glasses',
  (r) => r.label.glasses,
  (r) => r.face.appearance!.glasses.value,
);
table(
  'beard',
  (r) => (r.label.beard === null ? null : String(r.label.beard)),
  (r) => String(r.face.appearance!.beard.value),
);
table(
  'eyelid',
  () => 'all',
  (r) => r.face.appearance!.eyelid.value,
);
const beauty = rows.map((r) => r.face.appearance!.beauty.value).sort((a, b) => a - b);
console.log(
  `beauty: min ${beauty[0]} median ${beauty[Math.floor(beauty.length / 2)]} max ${beauty.at(-1)}; row-0 man ${spread(man.map((r) => r.face.appearance!.beauty.value))}`,
);

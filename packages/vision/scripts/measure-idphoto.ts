/**
 * The v1/certified (idphoto) figures of docs/quality.md.
 *
 *   node --import tsx packages/vision/scripts/measure-idphoto.ts placement
 *   node --import tsx packages/vision/scripts/measure-idphoto.ts refusals
 *   taskset -c 0 node --import tsx packages/vision/scripts/measure-idphoto.ts speed
 *   taskset -c 0 node --import tsx packages/vision/scripts/measure-idphoto.ts stages
 *
 * placement: the 11 single-person crops of the face-api group photos of
 * test/fixtures/idphoto-references.json, whose crown, chin and eye centres were marked by hand
 * before any model ran on them. Each crop goes through the task's planning (face, crown, checks,
 * placement) for the 1-inch (studio rule) and passport (ICAO 9303) sizes; the hand-marked points
 * are carried into the output through the inverse of the task's sampling transform, and the
 * output's head height (crown to chin), eye line (its mean height) and eye tilt are read from
 * them, against the standard's limits. Refused crops are listed with their reason.
 * refusals: the photos that must be refused (two faces, profiles, a cat).
 * speed: engine time (decode to JPEG) on the astronaut at 1080 x 1080 and 640 x 640 and on a
 * portrait crop at 840 x 1080, 1-inch; stages: CPU time of the task's stages on that portrait.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import {
  composite,
  DETECT_SIDE,
  idphoto,
  measureHead,
  MIN_FACE_SCORE,
  planIdPhoto,
  Refusal,
  type Affine,
} from '../src/algorithms/body/idphoto.ts';
import { personProbability, refineMask, subsampled } from '../src/algorithms/body/segment.ts';
import { findFaceMeshes } from '../src/algorithms/face/mesh-faces.ts';
import { ID_SPECS, type NamedSpec } from '../src/algorithms/body/idphoto-params.ts';
import { astronautPath, cameraPath, chelseaPath, groupSamplePath } from '../test/fixtures.ts';
import { timeTask } from './task-timing.ts';

type Pt = [number, number];
interface Reference {
  file: string;
  crop: [number, number, number, number];
  crown: Pt;
  chin: Pt;
  eye_left: Pt;
  eye_right: Pt;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const REFERENCES = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/idphoto-references.json'), 'utf8')) as {
    photos: Record<string, Reference>;
  }
).photos;

const samplePath = (file: string) =>
  groupSamplePath(Number(/sample(\d)/.exec(file)![1]) as 1 | 2 | 3 | 4 | 5 | 6);

async function crop(file: string, [left, top, width, height]: readonly number[]) {
  return sharp(readFileSync(file))
    .extract({ left: left!, top: top!, width: width!, height: height! })
    .png()
    .toBuffer();
}

/** Source pixel -> output pixel: the inverse of the task's output -> source affine. */
function inverse(A: Affine) {
  const [a, b, c, d, e, f] = A;
  const det = a * e - b * d;
  return ([x, y]: Pt): Pt => {
    const dx = x - c;
    const dy = y - f;
    return [(e * dx - b * dy) / det, (-d * dx + a * dy) / det];
  };
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

async function placement() {
  await initTf();
  const models = await idphoto.loadModels();
  for (const spec of ['1inch', 'passport'] as NamedSpec[]) {
    const size = ID_SPECS[spec];
    const { rule } = size;
    console.log(
      `\n${spec} ${size.width} x ${size.height}: head ${pct(rule.head.min)}-${pct(rule.head.max)}, eye line ${pct(rule.eyeLine.min)}-${pct(rule.eyeLine.max)} from the top`,
    );
    console.log(
      'photo | head (hand) | eye line (hand) | eye tilt | centre | inside | engine head / eye | crown, chin: hand - engine (% of height)',
    );
    let made = 0;
    let inside = 0;
    const refused: string[] = [];
    const headErrors: number[] = [];
    const crownErrors: number[] = [];
    const chinErrors: number[] = [];
    for (const [id, ref] of Object.entries(REFERENCES)) {
      const image = await decodeImage(await crop(samplePath(ref.file), ref.crop), undefined, {});
      let plan;
      try {
        plan = await planIdPhoto(image, size, models);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        refused.push(`${id}: ${err.reason} (${err.message})`);
        continue;
      }
      made++;
      const toOut = inverse(plan.affine);
      const local = (p: Pt): Pt => toOut([p[0] - ref.crop[0], p[1] - ref.crop[1]]);
      const crown = local(ref.crown);
      const chin = local(ref.chin);
      const eyeL = local(ref.eye_left);
      const eyeR = local(ref.eye_right);
      const head = (chin[1] - crown[1]) / size.height;
      const eye = (eyeL[1] + eyeR[1]) / 2 / size.height;
      const tilt = (Math.atan2(eyeR[1] - eyeL[1], eyeR[0] - eyeL[0]) * 180) / Math.PI;
      const centre = (eyeL[0] + eyeR[0]) / 2 / size.width;
      const ok =
        head >= rule.head.min && head <= rule.head.max && eye >= rule.eyeLine.min && eye <= rule.eyeLine.max;
      if (ok) inside++;
      headErrors.push(head - plan.headRatio);
      const crownError = crown[1] / size.height - plan.crownRatio;
      const chinError = chin[1] / size.height - (plan.crownRatio + plan.headRatio);
      crownErrors.push(crownError);
      chinErrors.push(chinError);
      console.log(
        `${id} | ${pct(head)} | ${pct(eye)} | ${tilt.toFixed(1)} deg | ${pct(centre)} | ${ok ? 'yes' : 'NO'} | ${pct(plan.headRatio)} / ${pct(plan.eyeRatio)} | ${pct(crownError)}, ${pct(chinError)}`,
      );
    }
    const meanAbs = headErrors.reduce((s, v) => s + Math.abs(v), 0) / Math.max(1, headErrors.length);
    console.log(
      `${spec}: ${inside} of ${made} made inside the standard by the hand-marked points; ${refused.length} refused; mean |hand - engine| head height ${pct(meanAbs)} of the photo height`,
    );
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    console.log(
      `  mean hand - engine: crown ${pct(mean(crownErrors))} (positive: the hand's crown lower), chin ${pct(mean(chinErrors))}`,
    );
    for (const r of refused) console.log(`  refused ${r}`);
  }
}

async function refusals() {
  await initTf();
  const models = await idphoto.loadModels();
  const photos: Array<[string, Buffer]> = [
    [
      'face-api sample 3, middle and right women (980 x 800 from 940, 60)',
      await crop(groupSamplePath(3), [940, 60, 980, 800]),
    ],
    [
      'face-api sample 6, the two right women (840 x 800 from 1060, 60)',
      await crop(groupSamplePath(6), [1060, 60, 840, 800]),
    ],
    [
      'face-api sample 2, left woman in three-quarter profile (520 x 640 from 200, 0)',
      await crop(groupSamplePath(2), [200, 0, 520, 640]),
    ],
    ['scikit-image camera.png (the cameraman in profile)', readFileSync(cameraPath())],
    ['scikit-image chelsea.png (a cat)', readFileSync(chelseaPath())],
  ];
  for (const [name, bytes] of photos) {
    const image = await decodeImage(bytes, undefined, {});
    const result = await idphoto.run(image, idphoto.parseParams({}), models);
    console.log(`${name}: ${result.refused ? `refused ${result.refused} (${result.message})` : 'MADE'}`);
  }
}

async function speed() {
  const source = readFileSync(astronautPath());
  for (const side of [1080, 640]) {
    const photo = await sharp(source).resize(side, side).jpeg({ quality: 90 }).toBuffer();
    console.log(`astronaut ${side} x ${side}, 1inch: ${await timeTask('idphoto', photo, 20)}`);
  }
  console.log(`face-api s3a 840 x 1080, 1inch: ${await timeTask('idphoto', await portrait(), 20)}`);
}

/** The portrait of `speed`: face-api sample 3's crop s3a (700 x 900) at 840 x 1080. */
async function portrait() {
  const s3a = REFERENCES.s3a!;
  return sharp(await crop(samplePath(s3a.file), s3a.crop))
    .resize(840, 1080)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** CPU time of the task's stages on the portrait, median of 7 runs after 2 warm-up runs. */
async function stages() {
  await initTf();
  const models = await idphoto.loadModels();
  const image = await decodeImage(await portrait(), undefined, {});
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const runs: Array<Record<string, number>> = [];
  for (let i = 0; i < 9; i++) {
    const t: Record<string, number> = {};
    let c = cpu();
    const lap = (k: string) => {
      const now = cpu();
      t[k] = now - c;
      c = now;
    };
    const working = await subsampled(image, DETECT_SIDE);
    await findFaceMeshes(models.faces, working, {
      maxFaces: 3,
      minConfidence: MIN_FACE_SCORE,
      smallFaces: false,
      iris: false,
    });
    lap('working copy, faces and mesh');
    await measureHead(image, models);
    lap('measureHead (faces again, the crown mask)');
    const photo = { data: Buffer.alloc(295 * 413 * 3, 120), width: 295, height: 413 };
    const probability = await personProbability(photo);
    lap('selfie mask of a 295 x 413 output');
    const mask = await refineMask(probability, photo, photo);
    lap('its guided refinement');
    composite(photo, mask, [0, 0, 255]);
    lap('decontamination and compositing');
    await idphoto.run(image, idphoto.parseParams({}), models);
    lap('the whole task (no decode)');
    if (i >= 2) runs.push(t);
  }
  for (const key of Object.keys(runs[0]!)) {
    const v = runs.map((r) => r[key]!).sort((a, b) => a - b);
    console.log(`${key}: CPU median ${v[v.length >> 1]!.toFixed(1)} ms (min ${v[0]!.toFixed(1)})`);
  }
}

const mode = process.argv[2] ?? 'placement';
if (mode === 'placement') await placement();
else if (mode === 'refusals') await refusals();
else if (mode === 'speed') await speed();
else if (mode === 'stages') await stages();
else throw new Error(`unknown mode ${mode}`);

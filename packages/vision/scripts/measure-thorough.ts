/**
 * v2/facedetect's thorough search against the default detection of v1/facedetect
 * (docs/quality.md, "v2/facedetect: the thorough search"):
 *
 *   node --import tsx packages/vision/scripts/measure-thorough.ts [quality|speed]
 *
 * quality: faces found (after the mesh check) by each on photos whose faces were counted by eye
 *   (test/fixtures.ts GROUP_FACES; the cameraman's one face, half turned), shrunk until the faces
 *   are small: the face-api group samples at 640, 400 and 300 px wide, the 4-sample collage at 1000,
 *   700 and 500 px; and on photos with no face (chelsea, coffee). A found face counts as true when
 *   it overlaps a face the default finds on the same photo at full size (all counted faces there),
 *   else as a false box.
 * speed: p50 of the faceanalysis task (detection and mesh only, as v1/v2 facedetect) both ways on
 *   the 640-px astronaut and face-api sample 1 at 640 px.
 */
import sharp from 'sharp';
import { runTaskInProcess, type FaceAnalysisResult } from '../src/index.ts';
import { percentile } from '../src/bench.ts';
import { overlapOfSmaller, type Box } from '../src/algorithms/face/geometry.ts';
import {
  GROUP_FACES,
  astronautPath,
  cameraPath,
  chelseaPath,
  coffeePath,
  groupCollage,
  groupSamplePath,
  read,
} from '../test/fixtures.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';

type Rect = FaceAnalysisResult['faces'][number]['rectangle'];
const detect = async (image: Buffer, thorough: boolean) =>
  runTaskInProcess<FaceAnalysisResult>('faceanalysis', { image, params: { thorough } });

/** The shared area as a share of the smaller rectangle (geometry.ts overlapOfSmaller). */
const box = (r: Rect): Box => ({ x1: r.left, y1: r.top, x2: r.left + r.width, y2: r.top + r.height });
const overlap = (a: Rect, b: Rect) => overlapOfSmaller(box(a), box(b));

/** Found faces that match a reference face (scaled to the shrunk photo), and the others. */
function score(found: Rect[], reference: Rect[], scale: number) {
  const refs = reference.map((r) => ({
    left: r.left * scale,
    top: r.top * scale,
    width: r.width * scale,
    height: r.height * scale,
  }));
  const used = new Set<number>();
  let hits = 0;
  for (const f of found) {
    const i = refs.findIndex((r, k) => !used.has(k) && overlap(f, r) > 0.4);
    if (i >= 0) {
      used.add(i);
      hits++;
    }
  }
  return { hits, false: found.length - hits };
}

async function quality() {
  const rows: string[] = [];
  const total = { present: 0, v1: 0, v2: 0, v1False: 0, v2False: 0 };
  const add = (name: string, present: number, v1: ReturnType<typeof score>, v2: ReturnType<typeof score>) => {
    rows.push(`| ${name} | ${present} | ${v1.hits} | ${v1.false} | ${v2.hits} | ${v2.false} |`);
    total.present += present;
    total.v1 += v1.hits;
    total.v2 += v2.hits;
    total.v1False += v1.false;
    total.v2False += v2.false;
  };
  const photos: Array<{ name: string; bytes: Buffer; present: number }> = [];
  for (const n of [1, 2, 3, 4, 5, 6] as const)
    photos.push({ name: `sample${n}`, bytes: read(groupSamplePath(n)), present: GROUP_FACES[n] });
  photos.push({ name: 'cameraman (profile)', bytes: read(cameraPath()), present: 1 });
  for (const { name, bytes, present } of photos) {
    const full = await sharp(bytes).metadata();
    const reference = (await detect(bytes, false)).faces.map((f) => f.rectangle);
    if (reference.length !== present)
      rows.push(`| ${name}: the full-size reference has ${reference.length} |`);
    for (const width of [640, 400, 300]) {
      const small = await sharp(bytes).resize({ width }).jpeg({ quality: 90 }).toBuffer();
      const scale = width / full.width!;
      const v1 = score(
        (await detect(small, false)).faces.map((f) => f.rectangle),
        reference,
        scale,
      );
      const v2 = score(
        (await detect(small, true)).faces.map((f) => f.rectangle),
        reference,
        scale,
      );
      add(`${name} at ${width} px`, present, v1, v2);
    }
  }
  // The collage: its reference is the default's answer on the collage at 2000 px (faces 84+ px).
  const big = await groupCollage(2000);
  const reference = (await detect(big.image, false)).faces.map((f) => f.rectangle);
  if (reference.length !== big.faces) rows.push(`| collage: the 2000 px reference has ${reference.length} |`);
  for (const width of [1000, 700, 500]) {
    const { image, faces } = await groupCollage(width);
    const v1 = score(
      (await detect(image, false)).faces.map((f) => f.rectangle),
      reference,
      width / 2000,
    );
    const v2 = score(
      (await detect(image, true)).faces.map((f) => f.rectangle),
      reference,
      width / 2000,
    );
    add(`collage of samples 1, 3, 5, 6 at ${width} px`, faces, v1, v2);
  }
  for (const [name, file] of [
    ['chelsea (a cat)', chelseaPath()],
    ['coffee', coffeePath()],
  ] as const) {
    const bytes = read(file);
    add(
      name,
      0,
      score(
        (await detect(bytes, false)).faces.map((f) => f.rectangle),
        [],
        1,
      ),
      score(
        (await detect(bytes, true)).faces.map((f) => f.rectangle),
        [],
        1,
      ),
    );
  }
  console.log('| photo | faces (by eye) | v1 found | v1 false | v2 found | v2 false |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  console.log(
    `| **total** | **${total.present}** | **${total.v1}** | **${total.v1False}** | **${total.v2}** | **${total.v2False}** |`,
  );
}

async function speed() {
  const photos = [
    ['astronaut 640', await sharp(read(astronautPath())).resize({ width: 640 }).jpeg().toBuffer()],
    [
      'sample1 640',
      await sharp(read(groupSamplePath(1)))
        .resize({ width: 640 })
        .jpeg()
        .toBuffer(),
    ],
  ] as const;
  for (const [name, bytes] of photos) {
    for (const thorough of [false, true]) {
      await detect(bytes, thorough);
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await detect(bytes, thorough);
        times.push(performance.now() - t);
      }
      console.log(
        `${name} ${thorough ? 'v2 thorough' : 'v1 default'}: p50 ${percentile(
          [...times].sort((a, b) => a - b),
          50,
        ).toFixed(1)} ms`,
      );
    }
  }
}

if (what === 'all' || what === 'quality') await quality();
if (what === 'all' || what === 'speed') await speed();
process.exit(0);

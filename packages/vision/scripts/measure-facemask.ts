/**
 * Quality and speed of facemask (docs/quality.md, "Face mask"):
 *
 *   node --import tsx packages/vision/scripts/measure-facemask.ts [quality|real|speed] [--faces]
 *
 * quality: real unmasked faces (the labelled facematch thumbnails of test/labelled.ts, the
 *   astronaut, three opencv-doc portraits) are the negatives; the same faces with a synthetic mask
 *   drawn by synthetic-mask.ts (white, light blue, black, patterned) are the positives. Photos with
 *   an even index form the tuning half (where MASK_RULE was chosen: a sweep of the threshold is
 *   printed for it), odd ones the report half. Prints per half and per style: faces found, faces
 *   called masked, and the measures' medians; --faces prints every face.
 * real: real photos only (test/fixtures/facemask-real-labels.json, labelled by eye): the masked
 *   faces, each face found and its score; the independent face set's 146 bare faces (one person a
 *   photo), how many are found and how many called masked (all are report photos).
 * speed: wall and CPU time of the task (decode included) on the 640 px speed photos, 30 runs after
 *   3 (prefix `taskset -c 0` to pin one core).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage, DEFAULT_IMAGE_LIMITS, type DecodedImage } from '../src/image/decode.ts';
import { facemask, maskFaces, MASK_RULE, type MaskMeasures } from '../src/algorithms/face/facemask.ts';
import { findFaceMeshes } from '../src/algorithms/face/mesh-faces.ts';
import { astronautPath, photoPath } from '../test/fixtures.ts';
import { beardedMan, facematchLabelled, manInGlasses, smilingMan } from '../test/labelled.ts';
import { drawSyntheticMask, MASK_STYLES, type MaskStyle } from './synthetic-mask.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';
const verbose = process.argv.includes('--faces');

/** The photos of the evaluation, in a fixed order (index parity decides the half). */
async function photos(): Promise<Array<{ id: string; image: Buffer }>> {
  const list = (await facematchLabelled()).map(({ id, image }) => ({ id, image }));
  list.push({ id: 'astronaut', image: readFileSync(astronautPath()) });
  list.push({ id: 'face_swapped', image: await beardedMan() });
  list.push({ id: 'example-left', image: await manInGlasses() });
  list.push({ id: '227943776_1', image: await smilingMan() });
  return list;
}

type Outcome = { found: boolean; measures?: MaskMeasures };

/** The face of the photo whose box centre is nearest the placement face's (the same person). */
function nearest(faces: Awaited<ReturnType<typeof maskFaces>>, cx: number, cy: number): Outcome {
  let best: Outcome = { found: false };
  let bestD = Infinity;
  for (const f of faces) {
    const b = f.face.bounds;
    const d = Math.hypot((b.x1 + b.x2) / 2 - cx, (b.y1 + b.y2) / 2 - cy);
    const size = Math.max(b.x2 - b.x1, b.y2 - b.y1);
    if (d < bestD && d < 0.5 * size) [best, bestD] = [{ found: true, measures: f.measures }, d];
  }
  return best;
}

async function measureQuality(): Promise<void> {
  await initTf();
  const models = await facemask.loadModels();
  const params = facemask.parseParams({});
  type Row = { id: string; half: 'tune' | 'report'; kind: 'none' | MaskStyle; outcome: Outcome };
  const rows: Row[] = [];
  let unplaced = 0;
  const all = await photos();
  for (let k = 0; k < all.length; k++) {
    const { id, image } = all[k]!;
    const half = k % 2 === 0 ? 'tune' : 'report';
    const decoded: DecodedImage = await decodeImage(image, DEFAULT_IMAGE_LIMITS, facemask.decode);
    // Placement: the largest face mesh of the unmasked photo.
    const placed = await findFaceMeshes(models, decoded, {
      maxFaces: 1,
      minConfidence: 0.4,
      smallFaces: true,
      iris: false,
    });
    const face = placed[0];
    if (!face) {
      unplaced++;
      continue;
    }
    const cx = (face.bounds.x1 + face.bounds.x2) / 2;
    const cy = (face.bounds.y1 + face.bounds.y2) / 2;
    rows.push({ id, half, kind: 'none', outcome: nearest(await maskFaces(decoded, params, models), cx, cy) });
    for (const [s, style] of MASK_STYLES.entries()) {
      const data = drawSyntheticMask(decoded, face.landmarks.modelMesh, style, k * 8 + s);
      const masked: DecodedImage = { ...decoded, data };
      rows.push({ id, half, kind: style, outcome: nearest(await maskFaces(masked, params, models), cx, cy) });
    }
  }
  console.log(`photos: ${all.length}, no face to place a mask on: ${unplaced}`);
  const med = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[v.length >> 1]! : NaN);
  for (const half of ['tune', 'report'] as const) {
    console.log(`\n${half} half (threshold ${MASK_RULE.threshold})`);
    console.log('| faces | found | called masked | median mismatch | median lip edges | median score |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const kind of ['none', ...MASK_STYLES] as const) {
      const rs = rows.filter((r) => r.half === half && r.kind === kind);
      const found = rs.filter((r) => r.outcome.found).map((r) => r.outcome.measures!);
      const masked = found.filter((m) => m.score >= MASK_RULE.threshold).length;
      console.log(
        `| ${kind === 'none' ? 'no mask (real)' : `${kind} mask (synthetic)`} | ${found.length} of ${rs.length} | ${masked} | ${med(found.map((m) => m.mismatch)).toFixed(3)} | ${med(found.map((m) => m.lipEdges)).toFixed(2)} | ${med(found.map((m) => m.score)).toFixed(3)} |`,
      );
    }
    if (half === 'tune') {
      const neg = rows.filter((r) => r.half === half && r.kind === 'none' && r.outcome.found);
      const pos = rows.filter((r) => r.half === half && r.kind !== 'none' && r.outcome.found);
      const sweep: string[] = [];
      for (let t = 0.3; t <= 0.71; t += 0.05) {
        const fp = neg.filter((r) => r.outcome.measures!.score >= t).length;
        const tp = pos.filter((r) => r.outcome.measures!.score >= t).length;
        sweep.push(`${t.toFixed(2)}: ${tp}/${pos.length} masks, ${fp}/${neg.length} false`);
      }
      console.log(`sweep: ${sweep.join('; ')}`);
    }
  }
  if (verbose) {
    for (const r of rows) {
      const m = r.outcome.measures;
      console.log(
        `${r.half}\t${r.id}\t${r.kind}\t${m ? `${m.mismatch.toFixed(3)}\t${m.lipEdges.toFixed(2)}\t${m.score.toFixed(3)}` : 'not found'}`,
      );
    }
  }
}

/** Real masked and bare faces (facemask-real-labels.json): every face's score, and the bare faces' false masks. */
async function measureReal(): Promise<void> {
  await initTf();
  const models = await facemask.loadModels();
  const params = facemask.parseParams({});
  const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures');
  const labels = JSON.parse(readFileSync(path.join(fixtures, 'facemask-real-labels.json'), 'utf8')) as {
    masked: Record<string, string>;
    bare: string;
  };
  const facesOf = async (file: string) =>
    maskFaces(
      await decodeImage(readFileSync(await photoPath(file)), DEFAULT_IMAGE_LIMITS, facemask.decode),
      params,
      models,
    );
  console.log(`real masked faces (threshold ${MASK_RULE.threshold}):`);
  for (const [file, what] of Object.entries(labels.masked)) {
    const faces = await facesOf(file);
    console.log(
      `  ${file} (${what}): ${faces.length} face(s) found${faces.map((f) => `, score ${f.measures.score.toFixed(3)}${f.measures.score >= MASK_RULE.threshold ? ' masked' : ' not masked'}`).join('')}`,
    );
  }
  const bare = Object.values(
    (
      JSON.parse(readFileSync(path.join(fixtures, labels.bare), 'utf8')) as {
        photos: Record<string, { file: string }>;
      }
    ).photos,
  ).map((p) => p.file);
  let found = 0;
  const falseMasks: string[] = [];
  const scores: number[] = [];
  for (const file of bare) {
    const faces = await facesOf(file);
    if (faces.length === 0) continue;
    found++;
    const top = Math.max(...faces.map((f) => f.measures.score));
    scores.push(top);
    if (top >= MASK_RULE.threshold) falseMasks.push(`${file} ${top.toFixed(3)}`);
  }
  scores.sort((a, b) => a - b);
  console.log(
    `bare faces (${labels.bare}): ${bare.length} photos, a face found on ${found}; called masked: ${falseMasks.length}` +
      ` (${((100 * falseMasks.length) / Math.max(1, found)).toFixed(1)} %); highest scores ${scores
        .slice(-5)
        .map((v) => v.toFixed(3))
        .join(', ')}`,
  );
  for (const f of falseMasks) console.log(`  false mask: ${f}`);
}

async function measureSpeed(): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  console.log(`astronaut 640 x 640: ${await timeTask('facemask', astronaut, 30)}`);
  console.log(`face-api sample 1 at 640 x 427: ${await timeTask('facemask', group, 30)}`);
}

if (what === 'all' || what === 'quality') await measureQuality();
if (what === 'real') await measureReal();
if (what === 'all' || what === 'speed') await measureSpeed();

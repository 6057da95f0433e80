/**
 * Quality and speed of facemask (docs/quality.md, "Face mask"):
 *
 *   node --import tsx packages/vision/scripts/measure-facemask.ts [quality|speed] [--faces]
 *
 * quality: real unmasked faces (the labelled facematch thumbnails of test/labelled.ts, the
 *   astronaut, three opencv-doc portraits) are the negatives; the same faces with a synthetic mask
 *   drawn by synthetic-mask.ts (white, light blue, black, patterned) are the positives. Photos with
 *   an even index form the tuning half (where MASK_RULE was chosen: a sweep of the threshold is
 *   printed for it), odd ones the report half. Prints per half and per style: faces found, faces
 *   called masked, and the measures' medians; --faces prints every face.
 * speed: wall and CPU time of the task (decode included) on the 640 px speed photos, 30 runs after
 *   3 (prefix `taskset -c 0` to pin one core).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage, DEFAULT_IMAGE_LIMITS, type DecodedImage } from '../src/image/decode.ts';
import { facemask, maskFaces, MASK_RULE, type MaskMeasures } from '../src/algorithms/face/facemask.ts';
import { findFaceMeshes } from '../src/algorithms/face/mesh-faces.ts';
import { astronautPath } from '../test/fixtures.ts';
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

async function measureSpeed(): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  console.log(`astronaut 640 x 640: ${await timeTask('facemask', astronaut, 30)}`);
  console.log(`face-api sample 1 at 640 x 427: ${await timeTask('facemask', group, 30)}`);
}

if (what === 'all' || what === 'quality') await measureQuality();
if (what === 'all' || what === 'speed') await measureSpeed();

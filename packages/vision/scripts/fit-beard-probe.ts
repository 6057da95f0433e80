/**
 * Fits the face analysis's beard probe (docs/quality.md, "Glasses, beard, eyelid") and writes its
 * weights, src/algorithms/face/beard-probe-weights.ts; `report` prints the shipped probe's answers on
 * the report half instead (never read while fitting):
 *
 *   node --import tsx packages/vision/scripts/fit-beard-probe.ts [--dry-run]
 *   node --import tsx packages/vision/scripts/fit-beard-probe.ts report [--faces]
 *
 * Data: the FairFace crops of test/fixtures/beard-labels.json (beard or moustache against none), each
 * crop alone and in 2 x 2 mosaics (smaller faces), the face nearest each crop's centre and its
 * HSE-FaceRes descriptor (1024-d, L2-normalised: the face analysis computes it for age and gender
 * anyway). Method: scripts/probe-fit.ts (logistic regression, penalty by 10-fold cross-validation
 * on the tune half, folds by crop; the threshold above all but 5 % of the held-out scores of men
 * without a beard, by FairFace's own gender of the crop).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import { BEARD_PROBE } from '../src/algorithms/face/beard-probe-weights.ts';
import { auc, choose, probeFields, writeGenerated } from './probe-fit.ts';
import { fairfaceMosaic, nearestToCell } from './fairface-crops.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, '../src/algorithms/face/beard-probe-weights.ts');
const PENALTIES = [10, 30, 100];
const FALSE_SHARE = 0.05;
const SCALES = [1, 2];
const MOSAIC = 512;
const half = process.argv[2] === 'report' ? 'report' : 'tune';
const verbose = process.argv.includes('--faces');

const labels = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/beard-labels.json'), 'utf8')) as {
    photos: Record<
      string,
      { beard: 'yes' | 'no' | null; set: 'tune' | 'report'; record: { gender: 'male' | 'female' } }
    >;
  }
).photos;
const crops = Object.entries(labels)
  .filter(([, l]) => l.set === half && l.beard !== null)
  .map(([id, l], k) => ({
    id,
    beard: l.beard === 'yes' ? 1 : 0,
    man: l.record.gender === 'male',
    fold: k % 10,
  }));

await initTf();
const models = await faceanalysis.loadModels();
const params = faceanalysis.parseParams({ faceres: true, descriptor: true, appearance: true });
interface Sample {
  id: string;
  beard: number;
  /** FairFace's own gender of the crop is male. */
  man: boolean;
  fold: number;
  scale: number;
  descriptor: number[];
  /** The served answer (the probe's) and the darkness rule's (appearance.ts, before the probe). */
  answer: number;
  rule: number;
}
const samples: Sample[] = [];
for (const scale of SCALES) {
  let missing = 0;
  for (let start = 0; start < crops.length; start += scale * scale) {
    const group = crops.slice(start, start + scale * scale);
    const image = await fairfaceMosaic(
      group.map((c) => c.id),
      scale,
      MOSAIC,
    );
    const decoded = await decodeImage(image, undefined, faceanalysis.decode);
    const result = await faceanalysis.run(decoded, params, models);
    for (const [k, c] of group.entries()) {
      const face = nearestToCell(
        result.faces,
        (f) => [f.rectangle.left + f.rectangle.width / 2, f.rectangle.top + f.rectangle.height / 2],
        k,
        scale,
        result.imageWidth / scale,
      );
      if (!face?.descriptor || !face.appearance || !face.beard) missing++;
      else
        samples.push({
          ...c,
          scale,
          descriptor: face.descriptor,
          answer: face.beard.value,
          rule: face.appearance.beard.value,
        });
    }
  }
  console.log(
    `${half} half, scale 1/${scale}: ${samples.filter((s) => s.scale === scale && s.beard === 1).length} beards, ${samples.filter((s) => s.scale === scale && s.beard === 0).length} faces without (${missing} crops without their face found)`,
  );
}

if (half === 'report') {
  console.log(`shipped answers (a beard at ${BEARD_PROBE.threshold}):`);
  for (const scale of SCALES) {
    const at = samples.filter((s) => s.scale === scale);
    const yes = at.filter((s) => s.beard === 1);
    const no = at.filter((s) => s.beard === 0);
    const men = no.filter((s) => s.man);
    console.log(
      `  1/${scale}: beard said on ${yes.filter((s) => s.answer === 1).length} of ${yes.length} beards, ${no.filter((s) => s.answer === 1).length} of ${no.length} faces without, men ${men.filter((s) => s.answer === 1).length} of ${men.length} (the darkness rule: ${yes.filter((s) => s.rule === 1).length}, ${no.filter((s) => s.rule === 1).length}, men ${men.filter((s) => s.rule === 1).length})`,
    );
    if (verbose)
      for (const s of at)
        console.log(
          `    ${s.id} 1/${scale} beard ${s.beard ? 'yes' : 'no'}: answered ${s.answer}, rule ${s.rule}`,
        );
  }
} else {
  const X = samples.map((s) => Float64Array.from(s.descriptor));
  const y = samples.map((s) => s.beard);
  // The false share is counted among men without a beard (FairFace's gender): women and children
  // are easy negatives, and a cut set on all faces said beard on many clean-shaven men.
  const { best, threshold, probe } = choose(
    X,
    y,
    (i) => samples[i]!.fold,
    PENALTIES,
    FALSE_SHARE,
    (i) => samples[i]!.man,
  );
  console.log(`chosen penalty ${best.penalty}; threshold ${threshold}; held out, per scale:`);
  for (const scale of SCALES) {
    const at = (label: number) => best.scores.filter((_, i) => y[i] === label && samples[i]!.scale === scale);
    const [yes, no] = [at(1), at(0)];
    const men = best.scores.filter((_, i) => y[i] === 0 && samples[i]!.man && samples[i]!.scale === scale);
    console.log(
      `  1/${scale}: ${yes.filter((s) => s >= threshold).length} of ${yes.length} beards, ${no.filter((s) => s >= threshold).length} of ${no.length} faces without (men ${men.filter((s) => s >= threshold).length} of ${men.length}) over it (AUC ${auc(yes, no).toFixed(3)})`,
    );
  }
  const source = `/**
 * The beard probe of appearance.ts, generated by scripts/fit-beard-probe.ts (do not edit): logistic
 * regression on the HSE-FaceRes descriptor, fitted on the tune half of test/fixtures/beard-labels.json
 * (${y.filter((v) => v === 1).length} beards or moustaches and ${y.filter((v) => v === 0).length} faces without, alone and in 2 x 2 mosaics); penalty
 * ${best.penalty} chosen by 10-fold cross-validation (held-out AUC ${best.auc.toFixed(3)}); a beard at ${threshold}, above all
 * but ${FALSE_SHARE * 100} % of the held-out men without one (FairFace's gender).
 */
export const BEARD_PROBE = {
  penalty: ${best.penalty},
  threshold: ${threshold},
${probeFields(probe)}
} as const;
`;
  if (!process.argv.includes('--dry-run')) {
    await writeGenerated(OUT, source);
  }
}

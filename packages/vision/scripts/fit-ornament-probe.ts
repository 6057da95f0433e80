/**
 * Fits a linear probe on CenterNet's features (the hat's also on HSE-FaceRes's descriptor; docs/quality.md, "Accessories" and "Hair
 * attributes") and writes the hat's weights, src/algorithms/body/hat-probe-weights.ts (the others
 * are printed only, not shipped):
 *
 *   node --import tsx packages/vision/scripts/fit-ornament-probe.ts hat|necklace|long|notshort [--dry-run]
 *
 * Data: the tune half of the FairFace crops' labels by eye (test/fixtures/hat-labels.json: hat
 * against bare head, headscarves, turbans, hoods and other headwear left out; necklace-labels.json:
 * necklace against bare neck; hair-length-labels.json: long against short and medium, and medium
 * or long against short), each crop's face and the features of its region (ornaments.ts
 * regionFeatures: CenterNet's stride-16 map averaged over the crown, the neck, or both sides beside
 * the shoulders or the jaw), at four face sizes (fairface-crops.ts: the crop alone and in 2 x 2,
 * 3 x 3 and 4 x 4 mosaics, so that the probe also sees faces as small as in group photos). Faces
 * whose region leaves the photo are left out (but for the hat, fitted on every face). The report
 * half is never read here.
 *
 * Method: scripts/probe-fit.ts (logistic regression, penalty by 10-fold cross-validation on the
 * tune half, folds by crop and the same at every size; the threshold above all but 2 % of the
 * negatives' held-out scores).
 * The held-out scores' figures are printed; --dry-run prints them without writing the file.
 * `hat --part crown` or `hat --part faceres` fits the hat probe on one of its two inputs alone and
 * only prints (the comparison in docs/quality.md, "Hats").
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initTf } from '../src/runtime/tfjs.ts';
import {
  hatFeatures,
  ornaments,
  regionFeatures,
  regionInside,
  type FrameRegion,
} from '../src/algorithms/body/ornaments.ts';
import { fairfaceFaces, type FairfaceFace, type FairfaceQuestion } from './fairface-crops.ts';
import { auc, choose, probeFields, writeGenerated } from './probe-fit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PENALTIES = [3, 10, 30, 100, 300, 1000];
/** Face sizes fitted on: each crop alone, and crops laid 2 x 2, 3 x 3 and 4 x 4 (fairface-crops.ts). */
const SCALES = [1, 2, 3, 4];
/** Largest share of negatives (bare heads, bare necks) over the threshold (held-out scores). */
const FALSE_SHARE = 0.02;

/** Beside the jaw and beside the neck to the shoulders, both sides (hair length). */
const JAW_SIDES: FrameRegion[] = [
  { across: [-1.0, -0.55], up: [-0.5, -1.1] },
  { across: [0.55, 1.0], up: [-0.5, -1.1] },
];
const LONG_SIDES: FrameRegion[] = [
  { across: [-1.1, -0.5], up: [-1.2, -1.8] },
  { across: [0.5, 1.1], up: [-1.2, -1.8] },
];
/** The mean of a face's features over both sides' regions. */
function sides(f: FairfaceFace, regions: FrameRegion[]): Float32Array {
  const parts = regions.map((r) => regionFeatures(f.features, f.face.frame, f.width, f.height, r));
  return parts[0]!.map((v, i) => (v + parts[1]![i]!) / 2);
}

/** The neck below the chin (mesh 152 is one face height below the forehead line). */
const NECK: FrameRegion = { across: [-0.45, 0.45], up: [-1.1, -1.55] };

/**
 * What each probe reads, its labels and where it is written. Only the hat probe is shipped; the
 * necklace probe (held-out AUC 0.64 on the tune half, docs/quality.md "Accessories") and the two
 * hair-length probes (long against the rest, medium or long against short: 0.67 and 0.73, "Hair
 * attributes") are printed only.
 */
const PROBES = {
  hat: {
    features: (f: FairfaceFace) => hatFeatures(f.face.crown, f.face.faceres),
    reads: "CenterNet's crown features and HSE-FaceRes's descriptor",
    // Fitted on every face found, a crown that leaves the photo sampled at its edge (the shipped
    // weights are these; ornaments answers no hat for such a crown).
    measurable: (_f: FairfaceFace) => true,
    kinds: ['hat', 'none'],
    positive: ['hat'],
    names: ['hats', 'bare heads'],
    region: 'crown',
    file: 'hat-probe-weights.ts',
    constant: 'HAT_PROBE',
    labels: 'hat-labels.json',
  },
  necklace: {
    features: (f: FairfaceFace) => regionFeatures(f.features, f.face.frame, f.width, f.height, NECK),
    measurable: (f: FairfaceFace) => regionInside(f.face.frame, f.width, f.height, NECK),
    kinds: ['yes', 'no'],
    positive: ['yes'],
    names: ['necklaces', 'bare necks'],
    region: 'neck',
    reads: "CenterNet's neck features",
    // Not shipped: printed only.
    file: null,
    constant: 'NECKLACE_PROBE',
    labels: 'necklace-labels.json',
  },
  long: {
    features: (f: FairfaceFace) => sides(f, LONG_SIDES),
    measurable: (f: FairfaceFace) =>
      LONG_SIDES.every((r) => regionInside(f.face.frame, f.width, f.height, r)),
    kinds: ['short', 'medium', 'long'],
    positive: ['long'],
    names: ['long heads', 'short and medium heads'],
    region: 'shoulder',
    reads: "CenterNet's shoulder features",
    file: null,
    constant: 'LONG_HAIR_PROBE',
    labels: 'hair-length-labels.json',
  },
  notshort: {
    features: (f: FairfaceFace) => sides(f, JAW_SIDES),
    measurable: (f: FairfaceFace) => JAW_SIDES.every((r) => regionInside(f.face.frame, f.width, f.height, r)),
    kinds: ['short', 'medium', 'long'],
    positive: ['medium', 'long'],
    names: ['medium and long heads', 'short heads'],
    region: 'jaw side',
    reads: "CenterNet's jaw side features",
    file: null,
    constant: 'NOT_SHORT_HAIR_PROBE',
    labels: 'hair-length-labels.json',
  },
} as const;
const question = (
  ['necklace', 'long', 'notshort'].includes(process.argv[2] ?? '') ? process.argv[2] : 'hat'
) as keyof typeof PROBES;
const P = PROBES[question];
const isPositive = (label: string) => (P.positive as readonly string[]).includes(label);
const OUT = P.file && path.join(here, '../src/algorithms/body', P.file);

await initTf();
const models = await ornaments.loadModels();
const faces: FairfaceFace[] = [];
for (const scale of SCALES) {
  const { faces: found, missing } = await fairfaceFaces(
    models,
    P.labels === 'hair-length-labels.json' ? 'length' : (question as FairfaceQuestion),
    'tune',
    P.kinds,
    scale,
  );
  const kept = found.filter((f) => P.measurable(f));
  faces.push(...kept);
  console.log(
    `scale 1/${scale}: ${kept.filter((f) => isPositive(f.label)).length} ${P.names[0]}, ${kept.filter((f) => !isPositive(f.label)).length} ${P.names[1]} (${missing} crops without their face found, ${found.length - kept.length} whose ${P.region} leaves the photo)`,
  );
}
/** The hat probe's inputs one at a time (--part), for the comparison; printed only. */
const PARTS = {
  crown: (f: FairfaceFace) => f.face.crown,
  faceres: (f: FairfaceFace) => hatFeatures(new Float32Array(0), f.face.faceres),
};
const partArg = process.argv[process.argv.indexOf('--part') + 1] ?? '';
const part = process.argv.includes('--part') && partArg in PARTS ? (partArg as keyof typeof PARTS) : null;
const featuresOf = question === 'hat' && part ? PARTS[part] : P.features;
if (part) console.log(`the hat probe on ${part} alone (printed only)`);
const X = faces.map((f) => Float64Array.from(featuresOf(f)));
const y = faces.map((f) => (isPositive(f.label) ? 1 : 0));

const { best, threshold, probe } = choose(X, y, (i) => faces[i]!.fold, PENALTIES, FALSE_SHARE);
console.log(`chosen penalty ${best.penalty}; threshold ${threshold}; held out, per scale:`);
for (const scale of SCALES) {
  const at = (label: number) => best.scores.filter((_, i) => y[i] === label && faces[i]!.scale === scale);
  const [yes, no] = [at(1), at(0)];
  console.log(
    `  1/${scale}: ${yes.filter((s) => s >= threshold).length} of ${yes.length} ${P.names[0]}, ${no.filter((s) => s >= threshold).length} of ${no.length} ${P.names[1]} over it (AUC ${auc(yes, no).toFixed(3)})`,
  );
}

const source = `/**
 * The ${question} probe of ornaments.ts, generated by scripts/fit-ornament-probe.ts ${question} (do not
 * edit): logistic regression on ${P.reads}, fitted on the tune half of
 * test/fixtures/${P.labels} (${y.filter((v) => v === 1).length} ${P.names[0]} and ${y.filter((v) => v === 0).length} ${P.names[1]}, at four face sizes);
 * penalty ${best.penalty} chosen by 10-fold cross-validation (held-out AUC ${best.auc.toFixed(3)}); a ${question} at
 * ${threshold}, above all but ${FALSE_SHARE * 100} % of the held-out ${P.names[1]}.
 */
export const ${P.constant} = {
  penalty: ${best.penalty},
  threshold: ${threshold},
${probeFields(probe)}
} as const;
`;
if (OUT && !part && !process.argv.includes('--dry-run')) {
  await writeGenerated(OUT, source);
}

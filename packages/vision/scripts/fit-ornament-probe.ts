/**
 * Fits a linear probe on CenterNet's features (docs/quality.md, "Accessories" and "Hair
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
 * Method: logistic regression on the standardised features, the two classes weighted to equal
 * total weight, an L2 penalty on the weights (not the bias), fitted by Newton's method (iteratively
 * reweighted least squares; Hastie, Tibshirani and Friedman, "The Elements of Statistical
 * Learning", 2nd ed., section 4.4). The penalty is chosen by 10-fold cross-validation on the tune
 * half (folds by crop, the same at every size), the largest area under the ROC curve of the
 * held-out scores; the threshold is the lowest held-out score above all but 2 % of the negatives'
 * held-out scores.
 * The held-out scores' figures are printed; --dry-run prints them without writing the file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { initTf } from '../src/runtime/tfjs.ts';
import {
  ornaments,
  regionFeatures,
  regionInside,
  type FrameRegion,
} from '../src/algorithms/body/ornaments.ts';
import { fairfaceFaces, type FairfaceFace, type FairfaceQuestion } from './fairface-crops.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PENALTIES = [3, 10, 30, 100, 300, 1000];
const FOLDS = 10;
/** Face sizes fitted on: each crop alone, and crops laid 2 x 2, 3 x 3 and 4 x 4 (fairface-crops.ts). */
const SCALES = [1, 2, 3, 4];
/** Largest share of negatives (bare heads, bare necks) over the threshold (held-out scores). */
const FALSE_SHARE = 0.02;

/** Solves A x = b for a symmetric positive definite A (n x n, row-major) by Cholesky. */
function solveSpd(A: Float64Array, b: Float64Array, n: number): Float64Array {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j]!;
      for (let k = 0; k < j; k++) s -= L[i * n + k]! * L[j * n + k]!;
      L[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / L[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * n + k]! * y[k]!;
    y[i] = s / L[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k * n + i]! * x[k]!;
    x[i] = s / L[i * n + i]!;
  }
  return x;
}

interface Probe {
  mean: Float64Array;
  scale: Float64Array;
  weights: Float64Array;
  bias: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function fit(X: Float64Array[], y: number[], penalty: number): Probe {
  const d = X[0]!.length;
  const n = X.length;
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const x of X) for (let j = 0; j < d; j++) mean[j]! += x[j]! / n;
  for (const x of X) for (let j = 0; j < d; j++) scale[j]! += (x[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]!) + 1e-3;
  const Z = X.map((x) => {
    const z = new Float64Array(d + 1);
    for (let j = 0; j < d; j++) z[j] = (x[j]! - mean[j]!) / scale[j]!;
    z[d] = 1;
    return z;
  });
  const positives = y.filter((v) => v === 1).length;
  const weightOf = (v: number) => (v === 1 ? n / (2 * positives) : n / (2 * (n - positives)));
  const m = d + 1;
  const w = new Float64Array(m);
  for (let iter = 0; iter < 25; iter++) {
    const g = new Float64Array(m);
    const H = new Float64Array(m * m);
    for (let i = 0; i < n; i++) {
      const z = Z[i]!;
      let s = 0;
      for (let j = 0; j < m; j++) s += z[j]! * w[j]!;
      const p = sigmoid(s);
      const c = weightOf(y[i]!);
      const r = c * (p - y[i]!);
      const h = c * p * (1 - p);
      for (let j = 0; j < m; j++) {
        g[j]! += r * z[j]!;
        const hz = h * z[j]!;
        for (let k = 0; k <= j; k++) H[j * m + k]! += hz * z[k]!;
      }
    }
    for (let j = 0; j < m; j++) {
      for (let k = 0; k < j; k++) H[k * m + j] = H[j * m + k]!;
      if (j < d) {
        g[j]! += penalty * w[j]!;
        H[j * m + j]! += penalty;
      }
      H[j * m + j]! += 1e-6;
    }
    const step = solveSpd(H, g, m);
    let size = 0;
    for (let j = 0; j < m; j++) {
      w[j]! -= step[j]!;
      size = Math.max(size, Math.abs(step[j]!));
    }
    if (size < 1e-6) break;
  }
  return { mean, scale, weights: w.slice(0, d), bias: w[d]! };
}

const scoreOf = (p: Probe, x: ArrayLike<number>) => {
  let s = p.bias;
  for (let j = 0; j < p.weights.length; j++) s += (p.weights[j]! * (x[j]! - p.mean[j]!)) / p.scale[j]!;
  return sigmoid(s);
};

function auc(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const q of neg) s += p > q ? 1 : p === q ? 0.5 : 0;
  return s / (pos.length * neg.length);
}

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
    features: (f: FairfaceFace) => f.face.crown,
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
const X = faces.map((f) => Float64Array.from(P.features(f)));
const y = faces.map((f) => (isPositive(f.label) ? 1 : 0));

/** Held-out scores of 10-fold cross-validation (fold = index mod 10). */
function heldOut(penalty: number): number[] {
  const out = new Array<number>(X.length);
  for (let k = 0; k < FOLDS; k++) {
    const train = X.map((_, i) => i).filter((i) => faces[i]!.fold !== k);
    const p = fit(
      train.map((i) => X[i]!),
      train.map((i) => y[i]!),
      penalty,
    );
    for (let i = 0; i < X.length; i++) if (faces[i]!.fold === k) out[i] = scoreOf(p, X[i]!);
  }
  return out;
}

let best = { penalty: PENALTIES[0]!, auc: -1, scores: [] as number[] };
for (const penalty of PENALTIES) {
  const scores = heldOut(penalty);
  const a = auc(
    scores.filter((_, i) => y[i] === 1),
    scores.filter((_, i) => y[i] === 0),
  );
  console.log(`penalty ${penalty}: held-out AUC ${a.toFixed(3)}`);
  if (a > best.auc) best = { penalty, auc: a, scores };
}
const negatives = best.scores.filter((_, i) => y[i] === 0).sort((a, b) => b - a);
const allowed = Math.floor(FALSE_SHARE * negatives.length);
// The lowest threshold with at most `allowed` negatives at or above it: just above the next one.
const threshold = Math.round((negatives[allowed]! + 1e-4) * 1e4) / 1e4;
console.log(`chosen penalty ${best.penalty}; threshold ${threshold}; held out, per scale:`);
for (const scale of SCALES) {
  const at = (label: number) => best.scores.filter((_, i) => y[i] === label && faces[i]!.scale === scale);
  const [yes, no] = [at(1), at(0)];
  console.log(
    `  1/${scale}: ${yes.filter((s) => s >= threshold).length} of ${yes.length} ${P.names[0]}, ${no.filter((s) => s >= threshold).length} of ${no.length} ${P.names[1]} over it (AUC ${auc(yes, no).toFixed(3)})`,
  );
}

const probe = fit(X, y, best.penalty);
const list = (a: Float64Array) => `[${[...a].map((v) => Number(v.toPrecision(6))).join(', ')}]`;
const source = `/**
 * The ${question} probe of ornaments.ts, generated by scripts/fit-ornament-probe.ts ${question} (do not
 * edit): logistic regression on CenterNet's ${P.region} features, fitted on the tune half of
 * test/fixtures/${P.labels} (${y.filter((v) => v === 1).length} ${P.names[0]} and ${y.filter((v) => v === 0).length} ${P.names[1]}, at four face sizes);
 * penalty ${best.penalty} chosen by 10-fold cross-validation (held-out AUC ${best.auc.toFixed(3)}); a ${question} at
 * ${threshold}, above all but ${FALSE_SHARE * 100} % of the held-out ${P.names[1]}.
 */
export const ${P.constant} = {
  penalty: ${best.penalty},
  threshold: ${threshold},
  bias: ${Number(probe.bias.toPrecision(6))},
  mean: ${list(probe.mean)},
  scale: ${list(probe.scale)},
  weights: ${list(probe.weights)},
} as const;
`;
if (OUT && !process.argv.includes('--dry-run')) {
  const options = (await prettier.resolveConfig(OUT)) ?? {};
  writeFileSync(OUT, await prettier.format(source, { ...options, filepath: OUT }));
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

/**
 * Linear probes on a trained network's features (scripts/fit-ornament-probe.ts, fit-beard-probe.ts;
 * docs/quality.md): logistic regression on the standardised features, the two classes weighted to
 * equal total weight, an L2 penalty on the weights (not the bias), fitted by Newton's method
 * (iteratively reweighted least squares; Hastie, Tibshirani and Friedman, "The Elements of
 * Statistical Learning", 2nd ed., section 4.4). The penalty is chosen by 10-fold cross-validation
 * (the largest area under the ROC curve of the held-out scores); the threshold is the lowest
 * held-out score above all but a given share of the negatives' held-out scores.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

const FOLDS = 10;

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

export interface Probe {
  mean: Float64Array;
  scale: Float64Array;
  weights: Float64Array;
  bias: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fit(X: Float64Array[], y: number[], penalty: number): Probe {
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

export const scoreOf = (p: Probe, x: ArrayLike<number>) => {
  let s = p.bias;
  for (let j = 0; j < p.weights.length; j++) s += (p.weights[j]! * (x[j]! - p.mean[j]!)) / p.scale[j]!;
  return sigmoid(s);
};

export function auc(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const q of neg) s += p > q ? 1 : p === q ? 0.5 : 0;
  return s / (pos.length * neg.length);
}

/**
 * The penalty with the best held-out AUC over 10 folds (`foldOf` gives each sample's fold), the
 * threshold above all but `falseShare` of the negatives' held-out scores (those `counted`), and the
 * probe fitted on all samples with that penalty. Prints the AUC of each penalty.
 */
export function choose(
  X: Float64Array[],
  y: number[],
  foldOf: (i: number) => number,
  penalties: readonly number[],
  falseShare: number,
  counted: (i: number) => boolean = () => true,
): { best: { penalty: number; auc: number; scores: number[] }; threshold: number; probe: Probe } {
  const heldOut = (penalty: number): number[] => {
    const out = new Array<number>(X.length);
    for (let k = 0; k < FOLDS; k++) {
      const train = X.map((_, i) => i).filter((i) => foldOf(i) !== k);
      const p = fit(
        train.map((i) => X[i]!),
        train.map((i) => y[i]!),
        penalty,
      );
      for (let i = 0; i < X.length; i++) if (foldOf(i) === k) out[i] = scoreOf(p, X[i]!);
    }
    return out;
  };
  let best = { penalty: penalties[0]!, auc: -1, scores: [] as number[] };
  for (const penalty of penalties) {
    const scores = heldOut(penalty);
    const a = auc(
      scores.filter((_, i) => y[i] === 1),
      scores.filter((_, i) => y[i] === 0),
    );
    console.log(`penalty ${penalty}: held-out AUC ${a.toFixed(3)}`);
    if (a > best.auc) best = { penalty, auc: a, scores };
  }
  const negatives = best.scores.filter((_, i) => y[i] === 0 && counted(i)).sort((a, b) => b - a);
  const allowed = Math.floor(falseShare * negatives.length);
  // The lowest threshold with at most `allowed` negatives at or above it: just above the next one.
  const threshold = Math.round((negatives[allowed]! + 1e-4) * 1e4) / 1e4;
  return { best, threshold, probe: fit(X, y, best.penalty) };
}

/** Writes a generated weights file `file` (TypeScript `source`, formatted by the repository's prettier). */
export async function writeGenerated(file: string, source: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(source, { ...options, filepath: file }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

/** A probe's fields as TypeScript source (bias, mean, scale, weights). */
export function probeFields(probe: Probe): string {
  const list = (a: Float64Array) => `[${[...a].map((v) => Number(v.toPrecision(6))).join(', ')}]`;
  return `  bias: ${Number(probe.bias.toPrecision(6))},
  mean: ${list(probe.mean)},
  scale: ${list(probe.scale)},
  weights: ${list(probe.weights)},`;
}

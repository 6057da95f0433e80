/**
 * A linear probe on a trained network's features (Alain and Bengio, "Understanding intermediate
 * layers using linear classifier probes", 2016): logistic regression on standardised features, its
 * weights fitted by the scripts that write them (scripts/probe-fit.ts; ornaments' hat probe,
 * the face analysis's beard probe).
 */
export interface LinearProbe {
  readonly bias: number;
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
}

/** The probe's logit for features `x`, each divided by `norm` first (1: as they are). */
export function probeLogit(probe: LinearProbe, x: ArrayLike<number>, norm = 1): number {
  let z = probe.bias;
  for (let i = 0; i < probe.weights.length; i++)
    z += (probe.weights[i]! * (x[i]! / norm - probe.mean[i]!)) / probe.scale[i]!;
  return z;
}

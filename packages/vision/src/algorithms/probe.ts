/**
 * A linear probe on a trained network's features (Alain and Bengio, "Understanding intermediate
 * layers using linear classifier probes", 2016): logistic regression on standardised features, its
 * weights fitted by the scripts that write them (scripts/probe-fit.ts; ornaments' hat probe,
 * the face analysis's beard probe).
 */
export interface LinearProbe {
  readonly bias: number;
  readonly mean: ArrayLike<number>;
  readonly scale: ArrayLike<number>;
  readonly weights: ArrayLike<number>;
}

/** The probe's logit for features `x`, each divided by `norm` first (1: as they are). */
export function probeLogit(probe: LinearProbe, x: ArrayLike<number>, norm = 1): number {
  let z = probe.bias;
  for (let i = 0; i < probe.weights.length; i++)
    z += (probe.weights[i]! * (x[i]! / norm - probe.mean[i]!)) / probe.scale[i]!;
  return z;
}

/** A probe with the cut its fitting script chose on held-out scores. */
export interface ThresholdedProbe extends LinearProbe {
  readonly threshold: number;
}

/**
 * The probe's output moved so that its cut is 0.5 (the logistic of the logit minus the cut's
 * logit): 0.5 or more is a yes. How clear the answer is, not a probability.
 */
export function probeAbove(probe: ThresholdedProbe, x: ArrayLike<number>, norm = 1): number {
  const cut = Math.log(probe.threshold / (1 - probe.threshold));
  return 1 / (1 + Math.exp(-(probeLogit(probe, x, norm) - cut)));
}

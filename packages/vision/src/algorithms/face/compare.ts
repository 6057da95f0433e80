/**
 * Face comparison on HSE-FaceRes descriptors (L2-normalised, 1024-d): cosine similarity, mapped
 * to a 0-100 score, and the same-person threshold measured on real photos (docs/quality.md).
 */

/**
 * Same-person threshold on the 0-100 similarity (100 x cosine of the FaceRes descriptors), as
 * v1/face_compare and face-set search answer it. Independent pairs (docs/quality.md, "Independent
 * face set"; measure-face-eval.ts): on the report half 9/32 same-person pairs fall below it and
 * 19/1624 pairs of different people reach it; on the tuning half 3/18 and 12/1281, the lowest
 * listed threshold there under 1 % false accepts.
 */
export const SAME_PERSON_THRESHOLD = 60;

/** Cosine similarity of two descriptors, -1..1. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Seeded random numbers in [0, 1) (mulberry32, Tommy Ettinger's public-domain generator): the
 * same seed gives the same numbers (v1/beard's hairs, the tests' and scripts' seeded noise).
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

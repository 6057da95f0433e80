import { describe, expect, it } from 'vitest';
import { kthSmallest, quantileOf } from '../src/image/select.ts';
import { seededRandom } from '../src/algorithms/random.ts';

describe('kthSmallest', () => {
  it('returns what a numeric sort puts at index k', () => {
    const random = seededRandom(7);
    const lists: number[][] = [
      [5],
      [2, 1],
      [3, 3, 3, 3],
      Array.from({ length: 1000 }, (_, i) => i),
      Array.from({ length: 1000 }, (_, i) => 1000 - i),
      Array.from({ length: 997 }, () => Math.floor(random() * 10)),
      Array.from({ length: 5000 }, () => random() * 200 - 100),
    ];
    for (const list of lists) {
      const sorted = [...list].sort((a, b) => a - b);
      for (const k of [0, 1, list.length >> 1, list.length - 2, list.length - 1]) {
        if (k < 0 || k >= list.length) continue;
        expect(kthSmallest(Float32Array.from(list), k)).toBe(Math.fround(sorted[k]!));
        expect(kthSmallest(list, k)).toBe(sorted[k]);
      }
    }
  });

  it('leaves its input as it was and clamps k', () => {
    const list = [4, 1, 3, 2];
    expect(kthSmallest(list, 10)).toBe(4);
    expect(kthSmallest(list, -1)).toBe(1);
    expect(list).toEqual([4, 1, 3, 2]);
    expect(quantileOf(list, 0.5)).toBe(3);
    expect(Number.isNaN(kthSmallest([], 0))).toBe(true);
  });
});

/**
 * Order statistics without a full sort: the k-th smallest of a list by Hoare's selection
 * ("FIND", C. A. R. Hoare, Communications of the ACM 4(7), 1961), median-of-three pivots, on a
 * copy (the input is left as it is). Expected O(n), against O(n log n) for sorting; the value
 * returned is the one a numeric sort would put at index k.
 */

/** The k-th smallest value (0-based, clamped to the list) of `values`. NaN-free input. */
export function kthSmallest(values: ArrayLike<number>, k: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const a = new Float64Array(n);
  a.set(values);
  let lo = 0;
  let hi = n - 1;
  k = Math.min(n - 1, Math.max(0, Math.floor(k)));
  while (hi > lo) {
    // Median of three as the pivot: sorted input does not degrade to O(n^2).
    const mid = (lo + hi) >> 1;
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** The q-quantile (0..1) of `values` as index floor(q n) of their sorted order. */
export const quantileOf = (values: ArrayLike<number>, q: number): number =>
  kthSmallest(values, Math.floor(q * values.length));

/**
 * Outlines of regions of a label image, in plain TypeScript (no model): connected regions,
 * Moore-neighbour border following, even sampling along a closed outline.
 *
 * Border following is Moore-neighbour tracing (Gonzalez & Woods, Digital Image Processing, 3rd
 * ed., section 11.1.1, "boundary following"; the stopping rule is the one of Suzuki & Abe 1985,
 * "Topological structural analysis of digitized binary images by border following", CVGIP 30:
 * stop when the first step from the start pixel is about to be taken again). Regions are
 * 8-connected, so the traced outer border is the chain of the region's pixels that touch the
 * outside, each step to one of the 8 neighbours.
 */

/**
 * The 8 neighbours, clockwise as an image is viewed (y down): west, north-west, north, north-east,
 * east, south-east, south, south-west.
 */
const DX: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];
const DY: readonly number[] = [0, -1, -1, -1, 0, 1, 1, 1];

/** The index in DX/DY of the step (dx, dy), each -1..1 and not both 0. */
const stepIndex = (dx: number, dy: number): number => {
  for (let k = 0; k < 8; k++) if (DX[k]! === dx && DY[k]! === dy) return k;
  throw new Error(`not a neighbour step: ${dx}, ${dy}`);
};

export interface Regions {
  /** Region of each pixel, -1 where `value` is negative. */
  label: Int32Array;
  /** Pixels of each region. */
  size: number[];
  /** The region's first pixel in raster order (top row, then leftmost): on its outer border. */
  first: number[];
  /** The `value` the region's pixels share. */
  value: number[];
}

/**
 * The 8-connected regions of `value` (w x h, row-major): neighbouring pixels with the same value
 * >= 0 belong to one region; negative values are background. Regions are numbered in the raster
 * order of their first pixel.
 *
 * Two-pass labelling with union-find (Rosenfeld & Pfaltz, "Sequential operations in digital
 * picture processing", JACM 13(4), 1966; union-find with path halving, Wu, Otoo & Suzuki,
 * "Optimizing two-pass connected-component labeling algorithms", PAA 12, 2009): the first pass
 * joins each pixel to its already-scanned neighbours of the same value (west, north-west, north,
 * north-east), the second gives each set its number and counts its pixels. Two passes over the
 * image with no per-pixel division, where a flood fill visits 8 neighbours of every pixel.
 */
export function regionsOf(value: Int32Array, w: number, h: number): Regions {
  const n = w * h;
  // parent[i]: a pixel of the same set scanned no later than i (a root points to itself); a
  // set's root is its first pixel in raster order.
  const parent = new Int32Array(n);
  const find = (start: number): number => {
    let i = start;
    while (parent[i] !== i) {
      const up = parent[parent[i]!]!;
      parent[i] = up;
      i = up;
    }
    return i;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    // The earlier root stays the root.
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };
  // Which already-scanned neighbours to join follows Wu, Otoo & Suzuki's decision tree: the north
  // pixel touches the other three, so when it matches it is the only one needed; north-west and
  // west both touch north, so after them only north-east can be in another set.
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const i = o + x;
      const v = value[i]!;
      parent[i] = i;
      if (v < 0) continue;
      const up = i - w;
      const north = y > 0 && value[up] === v;
      const nw = y > 0 && x > 0 && value[up - 1] === v;
      const ne = y > 0 && x + 1 < w && value[up + 1] === v;
      const west = x > 0 && value[i - 1] === v;
      if (north) parent[i] = up;
      else if (nw) {
        parent[i] = up - 1;
        if (ne) union(up - 1, up + 1);
      } else if (west) {
        parent[i] = i - 1;
        if (ne) union(i - 1, up + 1);
      } else if (ne) parent[i] = up + 1;
    }
  }
  const label = new Int32Array(n);
  const size: number[] = [];
  const first: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = value[i]!;
    if (v < 0) {
      label[i] = -1;
      continue;
    }
    const p = parent[i]!;
    if (p === i) {
      // A root is its set's first pixel: the next number, in raster order.
      label[i] = size.length;
      size.push(1);
      first.push(i);
      values.push(v);
    } else {
      // Every earlier pixel already has its set's number (no union follows the first pass).
      const id = label[p]!;
      label[i] = id;
      size[id]!++;
    }
  }
  return { label, size, first, value: values };
}

/**
 * The outer border of region `id` of `label` (w x h), traced clockwise as the image is viewed from
 * `start`, the region's first pixel in raster order: the pixels' indices in order, each step to
 * one of the 8 neighbours, the start pixel once (at index 0). A pixel is listed again each time
 * the border passes it (a one-pixel-wide limb is walked out and back).
 */
export function traceBorder(label: Int32Array, w: number, h: number, id: number, start: number): number[] {
  const inside = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < w && y < h && label[y * w + x] === id;
  const border = [start];
  let cx = start % w;
  let cy = (start - cx) / w;
  const sx = cx;
  const sy = cy;
  // The start pixel is the first in raster order, so its west neighbour is outside: the search
  // around it begins there.
  let back = 0;
  let firstStep = -1;
  for (let guard = 0; guard < 8 * w * h + 8; guard++) {
    // Next border pixel: the first region pixel clockwise around the current one, after `back`.
    let step = -1;
    for (let k = 1; k <= 8; k++) {
      const d = (back + k) % 8;
      if (inside(cx + DX[d]!, cy + DY[d]!)) {
        step = d;
        break;
      }
    }
    if (step === -1) return border; // a single pixel
    if (cx === sx && cy === sy) {
      if (firstStep === -1) firstStep = step;
      else if (step === firstStep) {
        // Back at the start about to repeat the first step: the start, just listed again, ends it.
        border.pop();
        return border;
      }
    }
    // The new search starts at the outside neighbour examined just before the pixel found.
    const prev = (step + 7) % 8;
    const nx = cx + DX[step]!;
    const ny = cy + DY[step]!;
    back = stepIndex(cx + DX[prev]! - nx, cy + DY[prev]! - ny);
    cx = nx;
    cy = ny;
    border.push(cy * w + cx);
  }
  throw new Error('border following did not close');
}

export type Point = readonly [number, number];

/** Cumulative length along a closed polygon: at[i] is the length from vertex 0 to vertex i; at[n] the whole. */
function arcLengths(polygon: readonly Point[]): Float64Array {
  const n = polygon.length;
  const at = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const [ax, ay] = polygon[i]!;
    const [bx, by] = polygon[(i + 1) % n]!;
    at[i + 1] = at[i]! + Math.hypot(bx - ax, by - ay);
  }
  return at;
}

/**
 * A closed polygon, sampled at arc lengths `positions` (measured from vertex 0, along the
 * vertices' order, taken modulo the perimeter), by linear interpolation along its edges.
 */
export function pointsAlong(polygon: readonly Point[], positions: readonly number[]): Point[] {
  const n = polygon.length;
  if (n === 1) return positions.map(() => polygon[0]!);
  const at = arcLengths(polygon);
  const total = at[n]!;
  return positions.map((raw) => {
    const s = ((raw % total) + total) % total;
    // Binary search of the edge holding s.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (at[mid]! <= s) lo = mid;
      else hi = mid - 1;
    }
    const [ax, ay] = polygon[lo]!;
    const [bx, by] = polygon[(lo + 1) % n]!;
    const length = at[lo + 1]! - at[lo]!;
    const f = length > 0 ? (s - at[lo]!) / length : 0;
    return [ax + (bx - ax) * f, ay + (by - ay) * f] as const;
  });
}

/** The perimeter of a closed polygon. */
export const perimeter = (polygon: readonly Point[]): number => arcLengths(polygon)[polygon.length]!;

/**
 * The polygon without the vertices in the middle of straight runs (where the step in and the step
 * out are the same vector): the same outline with fewer vertices. Vertex 0 is kept.
 */
export function withoutStraightRuns(polygon: readonly Point[]): Point[] {
  const n = polygon.length;
  if (n < 3) return [...polygon];
  const out: Point[] = [polygon[0]!];
  for (let i = 1; i < n; i++) {
    const [px, py] = polygon[i - 1]!;
    const [x, y] = polygon[i]!;
    const [nx, ny] = polygon[(i + 1) % n]!;
    if (x - px !== nx - x || y - py !== ny - y) out.push(polygon[i]!);
  }
  return out;
}

/** Twice the signed area of a polygon; positive when it runs clockwise as an image is viewed (y down). */
export function signedArea2(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xj, yj] = polygon[j]!;
    const [xi, yi] = polygon[i]!;
    sum += xj * yi - xi * yj;
  }
  return sum;
}

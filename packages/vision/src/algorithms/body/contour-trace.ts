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
 * >= 0 belong to one region; negative values are background.
 */
export function regionsOf(value: Int32Array, w: number, h: number): Regions {
  const label = new Int32Array(w * h).fill(-1);
  const size: number[] = [];
  const first: number[] = [];
  const values: number[] = [];
  // Each pixel is pushed once: a stack of w * h entries never overflows.
  const stack = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    const v = value[start]!;
    if (v < 0 || label[start] !== -1) continue;
    const id = size.length;
    let count = 0;
    let top = 0;
    label[start] = id;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      count++;
      const x = i % w;
      const y = (i - x) / w;
      for (let k = 0; k < 8; k++) {
        const nx = x + DX[k]!;
        const ny = y + DY[k]!;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (label[j] === -1 && value[j] === v) {
          label[j] = id;
          stack[top++] = j;
        }
      }
    }
    size.push(count);
    first.push(start);
    values.push(v);
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

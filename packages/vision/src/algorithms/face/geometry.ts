/**
 * Small 2-D geometry for face crops. Coordinates are continuous pixel coordinates: the pixel
 * with index i covers [i, i+1), so its centre is i + 0.5. Every model output is mapped back to
 * the image through the same affine transform that produced the model input, which is what
 * keeps points exact under rotation, scaling and letterboxing.
 */

export type Point2 = [number, number];

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function boxArea(b: Box): number {
  return Math.max(0, b.x2 - b.x1) * Math.max(0, b.y2 - b.y1);
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = ix * iy;
  if (inter <= 0) return 0;
  return inter / (boxArea(a) + boxArea(b) - inter);
}

/** Intersection area divided by the smaller box's area (1 when one box contains the other). */
export function overlapOfSmaller(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const iy = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const smaller = Math.min(boxArea(a), boxArea(b));
  return smaller > 0 ? (ix * iy) / smaller : 0;
}

/**
 * A square region of the image, rotated by `angle` (radians, clockwise on screen since y points
 * down), centred on (cx, cy), with side `size`. A model crop of N x N pixels samples this region.
 */
export interface RotatedSquare {
  cx: number;
  cy: number;
  size: number;
  angle: number;
}

/** Maps a point given in a crop of `n` x `n` pixels (continuous coordinates) to the image. */
export function cropToImage(roi: RotatedSquare, n: number, u: number, v: number): Point2 {
  const s = roi.size / n;
  const dx = (u - n / 2) * s;
  const dy = (v - n / 2) * s;
  const c = Math.cos(roi.angle);
  const si = Math.sin(roi.angle);
  return [roi.cx + c * dx - si * dy, roi.cy + si * dx + c * dy];
}

/**
 * Projective-transform row for `tf.image.transform` producing an `n` x `n` crop of `roi` from the
 * image. tfjs maps each OUTPUT pixel index (x, y) to the INPUT index (a0 x + a1 y + a2,
 * b0 x + b1 y + b2); pixel indices are continuous coordinates minus 0.5, hence the half-pixel
 * terms.
 */
export function cropTransform(
  roi: RotatedSquare,
  n: number,
): [number, number, number, number, number, number, number, number] {
  const s = roi.size / n;
  const c = Math.cos(roi.angle);
  const si = Math.sin(roi.angle);
  // input_cont = centre + R * ((out_idx + 0.5) - n/2) * s ; input_idx = input_cont - 0.5
  const k = 0.5 - n / 2;
  const a0 = c * s;
  const a1 = -si * s;
  const a2 = roi.cx + (c * k - si * k) * s - 0.5;
  const b0 = si * s;
  const b1 = c * s;
  const b2 = roi.cy + (si * k + c * k) * s - 0.5;
  return [a0, a1, a2, b0, b1, b2, 0, 0];
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

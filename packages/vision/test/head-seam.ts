/**
 * Head replacement's seam (docs/quality.md, "Face fusion, child fusion and head replacement"):
 * where the placed head's outline runs, and how much edge the result shows along it. Used by
 * scripts/measure-fusion.ts and the headreplace looks test.
 */
import { copyPixels, pasteFloat, type XY } from '../src/algorithms/face/fusion.ts';
import type { PlacedHead } from '../src/algorithms/face/headreplace.ts';
import type { RgbPixels } from '../src/image/resize.ts';

/** Mean gradient magnitude (central differences) of the grey level at the given pixels. */
export function meanGradient(image: RgbPixels, pixels: readonly XY[]): number {
  const { width: W, height: H, data } = image;
  const grey = (x: number, y: number) => {
    const i = (Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))) * 3;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  let sum = 0;
  for (const [x, y] of pixels) {
    const gx = (grey(x + 1, y) - grey(x - 1, y)) / 2;
    const gy = (grey(x, y + 1) - grey(x, y - 1)) / 2;
    sum += Math.hypot(gx, gy);
  }
  return pixels.length ? sum / pixels.length : 0;
}

/**
 * Head replacement's seam: the pixels of the placed head's mask (>= 0.5) with a 4-neighbour below
 * 0.5, inside the template (not on its border), split by the template face's frame (forehead top,
 * mesh 10, to chin, 152): below the mouth (mesh 13) the head meets the template's jaw, neck or
 * collar, where no edge should show; above it, the hair and temples meet the template's background
 * or hair, where the head's own outline is a true edge.
 */
export function headSeam(placed: PlacedHead, mesh: readonly XY[], W: number, H: number) {
  const { box, mask } = placed;
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const top = mesh[10]!;
  const down: XY = [mesh[152]![0] - top[0], mesh[152]![1] - top[1]];
  const along = (x: number, y: number) =>
    ((x - top[0]) * down[0] + (y - top[1]) * down[1]) / (down[0] ** 2 + down[1] ** 2);
  const mouth = along(mesh[13]![0], mesh[13]![1]);
  const lower: XY[] = [];
  const upper: XY[] = [];
  for (let y = 1; y < bh - 1; y++)
    for (let x = 1; x < bw - 1; x++) {
      const i = y * bw + x;
      if (mask[i]! < 0.5) continue;
      if (mask[i - 1]! >= 0.5 && mask[i + 1]! >= 0.5 && mask[i - bw]! >= 0.5 && mask[i + bw]! >= 0.5)
        continue;
      const X = x + box.x0;
      const Y = y + box.y0;
      if (X < 1 || Y < 1 || X > W - 2 || Y > H - 2) continue;
      (along(X, Y) > mouth ? lower : upper).push([X, Y]);
    }
  return { lower, upper };
}

/**
 * The result's mean gradient along the seam's part over the larger of the template's own there and
 * the mapped head's own (the edges either picture brings itself): above 1, the seam adds an edge.
 * Undefined for a part of fewer than 20 pixels.
 */
export function seamEdgeRatio(
  result: RgbPixels,
  template: RgbPixels,
  placed: PlacedHead,
  pixels: readonly XY[],
): number | undefined {
  if (pixels.length < 20) return undefined;
  const headOnly = copyPixels(template);
  pasteFloat(headOnly, placed.box, placed.mapped);
  const brought = Math.max(meanGradient(template, pixels), meanGradient(headOnly, pixels));
  return brought > 0 ? meanGradient(result, pixels) / brought : undefined;
}

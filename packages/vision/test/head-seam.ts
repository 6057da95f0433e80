/**
 * Head replacement's seam (docs/quality.md, "Face fusion, child fusion and head replacement"):
 * where the placed head's outline runs, and how much edge the result shows along it; the template's
 * own face left beside the head, and its colour step to the placed face. Used by
 * scripts/measure-fusion.ts and the headreplace looks test.
 */
import { copyPixels, ovalOf, pasteFloat, polygonMask, type XY } from '../src/algorithms/face/fusion.ts';
import { srgbToLab } from '../src/algorithms/image/colour.ts';
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

/**
 * The share of the template's face oval (its mesh's outline, no shrink) where the placed head's mask
 * is under 0.5: the template's own cheek, jaw or forehead left beside a narrower or turned head.
 */
export function uncoveredShare(placed: PlacedHead, templateMesh: readonly XY[], image: RgbPixels): number {
  const whole = { x0: 0, y0: 0, x1: image.width, y1: image.height };
  const oval = polygonMask(ovalOf(templateMesh), whole);
  const { box, mask } = placed;
  const bw = box.x1 - box.x0;
  let inOval = 0;
  let uncovered = 0;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      if (oval[y * image.width + x]! < 0.5) continue;
      inOval++;
      const inside = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      if (!inside || mask[(y - box.y0) * bw + (x - box.x0)]! < 0.5) uncovered++;
    }
  return inOval ? uncovered / inOval : 0;
}

/**
 * The colour step from the placed face to the template's face left beside it: CIELAB distance
 * between the mean colour of the strip (the template's face oval where the head's mask is under
 * 0.5, only pixels that are skin in the template: within 2.5 robust spreads, 1.4826 x MAD, of the
 * template oval's median L*, a* and b*, so its hair over the oval is not counted) and of the placed
 * face (the result's face oval, `resultMesh`, where the mask is over 0.9), in `image` (the result,
 * or the template itself for its own light's step between the same regions). Undefined with under
 * 50 px of either.
 */
export function stripStep(
  placed: PlacedHead,
  templateMesh: readonly XY[],
  template: RgbPixels,
  resultMesh: readonly XY[],
  image: RgbPixels,
): number | undefined {
  const { box, mask } = placed;
  const bw = box.x1 - box.x0;
  const oval = polygonMask(ovalOf(templateMesh), box);
  const placedFace = polygonMask(ovalOf(resultMesh), box);
  const labAt = (img: RgbPixels, x: number, y: number) => {
    const p = (y * img.width + x) * 3;
    return srgbToLab(img.data[p]!, img.data[p + 1]!, img.data[p + 2]!);
  };
  // The template oval's skin model: median and MAD per channel.
  const channels: number[][] = [[], [], []];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++)
      if (oval[(y - box.y0) * bw + (x - box.x0)]! >= 0.5) {
        const lab = labAt(template, x, y);
        for (let c = 0; c < 3; c++) channels[c]!.push(lab[c]!);
      }
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;
  const centre = channels.map(mid);
  const spreadOf = channels.map((v, c) => Math.max(1, 1.4826 * mid(v.map((x) => Math.abs(x - centre[c]!)))));
  const sums = { strip: [0, 0, 0, 0], face: [0, 0, 0, 0] };
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const o = (y - box.y0) * bw + (x - box.x0);
      let which: number[] | undefined;
      if (oval[o]! >= 0.5 && mask[o]! < 0.5) {
        const own = labAt(template, x, y);
        if ([0, 1, 2].every((c) => Math.abs(own[c]! - centre[c]!) <= 2.5 * spreadOf[c]!)) which = sums.strip;
      } else if (placedFace[o]! >= 0.5 && mask[o]! > 0.9) which = sums.face;
      if (!which) continue;
      const lab = labAt(image, x, y);
      for (let c = 0; c < 3; c++) which[c]! += lab[c]!;
      which[3]!++;
    }
  if (sums.strip[3]! < 50 || sums.face[3]! < 50) return undefined;
  return Math.hypot(...[0, 1, 2].map((c) => sums.strip[c]! / sums.strip[3]! - sums.face[c]! / sums.face[3]!));
}

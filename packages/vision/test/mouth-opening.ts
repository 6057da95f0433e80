/**
 * The mouth's opening in a fused face (docs/quality.md, "The mouth's opening"): how much of it
 * still shows the template's own pixels. Used by scripts/measure-fusion.ts and the facefuse test.
 */
import { LOWER_INNER, polygonMask, UPPER_INNER, type XY } from '../src/algorithms/face/fusion.ts';

/** The opening between the inner lip lines of `mesh`, as a polygon. */
export const mouthOpeningPolygon = (mesh: readonly XY[]): XY[] =>
  [...UPPER_INNER, ...[...LOWER_INNER].reverse().slice(1, -1)].map((i) => mesh[i]!);

/**
 * Of the pixels inside the opening of `shape` (the fused face's mesh in the template), the share
 * within 8 levels of the template's own pixel in every channel, and how many pixels that is.
 */
export function templateShareInOpening(
  result: { width: number; height: number; data: ArrayLike<number> },
  template: { data: ArrayLike<number> },
  shape: readonly XY[],
): { share: number; pixels: number } {
  const inside = polygonMask(mouthOpeningPolygon(shape), {
    x0: 0,
    y0: 0,
    x1: result.width,
    y1: result.height,
  });
  let pixels = 0;
  let same = 0;
  for (let i = 0; i < inside.length; i++) {
    if (inside[i]! < 0.5) continue;
    pixels++;
    let d = 0;
    for (let c = 0; c < 3; c++)
      d = Math.max(d, Math.abs(result.data[i * 3 + c]! - template.data[i * 3 + c]!));
    if (d < 8) same++;
  }
  return { share: pixels ? same / pixels : 0, pixels };
}

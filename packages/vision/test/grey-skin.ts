/**
 * Grey patches in a recoloured face (docs/quality.md, "Grey patches in the recoloured face"): the
 * share of a face oval's pixels whose CIELAB chroma is under GREY_CHROMA. Lit skin keeps some
 * chroma even in its highlights; a colour transfer that shifts a* and b* by the difference of
 * two faces' means pushes a warm face's near-neutral highlights (nose, upper lip, chin) to grey.
 * Compared with the same share in the user's own photo, whose eye whites and teeth count too.
 * Used by scripts/measure-fusion.ts and the fusion tests.
 */
import { srgbToLab } from '../src/algorithms/image/colour.ts';
import { ovalOf, polygonMask, type XY } from '../src/algorithms/face/fusion.ts';

/** CIELAB chroma under which a pixel of a face counts as grey. */
export const GREY_CHROMA = 8;

/** The share of the pixels inside `mesh`'s face oval with chroma under GREY_CHROMA. */
export function greyShare(
  image: { width: number; height: number; data: ArrayLike<number> },
  mesh: readonly XY[],
): number {
  const inside = polygonMask(ovalOf(mesh), { x0: 0, y0: 0, x1: image.width, y1: image.height });
  let pixels = 0;
  let grey = 0;
  for (let i = 0; i < inside.length; i++) {
    if (inside[i]! < 0.5) continue;
    pixels++;
    const [, a, b] = srgbToLab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!);
    if (Math.hypot(a, b) < GREY_CHROMA) grey++;
  }
  return pixels ? grey / pixels : 0;
}

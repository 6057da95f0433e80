/**
 * Grey patches in a recoloured face (docs/quality.md, "Grey patches in the recoloured face"): the
 * share of a face oval's pixels whose CIELAB chroma is under GREY_CHROMA. Lit skin keeps some
 * chroma even in its highlights; a colour transfer that shifts a* and b* by the difference of
 * two faces' means pushes a warm face's near-neutral highlights (nose, upper lip, chin) to grey.
 * Compared with the same share in the user's own photo, whose eye whites and teeth count too.
 * Also the share of the oval's coloured pixels whose hue lies outside skin's (green to purple,
 * faceColour's offHue), which a colour transfer that scales a* and b* separately could raise, and the
 * spread of a* and b* over the oval (faceColour's spread): scaling them up multiplies a face's own
 * variation too (a face lit warm on one side and blue on the other comes out orange and blue).
 * Used by scripts/measure-fusion.ts and the fusion tests.
 */
import { srgbToLab } from '../src/algorithms/image/colour.ts';
import { ovalOf, polygonMask, type XY } from '../src/algorithms/face/fusion.ts';

/** CIELAB chroma under which a pixel of a face counts as grey. */
export const GREY_CHROMA = 8;

/** Hues (CIELAB, degrees) outside which a coloured face pixel counts as off skin's hue. */
export const SKIN_HUES = { min: -10, max: 85 } as const;

type Picture = { width: number; height: number; data: ArrayLike<number> };

/** What faceColour measures over a face oval. */
export interface FaceColour {
  /** Share of the pixels with chroma under GREY_CHROMA. */
  grey: number;
  /** Share of the pixels with chroma GREY_CHROMA or more and a hue outside SKIN_HUES. */
  offHue: number;
  /** The root of the summed variances of a* and b*. */
  spread: number;
}

/** The grey share, the off-hue share and the chroma spread of the pixels inside `mesh`'s face oval, in one pass. */
export function faceColour(image: Picture, mesh: readonly XY[]): FaceColour {
  const inside = polygonMask(ovalOf(mesh), { x0: 0, y0: 0, x1: image.width, y1: image.height });
  let n = 0;
  let grey = 0;
  let off = 0;
  const sum = [0, 0];
  const sq = [0, 0];
  for (let i = 0; i < inside.length; i++) {
    if (inside[i]! < 0.5) continue;
    n++;
    const [, a, b] = srgbToLab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!);
    sum[0]! += a;
    sum[1]! += b;
    sq[0]! += a * a;
    sq[1]! += b * b;
    if (Math.hypot(a, b) < GREY_CHROMA) grey++;
    else {
      const hue = (Math.atan2(b, a) * 180) / Math.PI;
      if (hue > SKIN_HUES.max || hue < SKIN_HUES.min) off++;
    }
  }
  if (!n) return { grey: 0, offHue: 0, spread: 0 };
  const variance = (c: number) => Math.max(0, sq[c]! / n - (sum[c]! / n) ** 2);
  return { grey: grey / n, offHue: off / n, spread: Math.sqrt(variance(0) + variance(1)) };
}

/** faceColour's grey share. */
export const greyShare = (image: Picture, mesh: readonly XY[]): number => faceColour(image, mesh).grey;

/** faceColour's chroma spread. */
export const chromaSpread = (image: Picture, mesh: readonly XY[]): number => faceColour(image, mesh).spread;

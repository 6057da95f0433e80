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
import { faceWidthOf } from '../src/algorithms/face/retouch.ts';

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
  /**
   * The colour cast's spread across the face (mixed light: one side lit warm, the other blue): the
   * oval's bounding box cut into cells a quarter of the face's width a side; the root mean square
   * distance of the cells' mean (a*, b*) from the mean of those means, over the cells at least half
   * inside the oval. A face in one light reads about 2 to 4; fine detail (lips, eyes) averages out.
   */
  cast: number;
}

/** The grey share, the off-hue share and the chroma spread of the pixels inside `mesh`'s face oval, in one pass. */
export function faceColour(image: Picture, mesh: readonly XY[]): FaceColour {
  const oval = ovalOf(mesh);
  const inside = polygonMask(oval, { x0: 0, y0: 0, x1: image.width, y1: image.height });
  const cell = Math.max(2, faceWidthOf(mesh) / 4);
  const x0 = Math.max(0, Math.floor(Math.min(...oval.map((p) => p[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...oval.map((p) => p[1]))));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...oval.map((p) => p[0]))));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...oval.map((p) => p[1]))));
  const across = Math.ceil((x1 - x0) / cell);
  const down = Math.ceil((y1 - y0) / cell);
  /** Per cell: pixels in the box, pixels in the oval, and their summed a* and b*. */
  const cells = Array.from({ length: Math.max(0, across * down) }, () => ({ all: 0, n: 0, a: 0, b: 0 }));
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      cells[Math.floor((y - y0) / cell) * across + Math.floor((x - x0) / cell)]!.all++;
  let n = 0;
  let grey = 0;
  let off = 0;
  const sum = [0, 0];
  const sq = [0, 0];
  // The oval's pixels all lie in its bounding box (the fill takes pixels whose centre is inside).
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * image.width + x;
      if (inside[i]! < 0.5) continue;
      n++;
      const [, a, b] = srgbToLab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!);
      const c = cells[Math.floor((y - y0) / cell) * across + Math.floor((x - x0) / cell)]!;
      c.n++;
      c.a += a;
      c.b += b;
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
  if (!n) return { grey: 0, offHue: 0, spread: 0, cast: 0 };
  const variance = (c: number) => Math.max(0, sq[c]! / n - (sum[c]! / n) ** 2);
  const means = cells.filter((c) => c.n >= c.all / 2 && c.n > 0).map((c) => [c.a / c.n, c.b / c.n]);
  const ma = means.reduce((s, m) => s + m[0]!, 0) / Math.max(1, means.length);
  const mb = means.reduce((s, m) => s + m[1]!, 0) / Math.max(1, means.length);
  const cast = Math.sqrt(
    means.reduce((s, m) => s + (m[0]! - ma) ** 2 + (m[1]! - mb) ** 2, 0) / Math.max(1, means.length),
  );
  return { grey: grey / n, offHue: off / n, spread: Math.sqrt(variance(0) + variance(1)), cast };
}

/** faceColour's grey share. */
export const greyShare = (image: Picture, mesh: readonly XY[]): number => faceColour(image, mesh).grey;

/** faceColour's chroma spread. */
export const chromaSpread = (image: Picture, mesh: readonly XY[]): number => faceColour(image, mesh).spread;

/** faceColour's colour cast across the face. */
export const colourCast = (image: Picture, mesh: readonly XY[]): number => faceColour(image, mesh).cast;

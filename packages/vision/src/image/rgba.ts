/**
 * Drawing a picture with an alpha channel (a PNG sticker) onto RGB pixels through an affine map:
 * inverse mapping (each covered image pixel looks up its point in the picture), bilinear
 * interpolation of premultiplied colour, then the "over" operator (Porter & Duff, "Compositing
 * Digital Images", SIGGRAPH 1984): out = picture + (1 - alpha) * image.
 */
import type { RgbPixels } from './resize.ts';
import { invert, type Affine } from './svg.ts';

/** Tightly packed RGBA, row-major, `width * height * 4` bytes (straight, not premultiplied, alpha). */
export interface RgbaPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Draws `picture` onto `image` (in place) through `m`, which maps picture pixels to image pixels. */
export function drawRgba(image: RgbPixels, picture: RgbaPixels, m: Affine): void {
  const { width: pw, height: ph, data: src } = picture;
  const corners = [
    [0, 0],
    [pw, 0],
    [0, ph],
    [pw, ph],
  ].map(([u, v]) => [m[0] * u! + m[2] * v! + m[4], m[1] * u! + m[3] * v! + m[5]] as const);
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
  const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...corners.map((c) => c[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
  const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...corners.map((c) => c[1]))));
  const inv = invert(m);
  const out = image.data;
  // Premultiplied sample of the picture at (u, v) in pixel-centre coordinates; outside is clear.
  const texel = (i: number, j: number, k: number) => {
    if (i < 0 || j < 0 || i >= pw || j >= ph) return 0;
    const o = (j * pw + i) * 4;
    return k === 3 ? src[o + 3]! : (src[o + k]! * src[o + 3]!) / 255;
  };
  const sample = [0, 0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const u = inv[0] * px + inv[2] * py + inv[4] - 0.5;
      const v = inv[1] * px + inv[3] * py + inv[5] - 0.5;
      if (u < -1 || v < -1 || u > pw || v > ph) continue;
      const i = Math.floor(u);
      const j = Math.floor(v);
      const fu = u - i;
      const fv = v - j;
      for (let k = 0; k < 4; k++)
        sample[k] =
          (1 - fv) * ((1 - fu) * texel(i, j, k) + fu * texel(i + 1, j, k)) +
          fv * ((1 - fu) * texel(i, j + 1, k) + fu * texel(i + 1, j + 1, k));
      const alpha = sample[3]! / 255;
      if (alpha <= 0) continue;
      const o = (y * image.width + x) * 3;
      for (let k = 0; k < 3; k++) out[o + k] = Math.round(sample[k]! + (1 - alpha) * out[o + k]!);
    }
  }
}

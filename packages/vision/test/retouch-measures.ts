/**
 * Measures of what a person sees, on the pixels of a photo before and after a retouch: shared by
 * the AI Beauty and the beautify / shape tuning / makeup tests.
 */
import sharp from 'sharp';
import type { FacePointsResult } from '../src/index.ts';
import {
  FACE_OVAL,
  faceWidthOf,
  fillPolygon,
  RETOUCH_RULES,
  skinMask,
} from '../src/algorithms/face/retouch.ts';

export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

export async function grey(image: Buffer | Uint8Array): Promise<Grey> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels (indices) where `select` holds. */
export function pixelsWhere(width: number, height: number, select: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < width * height; i++) if (select(i)) out.push(i);
  return out;
}

/** Local variance: mean squared difference of each pixel from the mean of its 3 x 3 neighbourhood. */
export function localVariance(g: Grey, where: number[]): number {
  let sum = 0;
  for (const i of where) {
    const x = i % g.width;
    const y = Math.floor(i / g.width);
    let mean = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) mean += g.data[(y + dy) * g.width + x + dx]!;
    sum += (g.data[i]! - mean / 9) ** 2;
  }
  return sum / where.length;
}

export function meanAbsDiff(a: Grey, b: Grey, where: number[]): number {
  let sum = 0;
  for (const i of where) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / where.length;
}

export function meanOf(g: Grey, where: number[]): number {
  return where.reduce((s, i) => s + g.data[i]!, 0) / where.length;
}

export type Mesh = FacePointsResult['faces'][number]['mesh'];

/** The pixels inside a mesh polygon. */
export function polygon(g: Grey, mesh: Mesh, indices: readonly number[]): number[] {
  const m = new Float32Array(g.width * g.height);
  fillPolygon(
    m,
    g.width,
    g.height,
    indices.map((i) => [mesh[i]![0], mesh[i]![1]]),
    1,
  );
  return pixelsWhere(g.width, g.height, (i) => m[i] === 1);
}

/**
 * The skin of a face below the eyes (cheeks, sides of the nose, upper lip, chin): where the
 * retouch's skin mask, computed on the original photo, is at least 0.9. Above the eyes, hair
 * falling over the forehead can pass the mask's colour test (the astronaut's fringe does).
 */
export async function skin(photo: Buffer, g: Grey, mesh: Mesh): Promise<number[]> {
  const { data } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
  const mask = skinMask(Float32Array.from(data), g.width, g.height, mesh, faceWidthOf(mesh));
  const belowEyes = Math.max(mesh[145]![1], mesh[374]![1]);
  return pixelsWhere(g.width, g.height, (i) => mask[i]! >= 0.9 && i / g.width > belowEyes);
}

/** Pixels farther than `margin` face widths outside the face oval grown as the warp support is. */
export function outsideFace(width: number, height: number, mesh: Mesh, margin: number): number[] {
  const oval = FACE_OVAL.map((i) => [mesh[i]![0], mesh[i]![1]] as [number, number]);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  const grow = RETOUCH_RULES.warpGrow;
  const inside = new Uint8Array(width * height);
  fillPolygon(
    inside,
    width,
    height,
    oval.map(([x, y]) => [cx + (x - cx) * grow, cy + (y - cy) * grow] as [number, number]),
    1,
  );
  const m = Math.ceil(margin * faceWidthOf(mesh));
  return pixelsWhere(width, height, (i) => {
    const x = i % width;
    const y = Math.floor(i / width);
    for (let dy = -m; dy <= m; dy += m)
      for (let dx = -m; dx <= m; dx += m) {
        const xx = Math.min(width - 1, Math.max(0, x + dx));
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        if (inside[yy * width + xx]) return false;
      }
    return true;
  });
}

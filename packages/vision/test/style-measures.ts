/**
 * Measures of the style tasks' outputs, shared by test/styles.test.ts and
 * scripts/measure-styles.ts: colour and edge statistics, and the faces a rendering keeps.
 */
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import type { FacePointsResult } from '../src/algorithms/face/facepoints-params.ts';

/** Colour and edge statistics of an encoded image (see the header). */
export async function styleStats(image: Buffer | Uint8Array) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const bins = new Uint32Array(4096);
  const grey = new Float32Array(n);
  let sat = 0;
  let mean = 0;
  for (let i = 0; i < n; i++) {
    const r = data[3 * i]!;
    const g = data[3 * i + 1]!;
    const b = data[3 * i + 2]!;
    bins[((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)]! += 1;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    sat += max === 0 ? 0 : (max - min) / max;
    grey[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    mean += grey[i]!;
  }
  let colours = 0;
  for (const c of bins) if (c >= 0.001 * n) colours++;
  const w = info.width;
  let edges = 0;
  for (let y = 1; y < info.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        grey[i - w + 1]! +
        2 * grey[i + 1]! +
        grey[i + w + 1]! -
        grey[i - w - 1]! -
        2 * grey[i - 1]! -
        grey[i + w - 1]!;
      const gy =
        grey[i + w - 1]! +
        2 * grey[i + w]! +
        grey[i + w + 1]! -
        grey[i - w - 1]! -
        2 * grey[i - w]! -
        grey[i - w + 1]!;
      if (Math.hypot(gx, gy) > 100) edges++;
    }
  }
  return { colours, edges: edges / n, saturation: sat / n, grey: mean / n };
}

export type Stats = Awaited<ReturnType<typeof styleStats>>;

type Box = { left: number; top: number; width: number; height: number };
const iou = (a: Box, b: Box) => {
  const x = Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left));
  const y = Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));
  const inter = x * y;
  return inter / (a.width * a.height + b.width * b.height - inter);
};

export async function facesKept(input: Buffer, output: Buffer) {
  const before = (await runTaskInProcess<FacePointsResult>('facepoints', { image: input })).faces;
  const after = (await runTaskInProcess<FacePointsResult>('facepoints', { image: output })).faces;
  const kept = before.filter((f) => after.some((g) => iou(f.rectangle, g.rectangle) >= 0.3)).length;
  return { found: before.length, kept, extra: after.length - kept };
}

/** Mean absolute difference of two encoded images of one size, per channel value (0..255). */
export async function meanDifference(a: Buffer | Uint8Array, b: Buffer | Uint8Array): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  if (x!.length !== y!.length) throw new Error('meanDifference: the images differ in size');
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

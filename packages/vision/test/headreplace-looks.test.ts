import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import type { HeadResult } from '../src/algorithms/face/facefuse-params.ts';
import { srgbToLab } from '../src/algorithms/image/colour.ts';
import { beardedMan } from './fusion-photos.ts';

/**
 * v2/headreplace's rated defects, measured (docs/quality.md, "Generated pictures rated by eye"):
 * the band of the template's forehead left between the new face's oval and its hairline.
 */

beforeAll(async () => {
  await getInProcessEngine();
});

interface Rgb {
  width: number;
  height: number;
  data: Buffer;
}
const rgbOf = async (bytes: Uint8Array | Buffer): Promise<Rgb> => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
};
const labAt = (im: Rgb, x: number, y: number) => {
  const i = (y * im.width + x) * 3;
  return srgbToLab(im.data[i]!, im.data[i + 1]!, im.data[i + 2]!);
};
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
/** The per-channel CIELAB median of the pixels of `im` in the rectangle. */
function medianLab(im: Rgb, x0: number, y0: number, x1: number, y1: number): number[] {
  const ch: number[][] = [[], [], []];
  for (let y = Math.max(0, y0); y < Math.min(im.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(im.width, x1); x++) {
      const lab = labAt(im, x, y);
      for (let c = 0; c < 3; c++) ch[c]!.push(lab[c]!);
    }
  return ch.map(median);
}
/** Share of the pixels of `im` in the rectangle within CIELAB distance `d` of `colour`. */
function shareNear(im: Rgb, colour: number[], d: number, x0: number, y0: number, x1: number, y1: number) {
  let n = 0;
  let near = 0;
  for (let y = Math.max(0, y0); y < Math.min(im.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(im.width, x1); x++) {
      const lab = labAt(im, x, y);
      n++;
      if (Math.hypot(lab[0] - colour[0]!, lab[1] - colour[1]!, lab[2] - colour[2]!) < d) near++;
    }
  return near / n;
}

const head = (image: Buffer, name: string) =>
  runTaskInProcess<HeadResult>('headreplace', { image, params: { template: name } });

describe('headreplace looks', () => {
  it('gives the pasted head its own forehead up to the hairline, in one skin tone', async () => {
    // The face oval ends below the hairline; the band above it was the template's forehead and
    // hairline, a pale band with an edge across the new head's forehead (bearded into sofa).
    const user = await beardedMan();
    const shares: Record<string, number> = {};
    for (const name of ['sofa', 'window', 'party']) {
      const r = await head(user, name);
      const out = await rgbOf(r.images.media_data.bytes);
      const f = r.answer.template_face!.face_rectangle;
      const x0 = Math.round(f.left + 0.3 * f.width);
      const x1 = Math.round(f.left + 0.7 * f.width);
      // The skin between the brows and the eyes' line and the nose tip (the rectangle's middle).
      const skin = medianLab(
        out,
        x0,
        Math.round(f.top + 0.45 * f.height),
        x1,
        Math.round(f.top + 0.6 * f.height),
      );
      // The band just above the rectangle's top (the mesh's forehead point), a tenth of its height.
      const band = [x0, Math.round(f.top - 0.1 * f.height), x1, f.top] as const;
      shares[name] = shareNear(out, skin, 15, ...band);
    }
    console.log('forehead above the oval: share of pixels of the face’s skin tone', shares);
    for (const s of Object.values(shares)) expect(s).toBeGreaterThan(0.5);
  });
});

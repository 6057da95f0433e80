import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import type { DepthResult } from '../src/algorithms/image/depth-params.ts';
import { nearAt } from '../src/algorithms/image/depth.ts';
import { grey16Png } from '../src/algorithms/image/png16.ts';
import { depthPhotoPath, readGrey16, valueAt, type Percent } from './depth-references.ts';

/** The task's answer on a photo of the references, sent at `width` px wide (JPEG). */
async function depthOf(photo: string, width = 640) {
  const image = await sharp(readFileSync(await depthPhotoPath(photo)))
    .resize(width)
    .jpeg({ quality: 90 })
    .toBuffer();
  const result = await runTaskInProcess<DepthResult>('depth', { image });
  return { result, map: await readGrey16(result.images.mask.bytes) };
}

/** Mean value of the map over a box given in percent (left, top, right, bottom). */
function meanIn(map: Awaited<ReturnType<typeof readGrey16>>, [l, t, r, b]: [number, number, number, number]) {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor((t / 100) * map.height); y < Math.floor((b / 100) * map.height); y++)
    for (let x = Math.floor((l / 100) * map.width); x < Math.floor((r / 100) * map.width); x++) {
      sum += map.values[y * map.width + x]!;
      count++;
    }
  return sum / count;
}

describe('grey16Png', () => {
  it('writes 16-bit grey samples that read back unchanged', async () => {
    const values = Uint16Array.from({ length: 37 * 5 }, (_, i) => (i * 7919) % 65536);
    const png = grey16Png(values, 37, 5);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.depth, meta.channels, meta.width, meta.height]).toEqual([
      'png',
      'ushort',
      1,
      37,
      5,
    ]);
    expect(Array.from((await readGrey16(png)).values)).toEqual(Array.from(values));
  });
});

describe('nearAt (the ground plane)', () => {
  it('is 1 at the bottom row, falls towards the horizon and stays above 0 over it', () => {
    expect(nearAt(99, 50, 100)).toBeCloseTo(49 / 50);
    expect(nearAt(75, 50, 100)).toBeLessThan(nearAt(90, 50, 100));
    expect(nearAt(20, 50, 100)).toBeGreaterThan(0);
    expect(nearAt(20, 50, 100)).toBeLessThan(nearAt(52, 50, 100));
  });
});

describe('depth on real photos', () => {
  it('street under the sky (leuvenA): the sky is at infinity, the cobbles at the bottom are the nearest', async () => {
    const { result, map } = await depthOf('opencv-doc:examples/data/leuvenA.jpg');
    expect(valueAt(map, [50, 8])).toBe(0);
    expect(meanIn(map, [30, 90, 70, 100])).toBeGreaterThan(40000);
    // Farther up the lane, farther away: the cobbles at 72 % are farther than those at 92 %.
    expect(valueAt(map, [40, 92] as Percent)).toBeGreaterThan(valueAt(map, [40, 72]));
    // Some sky, most of the photo not.
    expect(result.answer.foreground_ratio).toBeGreaterThan(0.6);
    expect(result.answer.foreground_ratio).toBeLessThan(0.95);
  });

  it('a person in front of a backdrop (astronaut): the person is nearer than the flag and the model behind her', async () => {
    const { result, map } = await depthOf('skimage:astronaut.png', 512);
    const face = valueAt(map, [40, 25]);
    expect(face).toBeGreaterThan(valueAt(map, [5, 30]) * 1.5);
    expect(face).toBeGreaterThan(valueAt(map, [80, 30]) * 1.5);
    // No sky indoors: every pixel has a finite depth.
    expect(result.answer.foreground_ratio).toBe(1);
  });

  it('a footballer on the pitch (messi5): the player is nearer than the crowd behind him', async () => {
    const { map } = await depthOf('opencv-doc:examples/data/messi5.jpg');
    expect(meanIn(map, [40, 40, 50, 60])).toBeGreaterThan(meanIn(map, [70, 10, 95, 30]) * 1.5);
  });

  it('answers a 16-bit grey map and an RGB painting, both at the size sent', async () => {
    const { result } = await depthOf('opencv-doc:examples/data/leuvenA.jpg', 480);
    const [w, h] = [result.answer.image_width, result.answer.image_height];
    expect([w, h]).toEqual([480, 360]);
    const mask = await sharp(Buffer.from(result.images.mask.bytes)).metadata();
    expect([mask.format, mask.depth, mask.channels, mask.width, mask.height]).toEqual([
      'png',
      'ushort',
      1,
      w,
      h,
    ]);
    const painted = await sharp(Buffer.from(result.images.media_data.bytes)).metadata();
    expect([painted.format, painted.channels, painted.width, painted.height]).toEqual(['png', 3, w, h]);
  });
});

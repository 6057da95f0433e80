import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import type { FaceMaskResult } from '../src/algorithms/body/skin-hair-params.ts';
import { astronautPath, coffeePath, groupSamplePath, opencvDocPath, read } from './fixtures.ts';
import { drawnMask, overlap, SKIN_HAIR_REFERENCES } from './skinhair-references.ts';

const run = (task: 'skinsegment' | 'hairsegment', image: Buffer) =>
  runTaskInProcess<FaceMaskResult>(task, { image });

async function grey(
  png: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(Buffer.from(png))
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { channels = 0 } = await sharp(Buffer.from(png)).metadata();
  return { data, width: info.width, height: info.height, channels };
}

beforeAll(async () => {
  await getInProcessEngine();
});

// Coordinates are the astronaut's, as drawn in fixtures/skinhair-references.json.
describe('skinsegment', () => {
  let astronaut: FaceMaskResult;
  let mask: Awaited<ReturnType<typeof grey>>;
  beforeAll(async () => {
    astronaut = await run('skinsegment', read(astronautPath()));
    mask = await grey(astronaut.images.mask.bytes);
  });

  it('answers a one-channel mask and an RGBA cut-out at the photo size, seeded by her one face', async () => {
    expect(astronaut.answer).toMatchObject({ image_width: 512, image_height: 512, face_num: 1 });
    expect([mask.width, mask.height, mask.channels]).toEqual([512, 512, 1]);
    const cut = await sharp(Buffer.from(astronaut.images.media_data.bytes)).metadata();
    expect([cut.format, cut.width, cut.height, cut.channels]).toEqual(['png', 512, 512, 4]);
  });

  it('covers her cheeks, forehead and chin, not her hair, eyes, suit or the wall', () => {
    const at = (x: number, y: number) => mask.data[y * 512 + x]!;
    for (const [x, y] of [
      [205, 125],
      [248, 125],
      [225, 85],
      [224, 172],
    ] as const)
      expect(at(x, y), `skin ${x},${y}`).toBeGreaterThanOrEqual(200);
    for (const [x, y] of [
      [225, 40],
      [160, 80],
      [203, 101],
      [200, 350],
      [100, 60],
      [450, 150],
    ] as const)
      expect(at(x, y), `not skin ${x},${y}`).toBeLessThan(128);
  });

  it('matches the drawn skin of the astronaut and of Messi (face, arms, knee)', async () => {
    expect(
      overlap(mask.data, drawnMask(SKIN_HAIR_REFERENCES.astronaut!, 'skin'), SKIN_HAIR_REFERENCES.astronaut!)
        .iou,
    ).toBeGreaterThan(0.6);
    const messi = SKIN_HAIR_REFERENCES.messi!;
    const result = await run('skinsegment', read(await opencvDocPath('examples/data/messi5.jpg')));
    const m = await grey(result.images.mask.bytes);
    const o = overlap(m.data, drawnMask(messi, 'skin'), messi);
    expect(o.iou).toBeGreaterThan(0.5);
    // Both forearms: skin far from the face that seeded the model.
    expect(m.data[112 * 548 + 120]!, 'right forearm').toBeGreaterThanOrEqual(128);
    expect(m.data[162 * 548 + 345]!, 'left forearm').toBeGreaterThanOrEqual(128);
  });

  it('finds skin on every person whose face is found: the crouching woman at the bottom left of face-api sample5, whom bodypose misses', async () => {
    const result = await run('skinsegment', read(groupSamplePath(5)));
    expect(result.answer.face_num).toBe(5);
    const m = await grey(result.images.mask.bytes);
    // Her forehead, cheeks and chin (1920 x 1398 photo).
    let on = 0;
    let n = 0;
    for (let y = 900; y < 1120; y++) {
      for (let x = 410; x < 540; x++) {
        n++;
        if (m.data[y * m.width + x]! >= 128) on++;
      }
    }
    expect(on / n).toBeGreaterThan(0.2);
  });

  it('has no face to learn skin from on the coffee photo: face_num 0 and an empty mask', async () => {
    const result = await run('skinsegment', read(coffeePath()));
    expect(result.answer.face_num).toBe(0);
    expect(result.answer.foreground_ratio).toBe(0);
  });
});

describe('hairsegment', () => {
  let mask: Awaited<ReturnType<typeof grey>>;
  let astronaut: FaceMaskResult;
  beforeAll(async () => {
    astronaut = await run('hairsegment', read(astronautPath()));
    mask = await grey(astronaut.images.mask.bytes);
  });

  it('covers her hair above the forehead and beside the temples, not her face or the wall', () => {
    expect(astronaut.answer.face_num).toBe(1);
    const at = (x: number, y: number) => mask.data[y * 512 + x]!;
    for (const [x, y] of [
      [225, 40],
      [165, 80],
      [285, 80],
    ] as const)
      expect(at(x, y), `hair ${x},${y}`).toBeGreaterThanOrEqual(200);
    for (const [x, y] of [
      [225, 120],
      [225, 180],
      [100, 60],
      [350, 60],
      [200, 350],
    ] as const)
      expect(at(x, y), `not hair ${x},${y}`).toBeLessThan(128);
    const ref = SKIN_HAIR_REFERENCES.astronaut!;
    expect(overlap(mask.data, drawnMask(ref, 'hair'), ref).iou).toBeGreaterThan(0.65);
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { FACE_LABELS, type FaceSegmentResult } from '../src/algorithms/face/face-segment-params.ts';
import { astronautPath, coffeePath, read } from './fixtures.ts';

const run = (image: Buffer) => runTaskInProcess<FaceSegmentResult>('facesegment', { image });
const value = Object.fromEntries(FACE_LABELS.map((l) => [l.label, l.value]));

beforeAll(async () => {
  await getInProcessEngine();
});

// Coordinates are the astronaut's (512 x 512), read off the photo on a pixel grid.
describe('facesegment on the astronaut', () => {
  let result: FaceSegmentResult;
  let labels: Buffer;
  beforeAll(async () => {
    result = await run(read(astronautPath()));
    labels = await sharp(Buffer.from(result.images.mask.bytes)).toColourspace('b-w').raw().toBuffer();
  });
  const at = (x: number, y: number) => labels[y * 512 + x]!;

  it('answers a one-channel label image, the painted labels (RGBA) and the legend', async () => {
    expect(result.answer).toMatchObject({ image_width: 512, image_height: 512, face_num: 1 });
    expect(result.answer.legend.map((l) => l.label)).toEqual([
      'skin',
      'brows',
      'eyes',
      'nose',
      'upper_lip',
      'lower_lip',
      'inner_mouth',
      'hair',
      'ears',
    ]);
    expect(labels.length).toBe(512 * 512);
    const painted = await sharp(Buffer.from(result.images.media_data.bytes)).metadata();
    expect([painted.format, painted.width, painted.height, painted.channels]).toEqual(['png', 512, 512, 4]);
  });

  it('labels her features where they are in the photo', () => {
    expect(at(225, 40), 'hair above the forehead').toBe(value.hair);
    expect(at(160, 80), 'hair beside the temple').toBe(value.hair);
    expect(at(205, 125), 'cheek').toBe(value.skin);
    expect(at(225, 85), 'forehead').toBe(value.skin);
    expect(at(201, 101), 'right eye').toBe(value.eyes);
    expect(at(245, 103), 'left eye').toBe(value.eyes);
    expect(at(226, 125), 'nose').toBe(value.nose);
    expect(at(225, 146), 'teeth').toBe(value.inner_mouth);
    expect(at(100, 60), 'the wall').toBe(0);
    expect(at(200, 350), 'the suit').toBe(0);
  });

  it('has the face parts in their order from top to bottom', () => {
    /** Median row of a label's pixels, and how many there are. */
    const rowsOf = (label: number) => {
      const ys: number[] = [];
      for (let i = 0; i < labels.length; i++) if (labels[i] === label) ys.push(Math.floor(i / 512));
      return { y: ys[ys.length >> 1]!, n: ys.length };
    };
    const [brows, eyes, nose, upper, lower] = ['brows', 'eyes', 'nose', 'upper_lip', 'lower_lip'].map((l) =>
      rowsOf(value[l]!),
    );
    for (const part of [brows, eyes, nose, upper, lower]) expect(part!.n).toBeGreaterThan(20);
    expect(brows!.y).toBeLessThan(eyes!.y);
    expect(eyes!.y).toBeLessThan(nose!.y);
    expect(nose!.y).toBeLessThan(upper!.y);
    expect(upper!.y).toBeLessThan(lower!.y);
  });
});

it('parses no face on the coffee photo: face_num 0 and nothing labelled', async () => {
  const result = await run(read(coffeePath()));
  expect(result.answer.face_num).toBe(0);
  expect(result.answer.foreground_ratio).toBe(0);
});

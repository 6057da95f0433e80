import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  ART_STYLES,
  CARTOON_STYLES,
  parseArtStyleParams,
  parseCartoonParams,
  parseLineArtParams,
  type ArtStyleResult,
  type CartoonResult,
  type LineArtResult,
} from '../src/algorithms/image/style-params.ts';
import { astronautPath, coffeePath, groupSamplePath, read } from './fixtures.ts';
import { facesKept, styleStats, type Stats } from './style-measures.ts';

type AnyResult = CartoonResult | LineArtResult | ArtStyleResult;

const jpeg = async (file: string, side?: number) => {
  const p = sharp(file).removeAlpha();
  if (side) p.resize(side, side, { fit: 'inside' });
  return p.jpeg({ quality: 92 }).toBuffer();
};
const bytesOf = (r: AnyResult) => Buffer.from(r.images.media_data.bytes);

let astronaut: Buffer;
let photoStats: Stats;
const cartoons = new Map<string, { result: CartoonResult; stats: Stats }>();
const arts = new Map<string, { result: ArtStyleResult; stats: Stats }>();

beforeAll(async () => {
  await getInProcessEngine();
  astronaut = await jpeg(astronautPath());
  photoStats = await styleStats(astronaut);
  for (const style of CARTOON_STYLES) {
    const result = await runTaskInProcess<CartoonResult>('cartoon', { image: astronaut, params: { style } });
    cartoons.set(style, { result, stats: await styleStats(bytesOf(result)) });
  }
  for (const style of ART_STYLES) {
    const result = await runTaskInProcess<ArtStyleResult>('artstyle', {
      image: astronaut,
      params: { style },
    });
    arts.set(style, { result, stats: await styleStats(bytesOf(result)) });
  }
}, 120_000);

/** The largest relative difference of two renderings' statistics. */
const apart = (a: Stats, b: Stats) =>
  Math.max(
    Math.abs(a.colours - b.colours) / Math.max(a.colours, b.colours),
    Math.abs(a.edges - b.edges) / Math.max(a.edges, b.edges),
    Math.abs(a.saturation - b.saturation) / Math.max(a.saturation, b.saturation),
    Math.abs(a.grey - b.grey) / Math.max(a.grey, b.grey),
  );

/** Every pair of renderings differs by more than 15 % in at least one statistic. */
function expectApart(list: Array<[string, { stats: Stats }]>) {
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++)
      expect(apart(list[i]![1].stats, list[j]![1].stats), `${list[i]![0]} / ${list[j]![0]}`).toBeGreaterThan(
        0.15,
      );
}

describe('cartoon', () => {
  it('quantises the astronaut to far fewer colours than the photo, at its size, her face drawn from the mesh', () => {
    for (const [style, { result, stats }] of cartoons) {
      expect(result.answer, style).toEqual({ image_width: 512, image_height: 512, style, face_num: 1 });
      expect(stats.colours, style).toBeLessThan(0.5 * photoStats.colours);
    }
  });

  it('gives four measurably different styles', () => {
    expectApart([...cartoons.entries()]);
  });

  it('keeps the astronaut recognisable: the face detector still finds her face in every style', async () => {
    for (const [style, { result }] of cartoons)
      expect((await facesKept(astronaut, bytesOf(result))).kept, style).toBe(1);
  });

  it('keeps the faces of a group photo (face-api sample 5, five people)', async () => {
    const photo = read(groupSamplePath(5));
    const result = await runTaskInProcess<CartoonResult>('cartoon', {
      image: photo,
      params: { style: 'anime' },
    });
    expect(result.answer.face_num).toBe(5);
    const { found, kept } = await facesKept(photo, bytesOf(result));
    expect(kept).toBe(found);
  });

  it('draws a photo without a face (the coffee cup) with face_num 0', async () => {
    const result = await runTaskInProcess<CartoonResult>('cartoon', { image: await jpeg(coffeePath()) });
    expect(result.answer).toMatchObject({ style: 'anime', face_num: 0, image_width: 600, image_height: 400 });
  });
});

describe('line art', () => {
  it('is mostly white with dark lines where the photo has strong edges', async () => {
    const result = await runTaskInProcess<LineArtResult>('lineart', { image: astronaut });
    expect(result.answer).toEqual({
      image_width: 512,
      image_height: 512,
      line_weight: 2,
      detail: 50,
      face_num: 1,
    });
    const out = await sharp(bytesOf(result)).greyscale().raw().toBuffer();
    const photo = await sharp(astronaut).greyscale().raw().toBuffer();
    const w = 512;
    let white = 0;
    let dark = 0;
    let strong = 0;
    let strongDark = 0;
    let flat = 0;
    let flatDark = 0;
    for (let y = 2; y < w - 2; y++)
      for (let x = 2; x < w - 2; x++) {
        const i = y * w + x;
        if (out[i]! > 200) white++;
        if (out[i]! < 100) dark++;
        // A line within 2 px of the pixel.
        let near = false;
        for (let dy = -2; dy <= 2 && !near; dy++)
          for (let dx = -2; dx <= 2; dx++) if (out[i + dy * w + dx]! < 100) near = true;
        const g = Math.hypot(photo[i + 1]! - photo[i - 1]!, photo[i + w]! - photo[i - w]!);
        if (g > 80) {
          strong++;
          if (near) strongDark++;
        } else if (g < 4) {
          flat++;
          if (near) flatDark++;
        }
      }
    const n = (w - 4) * (w - 4);
    expect(white / n).toBeGreaterThan(0.75);
    expect(dark / n).toBeGreaterThan(0.02);
    expect(strongDark / strong).toBeGreaterThan(0.6);
    expect(flatDark / flat).toBeLessThan(0.15);
  });

  it('draws heavier lines with a larger line_weight and more of them with more detail', async () => {
    const darkShare = async (params: Record<string, unknown>) => {
      const r = await runTaskInProcess<LineArtResult>('lineart', { image: astronaut, params });
      const g = await sharp(bytesOf(r)).greyscale().raw().toBuffer();
      return g.reduce((a, v) => a + (v < 128 ? 1 : 0), 0) / g.length;
    };
    expect(await darkShare({ lineWeight: 5 })).toBeGreaterThan(1.3 * (await darkShare({ lineWeight: 1 })));
    expect(await darkShare({ detail: 100 })).toBeGreaterThan(1.2 * (await darkShare({ detail: 0 })));
  });
});

describe('art styles', () => {
  it('render the astronaut in six measurably different styles at her size', () => {
    const list = [...arts.entries()];
    for (const [style, { result }] of list)
      expect(result.answer, style).toEqual({ image_width: 512, image_height: 512, style, strength: 100 });
    expectApart(list);
  });

  it('each does what its name says: grey pencil and ink, vivid pop art, flat mosaic tiles', () => {
    const s = (k: string) => arts.get(k)!.stats;
    expect(s('pencil').saturation).toBeLessThan(0.1);
    expect(s('ink').saturation).toBeLessThan(0.15);
    expect(s('pop_art').saturation).toBeGreaterThan(photoStats.saturation);
    expect(s('oil').colours).toBeLessThan(photoStats.colours);
    expect(s('watercolor').grey).toBeGreaterThan(photoStats.grey);
  });

  it('keep the astronaut recognisable: her face is still found in every style', async () => {
    for (const [style, { result }] of arts)
      expect((await facesKept(astronaut, bytesOf(result))).kept, style).toBe(1);
  });

  it('render a group photo on a copy large enough for its small faces: the three of face-api sample 1 kept in ink', async () => {
    const photo = read(groupSamplePath(1));
    const result = await runTaskInProcess<ArtStyleResult>('artstyle', {
      image: photo,
      params: { style: 'ink' },
    });
    const { found, kept } = await facesKept(photo, bytesOf(result));
    expect([found, kept]).toEqual([3, 3]);
  });

  it('return the photo itself at strength 0', async () => {
    const r = await runTaskInProcess<ArtStyleResult>('artstyle', {
      image: astronaut,
      params: { style: 'pop_art', strength: 0 },
    });
    const a = await sharp(bytesOf(r)).raw().toBuffer();
    const b = await sharp(astronaut).removeAlpha().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    expect(diff / a.length).toBeLessThan(3);
  });
});

describe('style parameters and small inputs', () => {
  it('refuse unknown styles and out-of-range values', () => {
    expect(() => parseCartoonParams({ style: 'sketchy' })).toThrow(TaskParamsError);
    expect(() => parseArtStyleParams({ style: 'anime' })).toThrow(TaskParamsError);
    expect(() => parseArtStyleParams({ strength: 101 })).toThrow(TaskParamsError);
    expect(() => parseLineArtParams({ lineWeight: 6 })).toThrow(TaskParamsError);
    expect(() => parseLineArtParams({ lineWeight: 2.5 })).toThrow(TaskParamsError);
  });

  it('answer a JPEG of the same size for a 1 x 1 and a grey 37 x 23 photo', async () => {
    for (const [w, h] of [
      [1, 1],
      [37, 23],
    ] as const) {
      const image = await sharp({
        create: { width: w, height: h, channels: 3, background: { r: 120, g: 120, b: 120 } },
      })
        .jpeg()
        .toBuffer();
      for (const [task, params] of [
        ['cartoon', { style: 'comic' }],
        ['lineart', {}],
        ...ART_STYLES.map((style) => ['artstyle', { style }] as const),
      ] as const) {
        const r = await runTaskInProcess<AnyResult>(task, { image, params });
        const meta = await sharp(bytesOf(r)).metadata();
        expect([meta.width, meta.height], `${task} ${JSON.stringify(params)}`).toEqual([w, h]);
      }
    }
  });
});

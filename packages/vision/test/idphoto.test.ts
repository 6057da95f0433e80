import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, TaskParamsError } from '../src/index.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import {
  composite,
  idphoto,
  measureHead,
  placeHead,
  type IdPhotoModels,
} from '../src/algorithms/body/idphoto.ts';
import {
  ID_SPECS,
  parseIdPhotoParams,
  STUDIO_RULE,
  PASSPORT_RULE,
  type IdPhotoResult,
} from '../src/algorithms/body/idphoto-params.ts';
import { astronautPath, cameraPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

let models: IdPhotoModels;

beforeAll(async () => {
  await initTf();
  models = await idphoto.loadModels();
});

async function run(image: Buffer, params: Record<string, unknown> = {}): Promise<IdPhotoResult> {
  const decoded = await decodeImage(image, undefined, idphoto.decode);
  return idphoto.run(decoded, idphoto.parseParams(params), models);
}

async function rgb(jpeg: Uint8Array) {
  const { data, info } = await sharp(Buffer.from(jpeg)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Largest channel difference from `colour` over the w x h block at (x, y). */
function blockDistance(
  img: { data: Buffer; width: number },
  x0: number,
  y0: number,
  size: number,
  colour: readonly [number, number, number],
): number {
  let worst = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      for (let c = 0; c < 3; c++) {
        worst = Math.max(worst, Math.abs(img.data[3 * (y * img.width + x) + c]! - colour[c]!));
      }
    }
  }
  return worst;
}

/** The head of an output photo measured again (face mesh and person mask): ratios of its height. */
async function headRatios(jpeg: Uint8Array) {
  const img = await rgb(jpeg);
  const head = await measureHead(img, models);
  const H = img.height;
  return {
    head: ((head.chinU - head.crownU) * head.toImage) / H,
    eye: (head.frame.origin[1] * head.toImage) / H,
    centre: (head.frame.origin[0] * head.toImage) / img.width,
    roll: head.roll,
  };
}

describe('idphoto on the astronaut (one frontal face)', () => {
  let blue: IdPhotoResult;
  let passport: IdPhotoResult;
  beforeAll(async () => {
    blue = await run(read(astronautPath()), { spec: '1inch', bgColor: 'blue' });
    // Passport heads are 0.756 of 531 px: the 512-px astronaut (head 160 px) is too small for one,
    // so it is enlarged to 1024 px first, as a phone photo of that size would be.
    const large = await sharp(read(astronautPath())).resize(1024).png().toBuffer();
    passport = await run(large, { spec: 'passport', bgColor: '#c0ffee' });
  });

  it('answers a 1-inch photo, 295 x 413 at 300 dpi, with the head placed by the studio rule', async () => {
    expect(blue.refused).toBeUndefined();
    const meta = await sharp(Buffer.from(blue.images!.media_data.bytes)).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['jpeg', 295, 413, 300]);
    expect(blue.answer).toMatchObject({
      output_width: 295,
      output_height: 413,
      bg_color: '#438edb',
      copies: 1,
    });
    expect(blue.answer!.head_height_ratio).toBeCloseTo(STUDIO_RULE.head.target, 3);
  });

  it('paints the background far from the person in the asked colour (named and hex)', async () => {
    const photo = await rgb(blue.images!.media_data.bytes);
    // The top corners: above the shoulders and beside the hair, far from the person.
    expect(blockDistance(photo, 4, 4, 20, [0x43, 0x8e, 0xdb])).toBeLessThanOrEqual(6);
    expect(blockDistance(photo, 295 - 24, 4, 20, [0x43, 0x8e, 0xdb])).toBeLessThanOrEqual(6);
    const other = await rgb(passport.images!.media_data.bytes);
    expect([other.width, other.height]).toEqual([413, 531]);
    expect(blockDistance(other, 4, 4, 20, [0xc0, 0xff, 0xee])).toBeLessThanOrEqual(6);
    // The face is not painted over: the photo's centre at eye height is skin, not the background.
    const i = 3 * (Math.round(0.45 * 413) * 295 + 147);
    expect(Math.abs(photo.data[i]! - 0x43) + Math.abs(photo.data[i + 2]! - 0xdb)).toBeGreaterThan(80);
  });

  it('the output, measured again, has its head height and eye line inside the standard, centred and level', async () => {
    for (const [result, rule] of [
      [blue, STUDIO_RULE],
      [passport, PASSPORT_RULE],
    ] as const) {
      const m = await headRatios(result.images!.media_data.bytes);
      expect(m.head).toBeGreaterThanOrEqual(rule.head.min);
      expect(m.head).toBeLessThanOrEqual(rule.head.max);
      expect(m.eye).toBeGreaterThanOrEqual(rule.eyeLine.min);
      expect(m.eye).toBeLessThanOrEqual(rule.eyeLine.max);
      expect(Math.abs(m.centre - 0.5)).toBeLessThan(0.03);
      expect(Math.abs(m.roll)).toBeLessThan(2);
    }
  });

  it('lays copies out on a 6-inch sheet with white margins', async () => {
    const sheet = await run(read(astronautPath()), { spec: '1inch', bgColor: 'red', layout: '6inch' });
    expect(sheet.answer).toMatchObject({
      layout: '6inch',
      copies: 12,
      sheet_width: 1200,
      sheet_height: 1800,
    });
    const img = await rgb(sheet.images!.media_data.bytes);
    expect([img.width, img.height]).toEqual([1200, 1800]);
    expect(blockDistance(img, 2, 2, 20, [255, 255, 255])).toBeLessThanOrEqual(3);
    // 3 columns x 4 rows of 295 x 413 with 24 px gaps, centred: the first copy's top-left corner
    // region is the red background.
    const left = Math.floor((1200 - (3 * 295 + 2 * 24)) / 2);
    const top = Math.floor((1800 - (4 * 413 + 3 * 24)) / 2);
    expect(blockDistance(img, left + 4, top + 4, 16, [255, 0, 0])).toBeLessThanOrEqual(8);
  });
});

describe('idphoto refuses photos that cannot make an ID photo', () => {
  it('two faces of similar size: several_faces', async () => {
    // Two women of face-api sample 3 (the middle and the right one).
    const two = await sharp(read(groupSamplePath(3)))
      .extract({ left: 940, top: 60, width: 980, height: 800 })
      .png()
      .toBuffer();
    expect((await run(two)).refused).toBe('several_faces');
  });

  it('a profile (the cameraman): face_turned', async () => {
    expect((await run(read(cameraPath()))).refused).toBe('face_turned');
  });

  it('no face (the cat): no_face', async () => {
    expect((await run(read(chelseaPath()))).refused).toBe('no_face');
  });

  it('the crown cut off by the top border: head_cut', async () => {
    const cut = await sharp(read(astronautPath()))
      .extract({ left: 0, top: 70, width: 512, height: 442 })
      .png()
      .toBuffer();
    const r = await run(cut);
    expect(r.refused).toBe('head_cut');
  });

  it('a 1 x 1, a transparent 3 x 2 and a grey 37 x 23 photo: no_face, no crash', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const clear = await sharp({ create: { width: 3, height: 2, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const grey = await sharp({ create: { width: 37, height: 23, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    for (const photo of [tiny, clear, grey]) expect((await run(photo)).refused).toBe('no_face');
  });

  it('too few pixels for the size asked: too_small', async () => {
    const small = await sharp(read(astronautPath())).resize(200).png().toBuffer();
    const r = await run(small, { spec: '2inch' });
    expect(r).toMatchObject({ refused: 'too_small' });
  });
});

describe('idphoto parameters and compositing', () => {
  it('reads the named sizes, custom sizes and colours, and refuses what does not fit', () => {
    expect(parseIdPhotoParams({})).toEqual({ spec: '1inch', bgColor: 'white', layout: 'none' });
    expect(ID_SPECS.passport).toMatchObject({ width: 413, height: 531 });
    expect(parseIdPhotoParams({ spec: 'custom', width: 300, height: 400, bgColor: 'AB12CD' })).toMatchObject({
      width: 300,
      height: 400,
    });
    expect(() => parseIdPhotoParams({ spec: 'custom', width: 300 })).toThrow(TaskParamsError);
    expect(() => parseIdPhotoParams({ spec: 'custom', width: 900, height: 400 })).toThrow(/width \/ height/);
    expect(() => parseIdPhotoParams({ bgColor: 'green' })).toThrow(TaskParamsError);
    expect(() => parseIdPhotoParams({ layout: '7inch' })).toThrow(TaskParamsError);
  });

  it('a custom size is answered at that size', async () => {
    const r = await run(read(astronautPath()), { spec: 'custom', width: 240, height: 320 });
    const meta = await sharp(Buffer.from(r.images!.media_data.bytes)).metadata();
    expect([meta.width, meta.height]).toEqual([240, 320]);
  });

  it('places the head at the targets, moves the eye line into its band, then resizes the head within its band', () => {
    // Eyes half-way down the head: passport targets as they are (eye line 0.09 + 0.5 x 0.756).
    expect(placeHead(PASSPORT_RULE, 0.5)).toMatchObject({ head: 34 / 45, crown: 0.09 });
    // Eyes lower in the head: the crown moves up so the eye line is at the band's 0.5 edge.
    const low = placeHead(PASSPORT_RULE, 0.6)!;
    expect(low.head).toBeCloseTo(34 / 45, 6);
    expect(low.eye).toBeCloseTo(0.5, 6);
    expect(low.crown).toBeCloseTo(0.5 - 0.6 * (34 / 45), 6);
    // Lower still: the crown stays at its 0.02 minimum and the head shrinks to 0.48 / 0.64 = 0.75.
    const lower = placeHead(PASSPORT_RULE, 0.64)!;
    expect([lower.crown, lower.head, lower.eye].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([
      0.02, 0.75, 0.5,
    ]);
    // No head size in 71.1-80 % puts an eye line at 70 % of the head inside 30-50 %.
    expect(placeHead(PASSPORT_RULE, 0.7)).toBeUndefined();
  });

  it('composite: alpha 0 is the background exactly, alpha 1 the photo', () => {
    const photo = { data: Buffer.alloc(40 * 30 * 3, 77), width: 40, height: 30 };
    const mask = new Uint8Array(40 * 30);
    mask.fill(255, 0, 40 * 15);
    const out = composite(photo, mask, [10, 20, 30]);
    expect([...out.subarray(0, 3)]).toEqual([77, 77, 77]);
    expect([...out.subarray(out.length - 3)]).toEqual([10, 20, 30]);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runTaskInProcess, STICKER_MATERIALS, TaskParamsError, type StickerResult } from '../src/index.ts';
import { drawSvg, parseSvg } from '../src/image/svg.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';
import {
  angleDiff,
  apply,
  markedIod,
  markedRoll,
  meshesOfMarked,
  placement,
  rollOf,
  type MarkedFace,
} from './sticker-measures.ts';

/** v1/EmojMaterialH5's task and its SVG rasteriser, on real photos against hand-marked points. */

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<StickerResult>('emojmaterial', { image, params });

const canvas = (side: number) => ({ width: side, height: side, data: Buffer.alloc(side * side * 3) });
const coverage = (c: ReturnType<typeof canvas>) =>
  c.data.reduce((s, v, i) => (i % 3 === 0 ? s + v / 255 : s), 0);

describe('the SVG rasteriser', () => {
  it('fills with anti-aliased edges: a circle’s area, an even-odd hole, a half-covered edge pixel', () => {
    const white = '<svg viewBox="0 0 20 20">%</svg>';
    const c1 = canvas(20);
    drawSvg(
      c1,
      parseSvg(white.replace('%', '<circle cx="10" cy="10" r="6" fill="#fff"/>')),
      [1, 0, 0, 1, 0, 0],
    );
    // The flattened circle is inscribed: a little under pi r^2.
    expect(Math.abs(coverage(c1) - Math.PI * 36)).toBeLessThan(1.2);
    const c2 = canvas(20);
    const ring =
      '<path fill-rule="evenodd" fill="#fff" d="M 2 2 L 18 2 L 18 18 L 2 18 Z M 6 6 L 14 6 L 14 14 L 6 14 Z"/>';
    drawSvg(c2, parseSvg(white.replace('%', ring)), [1, 0, 0, 1, 0, 0]);
    expect(coverage(c2)).toBeCloseTo(256 - 64, 1);
    expect(c2.data[3 * (10 * 20 + 10)]).toBe(0);
    const c3 = canvas(4);
    drawSvg(
      c3,
      parseSvg('<svg viewBox="0 0 4 4"><path d="M 0 0 H 2.5 V 4 H 0 Z" fill="#fff"/></svg>'),
      [1, 0, 0, 1, 0, 0],
    );
    expect(c3.data[3 * 2]).toBe(128);
  });

  it('paints a linear gradient along its axis and refuses what it does not draw', () => {
    const c = canvas(10);
    const svg =
      '<svg viewBox="0 0 10 10"><linearGradient id="g" x1="0" y1="0" x2="10" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient><path d="M 0 0 L 10 0 L 10 10 L 0 10 Z" fill="url(#g)"/></svg>';
    drawSvg(c, parseSvg(svg), [1, 0, 0, 1, 0, 0]);
    expect(c.data[3 * 0]).toBeLessThan(20);
    expect(c.data[3 * 9]).toBeGreaterThan(235);
    expect(() => parseSvg('<svg viewBox="0 0 1 1"><path d="M 0 0 A 1 1 0 0 0 1 1 Z"/></svg>')).toThrow(
      /subset/,
    );
  });
});

describe('emojmaterial', () => {
  it('puts the glasses’ lens centres on the hand-marked eyes and turns them with a rolled head', async () => {
    const faces = [...(await meshesOfMarked('sample3.jpg')), ...(await meshesOfMarked('sample1.jpg'))];
    let checked = 0;
    for (const { face, mesh } of faces) {
      const iod = markedIod(face);
      if (!mesh || !iod) continue;
      const { m, transform } = placement('glasses', mesh);
      const [right, left] = m.anchor.pair!.svg.map((p) => apply(transform, p));
      const error = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]) / iod;
      expect(error(right!, face.rightEye!), face.pose).toBeLessThan(0.2);
      expect(error(left!, face.leftEye!), face.pose).toBeLessThan(0.2);
      // Pair and point anchors both turn with the eye line.
      expect(Math.abs(angleDiff(rollOf(transform), markedRoll(face)!)), face.pose).toBeLessThan(8);
      expect(Math.abs(angleDiff(rollOf(placement('crown', mesh).transform), markedRoll(face)!))).toBeLessThan(
        8,
      );
      checked++;
    }
    expect(checked).toBe(6);
  });

  it('draws sunglasses over the marked eyes of a head rolled about 45 degrees, and a clown nose on the nose', async () => {
    const photo = read(groupSamplePath(1));
    const result = await run(photo, { materials: 'sunglasses, clown_nose' });
    expect(result.answer.face_num).toBe(3);
    expect(result.answer.materials).toEqual(['sunglasses', 'clown_nose']);
    const { data, info } = await sharp(Buffer.from(result.images.media_data.bytes))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const before = await sharp(photo).raw().toBuffer();
    const at = (px: Buffer, [x, y]: [number, number]) => {
      const o = 3 * (Math.round(y) * info.width + Math.round(x));
      return [px[o]!, px[o + 1]!, px[o + 2]!] as const;
    };
    const rolled = (await meshesOfMarked('sample1.jpg'))
      .map((m) => m.face)
      .find((f) => f.pose.includes('45')) as MarkedFace;
    expect(Math.abs(markedRoll(rolled)!)).toBeGreaterThan(35);
    for (const eye of [rolled.rightEye!, rolled.leftEye!]) {
      const [r, g, b] = at(data, eye);
      // The dark blue-grey lens, whatever the skin was.
      expect(r + g + b, `eye at ${eye.join(', ')}`).toBeLessThan(240);
      expect(b).toBeGreaterThan(r);
    }
    // The red nose ball on the marked nose tip.
    const [r, g] = at(data, rolled.noseTip);
    expect(r - g).toBeGreaterThan(100);
    expect(at(before, rolled.noseTip)[0]! - at(before, rolled.noseTip)[1]!).toBeLessThan(80);
  });

  it('answers no face on the cat, bundles at least ten materials, refuses bad parameters', async () => {
    expect(STICKER_MATERIALS.length).toBeGreaterThanOrEqual(10);
    const cat = await run(read(chelseaPath()));
    expect(cat.answer.face_num).toBe(0);
    const astronaut = read(astronautPath());
    await expect(run(astronaut, { material: 'tiara' })).rejects.toThrow(TaskParamsError);
    await expect(run(astronaut, { materials: 'crown,tiara' })).rejects.toThrow(TaskParamsError);
    await expect(run(astronaut, { materials: 'crown,glasses,blush,moustache,clown_nose' })).rejects.toThrow(
      TaskParamsError,
    );
    const one = await run(astronaut, { material: 'crown' });
    expect(one.answer).toMatchObject({ face_num: 1, materials: ['crown'] });
  });
});

describe('emojmaterial with an uploaded PNG sticker', () => {
  /** A green ring, 100 px square: opaque between radius 25 and 50, clear inside and in the corners. */
  const ring = async () => {
    const data = Buffer.alloc(100 * 100 * 4);
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 100; x++) {
        const r = Math.hypot(x + 0.5 - 50, y + 0.5 - 50);
        if (r < 25 || r > 50) continue;
        data.set([30, 200, 40, 255], (y * 100 + x) * 4);
      }
    return new Uint8Array(
      await sharp(data, { raw: { width: 100, height: 100, channels: 4 } })
        .png()
        .toBuffer(),
    );
  };

  it('draws it at its anchor on the hand-marked nose of a rolled head: green around the tip, the tip itself seen through', async () => {
    const photo = read(groupSamplePath(1));
    const png = await ring();
    const result = await run(photo, {
      material: 'm7',
      uploaded: [{ value: 'm7', png, anchor: 'nose', scale: 2 }],
    });
    expect(result.answer.materials).toEqual(['m7']);
    const { data, info } = await sharp(Buffer.from(result.images.media_data.bytes))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const before = await sharp(photo).raw().toBuffer();
    const at = (px: Buffer, [x, y]: readonly [number, number]) => {
      const o = 3 * (Math.round(y) * info.width + Math.round(x));
      return [px[o]!, px[o + 1]!, px[o + 2]!] as const;
    };
    const rolled = (await meshesOfMarked('sample1.jpg'))
      .map((m) => m.face)
      .find((f) => f.pose.includes('45')) as MarkedFace;
    const iod = markedIod(rolled)!;
    const [ex, ey] = [rolled.leftEye![0] - rolled.rightEye![0], rolled.leftEye![1] - rolled.rightEye![1]];
    const unit = [ex / Math.hypot(ex, ey), ey / Math.hypot(ex, ey)] as const;
    // The ring's middle radius (37.5 of 100 px, the sticker two eye distances wide), both ways
    // along the eye line and across it: the ring is half an eye distance thick, room for the
    // mesh's nose tip to sit off the hand-marked one.
    const r = 0.75 * iod;
    for (const [dx, dy] of [unit, [-unit[0], -unit[1]], [-unit[1], unit[0]], [unit[1], -unit[0]]] as const) {
      const [red, green, blue] = at(data, [rolled.noseTip[0] + r * dx, rolled.noseTip[1] + r * dy]);
      expect(green - Math.max(red, blue), `ring at ${dx.toFixed(2)}, ${dy.toFixed(2)}`).toBeGreaterThan(100);
    }
    // The clear middle leaves the photo as it was (up to JPEG re-encoding).
    const tip = at(data, rolled.noseTip);
    const was = at(before, rolled.noseTip);
    for (let k = 0; k < 3; k++) expect(Math.abs(tip[k]! - was[k]!)).toBeLessThan(25);
  });

  it('refuses an uploaded value that was not sent with the call, and a sticker without its anchor', async () => {
    const astronaut = read(astronautPath());
    await expect(run(astronaut, { material: 'm7' })).rejects.toThrow(TaskParamsError);
    await expect(
      run(astronaut, {
        material: 'm7',
        uploaded: [{ value: 'm7', png: await ring(), anchor: 'ear', scale: 1 }],
      }),
    ).rejects.toThrow(TaskParamsError);
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  runTaskInProcess,
  TaskParamsError,
  type BeautifyResult,
  type FacePointsResult,
  type MakeupResult,
  type ShapeResult,
} from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { FACE_OVAL, faceWidthOf, RETOUCH_RULES } from '../src/algorithms/face/retouch.ts';
import { MAKEUP_REGIONS } from '../src/algorithms/face/makeup-paint.ts';
import {
  grey,
  localVariance,
  meanAbsDiff,
  meanOf,
  pixelsWhere,
  polygon,
  outsideFace,
  skin,
  type Grey,
  type Mesh,
} from './retouch-measures.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

/** beautify, shapetuning and makeup on real photos: the change happens where it should, and only there. */

type ImageResult = BeautifyResult | ShapeResult | MakeupResult;
const run = <R extends ImageResult>(task: string, image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<R>(task, { image, params });
const jpeg = (r: ImageResult) => Buffer.from(r.images.media_data.bytes);
const points = (image: Buffer) => runTaskInProcess<FacePointsResult>('facepoints', { image });

const NO_BEAUTY = { smooth: 0, whiten: 0, blemish: 0, eyeBright: 0 };
const NO_SHAPE = { faceSlim: 0, chin: 0, eyeEnlarge: 0, noseNarrow: 0, forehead: 0 };
const NO_MAKEUP = { lipstick: 0, blush: 0, eyebrow: 0, eyeliner: 0, eyeshadow: 0 };

/** Mean of (B - R) and of (R - G) over `where`, from an RGB JPEG. */
async function tint(image: Buffer, where: number[]) {
  const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let blue = 0;
  let red = 0;
  for (const i of where) {
    blue += data[3 * i + 2]! - data[3 * i]!;
    red += data[3 * i]! - data[3 * i + 1]!;
  }
  return { blueness: blue / where.length, redness: red / where.length };
}

/** A disc of radius r around mesh point `at`. */
function disc(width: number, height: number, mesh: Mesh, at: number, r: number): number[] {
  const [cx, cy] = mesh[at]!;
  return pixelsWhere(
    width,
    height,
    (i) => Math.hypot((i % width) + 0.5 - cx, Math.floor(i / width) + 0.5 - cy) < r,
  );
}

/**
 * Where the square patch of `before` centred on (cx, cy), `half` pixels each side, went in
 * `after`: the integer offset within `range` with the least sum of squared differences.
 */
function patchShift(
  before: Grey,
  after: Grey,
  cx: number,
  cy: number,
  half: number,
  range: number,
): [number, number] {
  let best = Infinity;
  let at: [number, number] = [0, 0];
  const x0 = Math.round(cx);
  const y0 = Math.round(cy);
  for (let dy = -range; dy <= range; dy++)
    for (let dx = -range; dx <= range; dx++) {
      let ssd = 0;
      for (let y = -half; y <= half; y++)
        for (let x = -half; x <= half; x++) {
          const d =
            before.data[(y0 + y) * before.width + x0 + x]! -
            after.data[(y0 + y + dy) * after.width + x0 + x + dx]!;
          ssd += d * d;
        }
      if (ssd < best) {
        best = ssd;
        at = [dx, dy];
      }
    }
  return at;
}

let astronaut: Buffer;
let mesh: Mesh;
beforeAll(async () => {
  await getInProcessEngine();
  astronaut = await sharp(astronautPath()).resize(640).jpeg({ quality: 90 }).toBuffer();
  mesh = (await points(astronaut)).faces[0]!.mesh;
});

describe('beautify (v1/beauty)', () => {
  it('smooths the skin and leaves eyes, lips and background', async () => {
    const result = await run<BeautifyResult>('beautify', astronaut, { ...NO_BEAUTY, smooth: 60 });
    const plain = await run<BeautifyResult>('beautify', astronaut, NO_BEAUTY);
    expect(result.answer.face_num).toBe(1);
    expect(result.answer.beauty).toEqual({ smooth: 60, whiten: 0, blemish: 0, eye_bright: 0 });
    const before = await grey(astronaut);
    const after = await grey(jpeg(result));
    const reencoded = await grey(jpeg(plain));
    const skinPixels = await skin(astronaut, before, mesh);
    expect(skinPixels.length).toBeGreaterThan(3000);
    const texture = localVariance(before, skinPixels);
    // The pores are put back (BEAUTIFY_KEEP_PORES), so less goes than in AI Beauty, but most does.
    expect(localVariance(after, skinPixels)).toBeLessThan(0.6 * texture);
    expect(localVariance(reencoded, skinPixels)).toBeGreaterThan(0.7 * texture);
    const lips = polygon(before, mesh, MAKEUP_REGIONS.lipsOuter);
    expect(meanAbsDiff(reencoded, after, lips)).toBeLessThan(1.5);
    const background = outsideFace(before.width, before.height, mesh, 0.1);
    expect(background.length).toBeGreaterThan(0.5 * before.width * before.height);
    expect(meanAbsDiff(reencoded, after, background)).toBe(0);
  });

  it('removes dark and red spots put on the cheek, and keeps the skin around them', async () => {
    // Six spots 3-4 px wide (a blemish at this scale) drawn on the real photo's cheeks.
    const { data, info } = await sharp(astronaut).raw().toBuffer({ resolveWithObject: true });
    const spotted = Buffer.from(data);
    const centres = [50, 101, 280, 330, 205, 425].map((i) => mesh[i]!);
    const spots: number[] = [];
    for (const [k, [cx, cy]] of centres.entries()) {
      for (let y = Math.round(cy) - 2; y <= Math.round(cy) + 1; y++)
        for (let x = Math.round(cx) - 2; x <= Math.round(cx) + 1; x++) {
          const i = y * info.width + x;
          spots.push(i);
          const [r, g, b] = k % 2 === 0 ? [95, 55, 45] : [170, 70, 70];
          spotted[3 * i] = r;
          spotted[3 * i + 1] = g;
          spotted[3 * i + 2] = b;
        }
    }
    const photo = await sharp(spotted, { raw: { width: info.width, height: info.height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const original = await grey(astronaut);
    const withSpots = await grey(photo);
    const cleaned = await grey(
      jpeg(await run<BeautifyResult>('beautify', photo, { ...NO_BEAUTY, blemish: 60 })),
    );
    const kept = await grey(jpeg(await run<BeautifyResult>('beautify', photo, NO_BEAUTY)));
    // Measured as the distance from the photo before the spots were drawn.
    expect(meanAbsDiff(original, withSpots, spots)).toBeGreaterThan(40);
    expect(meanAbsDiff(original, kept, spots)).toBeGreaterThan(35);
    expect(meanAbsDiff(original, cleaned, spots)).toBeLessThan(12);
    // Skin away from the spots is not filled.
    const skinPixels = await skin(astronaut, original, mesh);
    const near = new Set(centres.flatMap(([cx, cy]) => disc(640, 640, [[cx, cy, 0]] as Mesh, 0, 8)));
    const rest = skinPixels.filter((i) => !near.has(i));
    expect(meanAbsDiff(kept, cleaned, rest)).toBeLessThan(1);
  });

  it('brightens the eyes and whitens the skin', async () => {
    const before = await grey(jpeg(await run<BeautifyResult>('beautify', astronaut, NO_BEAUTY)));
    const eyes = await grey(
      jpeg(await run<BeautifyResult>('beautify', astronaut, { ...NO_BEAUTY, eyeBright: 100 })),
    );
    const white = await grey(
      jpeg(await run<BeautifyResult>('beautify', astronaut, { ...NO_BEAUTY, whiten: 80 })),
    );
    const eye = polygon(before, mesh, MAKEUP_REGIONS.eyeRight);
    expect(meanOf(eyes, eye) - meanOf(before, eye)).toBeGreaterThan(8);
    const skinPixels = await skin(astronaut, before, mesh);
    expect(meanOf(eyes, skinPixels) - meanOf(before, skinPixels)).toBeLessThan(0.5);
    expect(meanOf(white, skinPixels) - meanOf(before, skinPixels)).toBeGreaterThan(8);
  });
});

describe('shape tuning (v1/beauty_shape)', () => {
  const reshaped = (params: Record<string, unknown>) =>
    run<ShapeResult>('shapetuning', astronaut, { ...NO_SHAPE, ...params });

  it('moves the chin, the nose wings, the forehead and the jaw as asked', async () => {
    const base = await grey(jpeg(await reshaped({})));
    const face = faceWidthOf(mesh);
    const shifted = async (params: Record<string, unknown>, point: number) => {
      const [x, y] = mesh[point]!;
      return patchShift(base, await grey(jpeg(await reshaped(params))), x, y, Math.round(0.06 * face), 12);
    };
    // The chin tip (152) down, then up, along the face's midline (about vertical here).
    expect((await shifted({ chin: 100 }, 152))[1]).toBeGreaterThanOrEqual(3);
    expect((await shifted({ chin: -100 }, 152))[1]).toBeLessThanOrEqual(-3);
    // The top of the face (10) up.
    expect((await shifted({ forehead: 100 }, 10))[1]).toBeLessThanOrEqual(-3);
    // The nose wings (48 on the left of the photo, 278 on the right) towards each other.
    expect((await shifted({ noseNarrow: 100 }, 48))[0]).toBeGreaterThanOrEqual(1);
    expect((await shifted({ noseNarrow: 100 }, 278))[0]).toBeLessThanOrEqual(-1);
    // The jaw (172 left, 397 right) towards the midline.
    expect((await shifted({ faceSlim: 100 }, 172))[0]).toBeGreaterThanOrEqual(2);
    expect((await shifted({ faceSlim: 100 }, 397))[0]).toBeLessThanOrEqual(-2);
    // Each warp leaves the other parts where they were.
    expect(await shifted({ chin: 100 }, 10)).toEqual([0, 0]);
    expect(await shifted({ forehead: 100 }, 152)).toEqual([0, 0]);
  });

  it('leaves every pixel outside the face region as it was', async () => {
    const plain = await run<ShapeResult>('shapetuning', astronaut, NO_SHAPE);
    const all = await run<ShapeResult>('shapetuning', astronaut, {
      faceSlim: 100,
      chin: 100,
      eyeEnlarge: 100,
      noseNarrow: 100,
      forehead: 100,
    });
    expect(all.answer.shape).toEqual({
      face_slim: 100,
      chin: 100,
      eye_enlarge: 100,
      nose_narrow: 100,
      forehead: 100,
    });
    const a = await grey(jpeg(plain));
    const b = await grey(jpeg(all));
    // The support fades out within two feathering radii of the grown oval; JPEG blocks (8 px)
    // that straddle its edge re-encode differently, so the check starts a block beyond.
    const margin = 2 * RETOUCH_RULES.warpFeather + 16 / faceWidthOf(mesh);
    const outside = outsideFace(a.width, a.height, mesh, margin);
    expect(outside.length).toBeGreaterThan(0.5 * a.width * a.height);
    expect(meanAbsDiff(a, b, outside)).toBe(0);
    // The face itself changed.
    const inside = polygon(a, mesh, FACE_OVAL);
    expect(meanAbsDiff(a, b, inside)).toBeGreaterThan(3);
  });
});

describe('makeup (v3/makeup)', () => {
  const BLUE = { ...NO_MAKEUP, lipstick: 100, lipstickColor: '#2040d0' };

  it('lipstick turns the lips towards its colour and leaves the cheeks', async () => {
    const plain = jpeg(await run<MakeupResult>('makeup', astronaut, NO_MAKEUP));
    const result = await run<MakeupResult>('makeup', astronaut, BLUE);
    expect(result.answer.makeup.lipstick).toEqual({ color: '#2040d0', strength: 100 });
    const a = await grey(plain);
    const lips = polygon(a, mesh, MAKEUP_REGIONS.lipsOuter).filter(
      (i) => !polygon(a, mesh, MAKEUP_REGIONS.lipsInner).includes(i),
    );
    expect(lips.length).toBeGreaterThan(100);
    const before = await tint(plain, lips);
    const after = await tint(jpeg(result), lips);
    expect(before.blueness).toBeLessThan(0);
    expect(after.blueness).toBeGreaterThan(before.blueness + 40);
    const face = faceWidthOf(mesh);
    const cheeks = [...disc(640, 640, mesh, 50, 0.08 * face), ...disc(640, 640, mesh, 280, 0.08 * face)];
    expect(meanAbsDiff(a, await grey(jpeg(result)), cheeks)).toBeLessThan(0.5);
  });

  it('blush reddens the cheeks; a look paints every part', async () => {
    const plain = jpeg(await run<MakeupResult>('makeup', astronaut, NO_MAKEUP));
    const blush = jpeg(
      await run<MakeupResult>('makeup', astronaut, { ...NO_MAKEUP, blush: 100, blushColor: '#ff3060' }),
    );
    const face = faceWidthOf(mesh);
    const cheeks = [...disc(640, 640, mesh, 50, 0.06 * face), ...disc(640, 640, mesh, 280, 0.06 * face)];
    expect((await tint(blush, cheeks)).redness).toBeGreaterThan((await tint(plain, cheeks)).redness + 10);
    const look = await run<MakeupResult>('makeup', astronaut, { look: 'smoky' });
    expect(look.answer.makeup.look).toBe('smoky');
    expect(look.answer.makeup.eyeliner.strength).toBeGreaterThan(0);
    const a = await grey(plain);
    const b = await grey(jpeg(look));
    // Eye shadow and liner darken the lids (the upper lid to the crease).
    const lid = polygon(a, mesh, [...MAKEUP_REGIONS.lidRight, ...[...MAKEUP_REGIONS.creaseRight].reverse()]);
    expect(meanOf(a, lid) - meanOf(b, lid)).toBeGreaterThan(8);
  });

  it('follows the head: on turned and tilted faces the lipstick stays on the lips', async () => {
    // The most turned face of face-api's sample 2 (largest nose offset from the cheeks' middle),
    // and the astronaut tilted by 25 degrees.
    const group = read(groupSamplePath(2));
    const tilted = await sharp(astronaut)
      .rotate(25, { background: '#808080' })
      .jpeg({ quality: 92 })
      .toBuffer();
    for (const photo of [group, tilted]) {
      const faces = (await points(photo)).faces;
      expect(faces.length).toBeGreaterThan(0);
      const yaw = (m: Mesh) =>
        Math.abs(m[1]![0] - (m[234]![0] + m[454]![0]) / 2) /
        Math.hypot(m[234]![0] - m[454]![0], m[234]![1] - m[454]![1]);
      const face = [...faces].sort((p, q) => yaw(q.mesh) - yaw(p.mesh))[0]!;
      const plain = jpeg(await run<MakeupResult>('makeup', photo, NO_MAKEUP));
      const made = jpeg(await run<MakeupResult>('makeup', photo, BLUE));
      const g = await grey(plain);
      const inner = new Set(polygon(g, face.mesh, MAKEUP_REGIONS.lipsInner));
      const lips = polygon(g, face.mesh, MAKEUP_REGIONS.lipsOuter).filter((i) => !inner.has(i));
      const before = await tint(plain, lips);
      const after = await tint(made, lips);
      expect(after.blueness).toBeGreaterThan(before.blueness + 30);
      const fw = faceWidthOf(face.mesh);
      const cheeks = [
        ...disc(g.width, g.height, face.mesh, 50, 0.08 * fw),
        ...disc(g.width, g.height, face.mesh, 280, 0.08 * fw),
      ];
      expect(
        Math.abs((await tint(made, cheeks)).blueness - (await tint(plain, cheeks)).blueness),
      ).toBeLessThan(1);
    }
  });
});

describe('no face, bad settings', () => {
  it('a cat: no face and the photo unchanged; bad settings are refused', async () => {
    const cat = read(chelseaPath());
    for (const task of ['beautify', 'shapetuning', 'makeup']) {
      const result = await run<ImageResult>(task, cat);
      expect(result.answer.face_num).toBe(0);
      expect(result.answer.faces).toEqual([]);
    }
    await expect(run('beautify', astronaut, { blemish: 101 })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(run('shapetuning', astronaut, { chin: -101 })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(run('makeup', astronaut, { look: 'clown' })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(run('makeup', astronaut, { lipstickColor: 'red' })).rejects.toBeInstanceOf(TaskParamsError);
  });
});

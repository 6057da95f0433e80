import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError, type BeautyResult, type FacePointsResult } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { faceWidthOf } from '../src/algorithms/face/retouch.ts';
import {
  grey,
  localVariance,
  meanAbsDiff,
  meanOf,
  pixelsWhere,
  polygon,
  skin,
  type Mesh,
} from './retouch-measures.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

/** What a person sees, measured on the pixels of the photo before and after AI Beauty. */

const beauty = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<BeautyResult>('facebeauty', { image, params });
const points = (image: Buffer) => runTaskInProcess<FacePointsResult>('facepoints', { image });

const LIPS = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185];
const EYE_RIGHT = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246];
const EYE_LEFT = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466];
/** Retouch without the shape warps: only smoothing and brightening change pixels. */
const NO_WARP = { slim: 0, eye: 0 };

let astronaut: Buffer;
beforeAll(async () => {
  await getInProcessEngine();
  // The benchmark photo: the astronaut at 640 px, JPEG q90.
  astronaut = await sharp(astronautPath()).resize(640).jpeg({ quality: 90 }).toBuffer();
});

describe('AI Beauty on real photos', () => {
  it('the astronaut: smoother skin, eyes, lips and background as they were, same size', async () => {
    const { faces } = await points(astronaut);
    expect(faces).toHaveLength(1);
    const mesh = faces[0]!.mesh;
    const result = await beauty(astronaut, NO_WARP);
    // Only re-encoded: every retouch at 0.
    const plain = await beauty(astronaut, { smooth: 0, whiten: 0, slim: 0, eye: 0 });
    expect(result.faces).toHaveLength(1);
    expect(result.faces[0]!.rectangle.width).toBeGreaterThan(100);
    expect(result.settings).toEqual({ smooth: 60, whiten: 30, slim: 0, eye: 0 });

    const before = await grey(astronaut);
    const after = await grey(result.image!);
    const reencoded = await grey(plain.image!);
    expect([after.width, after.height]).toEqual([640, 640]);

    const skinPixels = await skin(astronaut, before, mesh);
    expect(skinPixels.length).toBeGreaterThan(3000);
    const textureBefore = localVariance(before, skinPixels);
    // JPEG re-encoding alone smooths a little; the retouch takes away most of the texture
    // (measured: 6.2 before, 5.6 re-encoded, 1.8 retouched).
    expect(localVariance(reencoded, skinPixels)).toBeGreaterThan(0.7 * textureBefore);
    expect(localVariance(after, skinPixels)).toBeLessThan(0.35 * textureBefore);

    // Eyes and lips: no more change than re-encoding makes (measured ~1-1.3 levels either way).
    for (const region of [EYE_RIGHT, EYE_LEFT, LIPS]) {
      const where = polygon(before, mesh, region);
      expect(where.length).toBeGreaterThan(30);
      expect(meanAbsDiff(before, after, where)).toBeLessThan(meanAbsDiff(before, reencoded, where) + 0.6);
    }
    // Background: everything farther than one face width from the face box.
    const box = faces[0]!.rectangle;
    const margin = faceWidthOf(mesh);
    const background = pixelsWhere(before.width, before.height, (i) => {
      const x = i % before.width;
      const y = Math.floor(i / before.width);
      return (
        x < box.left - margin ||
        x > box.left + box.width + margin ||
        y < box.top - margin ||
        y > box.top + box.height + margin
      );
    });
    expect(meanAbsDiff(before, after, background)).toBeLessThan(1);
    expect(meanAbsDiff(reencoded, after, background)).toBe(0);
  });

  it('brightening lifts the skin and leaves the eyes', async () => {
    const mesh = (await points(astronaut)).faces[0]!.mesh;
    const before = await grey(astronaut);
    const flat = await grey((await beauty(astronaut, { ...NO_WARP, smooth: 0, whiten: 0 })).image!);
    const bright = await grey((await beauty(astronaut, { ...NO_WARP, smooth: 0, whiten: 80 })).image!);
    const skinPixels = await skin(astronaut, before, mesh);
    expect(meanOf(bright, skinPixels) - meanOf(flat, skinPixels)).toBeGreaterThan(8);
    const eye = polygon(before, mesh, EYE_RIGHT);
    expect(Math.abs(meanOf(bright, eye) - meanOf(flat, eye))).toBeLessThan(1);
  });

  it('every face of a group photo is retouched', async () => {
    const photo = read(groupSamplePath(6));
    const found = await points(photo);
    const result = await beauty(photo, NO_WARP);
    expect(result.faces).toHaveLength(4);
    const before = await grey(photo);
    const after = await grey(result.image!);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    // Measured: each face keeps 22-40 % of its local variance.
    for (const face of found.faces) {
      const where = await skin(photo, before, face.mesh);
      expect(localVariance(after, where)).toBeLessThan(0.5 * localVariance(before, where));
    }
  });

  it('eye enlarging and face slimming move the mesh found on the result', async () => {
    const face = (r: FacePointsResult) => r.faces[0]!;
    const dist = (m: Mesh, a: number, b: number) => Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);
    const irisWidth = (f: FacePointsResult['faces'][number]) =>
      Math.hypot(f.irisRight[1]![0] - f.irisRight[3]![0], f.irisRight[1]![1] - f.irisRight[3]![1]);
    const base = face(await points(Buffer.from((await beauty(astronaut, { slim: 0, eye: 0 })).image!)));
    const eyes = face(await points(Buffer.from((await beauty(astronaut, { slim: 0, eye: 100 })).image!)));
    const slim = face(await points(Buffer.from((await beauty(astronaut, { slim: 100, eye: 0 })).image!)));
    // Measured: the iris 10.1 -> 11.5 px wide; the jaw (172 to 397) 93.2 -> 87.1 px.
    expect(irisWidth(eyes)).toBeGreaterThan(1.08 * irisWidth(base));
    expect(dist(slim.mesh, 172, 397)).toBeLessThan(0.96 * dist(base.mesh, 172, 397));
    // The face keeps its height (brow line to chin).
    expect(Math.abs(dist(slim.mesh, 10, 152) / dist(base.mesh, 10, 152) - 1)).toBeLessThan(0.03);
  });

  it('keeps the displayed size of a photo with an EXIF rotation', async () => {
    // Stored turned a quarter to the left (520 x 640), displayed upright (640 x 520).
    const upright = await sharp(astronaut).extract({ left: 0, top: 0, width: 640, height: 520 }).toBuffer();
    const rotated = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(rotated).metadata()).width).toBe(520);
    const result = await beauty(rotated);
    expect([result.imageWidth, result.imageHeight]).toEqual([640, 520]);
    const meta = await sharp(Buffer.from(result.image!)).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([640, 520, 1]);
    expect(result.faces).toHaveLength(1);
  });

  it('a photo without a face gives no image; bad settings are refused', async () => {
    const cat = await beauty(read(chelseaPath()));
    expect(cat.faces).toEqual([]);
    expect(cat.image).toBeNull();
    await expect(beauty(astronaut, { smooth: 101 })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(beauty(astronaut, { eye: '50' })).rejects.toBeInstanceOf(TaskParamsError);
  });
});

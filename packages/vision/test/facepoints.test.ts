import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError, UnknownTaskError, type FacePointsResult } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { tf } from '../src/runtime/tfjs.ts';
import {
  astronautPath,
  cameraPath,
  chelseaPath,
  coffeePath,
  GROUP_FACES,
  groupCollage,
  groupSamplePath,
  read,
} from './fixtures.ts';

const facepoints = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FacePointsResult>('facepoints', { image, params });

type Face = FacePointsResult['faces'][number];

function inside(p: readonly number[], w: number, h: number): boolean {
  return (p[0] ?? -1) >= 0 && (p[0] ?? -1) <= w && (p[1] ?? -1) >= 0 && (p[1] ?? -1) <= h;
}

function inBox(p: readonly number[], f: Face): boolean {
  const { left, top, width, height } = f.rectangle;
  const [x = NaN, y = NaN] = p;
  return x >= left && x <= left + width && y >= top && y <= top + height;
}

beforeAll(async () => {
  await getInProcessEngine();
});

describe('facepoints on the astronaut portrait (one face)', () => {
  let result: FacePointsResult;
  let face: Face;
  beforeAll(async () => {
    result = await facepoints(read(astronautPath()));
    face = result.faces[0] as Face;
  });

  it('finds exactly one face with a plausible box', () => {
    expect(result.imageWidth).toBe(512);
    expect(result.imageHeight).toBe(512);
    expect(result.faces).toHaveLength(1);
    const { left, top, width, height } = face.rectangle;
    // Her face is in the upper half of the picture, roughly 100 px wide.
    expect(top + height / 2).toBeLessThan(256);
    expect(width).toBeGreaterThanOrEqual(80);
    expect(width).toBeLessThan(160);
    expect(height).toBeGreaterThanOrEqual(80);
    expect(left).toBeGreaterThan(120);
    expect(left + width).toBeLessThan(340);
    expect(face.score).toBeGreaterThan(0.5);
    expect(face.score).toBeLessThanOrEqual(1);
  });

  it('returns 468 mesh points and 5 + 5 iris points inside the image', () => {
    expect(face.mesh).toHaveLength(468);
    expect(face.irisLeft).toHaveLength(5);
    expect(face.irisRight).toHaveLength(5);
    for (const p of face.mesh) {
      expect(p).toHaveLength(3);
      expect(inside(p, 512, 512)).toBe(true);
      expect(Number.isFinite(p[2])).toBe(true);
    }
    for (const p of [...face.irisLeft, ...face.irisRight]) expect(inside(p, 512, 512)).toBe(true);
  });

  it('puts the anatomy where it belongs', () => {
    const [leftIris, rightIris] = [face.irisLeft[0], face.irisRight[0]] as [number[], number[]];
    expect(inBox(leftIris, face)).toBe(true);
    expect(inBox(rightIris, face)).toBe(true);
    // Subject's left eye is on the right of the (non-mirrored) photo.
    expect(leftIris[0]).toBeGreaterThan(rightIris[0] as number);
    // Eyes about level, 35-60 px apart on this 512 px portrait.
    const eyeDist = Math.hypot(
      (leftIris[0] ?? 0) - (rightIris[0] ?? 0),
      (leftIris[1] ?? 0) - (rightIris[1] ?? 0),
    );
    expect(eyeDist).toBeGreaterThan(35);
    expect(eyeDist).toBeLessThan(60);
    // Mesh 1 = nose tip, 13 = inner upper lip, 152 = chin: below the eyes, in that order, and the
    // nose tip is between the eyes horizontally.
    const [nose, lip, chin] = [face.mesh[1], face.mesh[13], face.mesh[152]] as [number[], number[], number[]];
    const eyeY = ((leftIris[1] ?? 0) + (rightIris[1] ?? 0)) / 2;
    expect(nose[1]).toBeGreaterThan(eyeY);
    expect(lip[1]).toBeGreaterThan(nose[1] as number);
    expect(chin[1]).toBeGreaterThan(lip[1] as number);
    expect(nose[0]).toBeGreaterThan(rightIris[0] as number);
    expect(nose[0]).toBeLessThan(leftIris[0] as number);
    // Each iris centre lies inside its own 4 contour points.
    for (const iris of [face.irisLeft, face.irisRight]) {
      const [c, ...ring] = iris;
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      if (!c) throw new Error('iris centre missing');
      expect(c[0]).toBeGreaterThan(Math.min(...xs));
      expect(c[0]).toBeLessThan(Math.max(...xs));
      expect(c[1]).toBeGreaterThan(Math.min(...ys));
      expect(c[1]).toBeLessThan(Math.max(...ys));
    }
  });

  it('rounds coordinates to one decimal', () => {
    const all = [
      ...Object.values(face.rectangle),
      ...face.mesh.flat(),
      ...face.irisLeft.flat(),
      ...face.irisRight.flat(),
    ];
    for (const v of all) expect(Math.round(v * 10) / 10).toBe(v);
  });

  it('does not leak tensors between requests', async () => {
    const before = tf.memory().numTensors;
    await facepoints(read(astronautPath()));
    expect(tf.memory().numTensors).toBe(before);
  });

  it('maps coordinates back from the working size to the original pixels', async () => {
    // 5x upscale to 2560 px: the engine works on a 2048 px copy and must scale back by 1.25.
    const big = await sharp(read(astronautPath())).resize(2560).jpeg({ quality: 92 }).toBuffer();
    const r = await facepoints(big);
    expect([r.imageWidth, r.imageHeight]).toEqual([2560, 2560]);
    expect(r.faces).toHaveLength(1);
    const f = r.faces[0] as Face;
    const tol = 0.05 * face.rectangle.width * 5;
    expect(Math.abs(f.rectangle.left - face.rectangle.left * 5)).toBeLessThan(tol);
    expect(Math.abs(f.rectangle.top - face.rectangle.top * 5)).toBeLessThan(tol);
    expect(Math.abs(f.rectangle.width - face.rectangle.width * 5)).toBeLessThan(tol);
    const [a, b] = [f.irisLeft[0], face.irisLeft[0]] as [number[], number[]];
    expect(Math.hypot((a[0] ?? 0) - (b[0] ?? 0) * 5, (a[1] ?? 0) - (b[1] ?? 0) * 5)).toBeLessThan(tol);
  });
});

describe('facepoints on photos without a human face', () => {
  it.each([
    ['chelsea (a cat)', chelseaPath],
    ['coffee (a cup)', coffeePath],
  ])('%s: zero faces', async (_name, file) => {
    const r = await facepoints(read(file()));
    expect(r.faces).toEqual([]);
    expect(r.imageWidth).toBeGreaterThan(0);
  });

  it('camera (the cameraman, greyscale): one face', async () => {
    expect((await facepoints(read(cameraPath()))).faces).toHaveLength(1);
  });
});

describe('facepoints on group photos (face-api samples, faces counted by eye)', () => {
  it.each(Object.entries(GROUP_FACES))('sample%s: %i faces', async (n, expected) => {
    const r = await facepoints(read(groupSamplePath(Number(n) as 1 | 2 | 3 | 4 | 5 | 6)));
    expect(r.faces.length).toBeGreaterThanOrEqual(expected - 1);
    expect(r.faces.length).toBeLessThanOrEqual(expected + 1);
    const lefts = r.faces.map((f) => f.rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    for (const f of r.faces) {
      expect(f.mesh).toHaveLength(468);
      expect(inBox(f.irisLeft[0] as number[], f)).toBe(true);
      expect(inBox(f.irisRight[0] as number[], f)).toBe(true);
    }
  });

  it('finds small faces: 15 faces of 40-60 px in a 1000 px collage', async () => {
    const { image, faces } = await groupCollage(1000);
    const r = await facepoints(image);
    expect(r.imageWidth).toBe(1000);
    expect(r.faces.length).toBeGreaterThanOrEqual(faces - 1);
    expect(r.faces.length).toBeLessThanOrEqual(faces + 1);
    for (const f of r.faces) expect(f.rectangle.width).toBeLessThan(80);
  });

  it('the thorough search finds the 15 faces of the collage at 500 px (20-30 px faces) that the default misses', async () => {
    const { image, faces } = await groupCollage(500);
    const thorough = await facepoints(image, { thorough: true });
    expect(thorough.faces.length).toBeGreaterThanOrEqual(faces - 1);
    expect(thorough.faces.length).toBeLessThanOrEqual(faces);
    for (const f of thorough.faces) expect(f.rectangle.width).toBeLessThan(40);
    expect((await facepoints(image)).faces.length).toBeLessThan(faces / 2);
  });

  it('caps the number of faces with maxFaces', async () => {
    const r = await facepoints(read(groupSamplePath(5)), { maxFaces: 2 });
    expect(r.faces).toHaveLength(2);
  });
});

describe('EXIF orientation', () => {
  it.each([
    [6, -90],
    [3, 180],
    [8, 90],
  ])(
    'orientation %i: the box is reported on the displayed (upright) image',
    async (orientation, storedRotation) => {
      const upright = await sharp(read(astronautPath()))
        .extract({ left: 0, top: 0, width: 512, height: 360 })
        .png()
        .toBuffer();
      const reference = (await facepoints(upright)).faces[0] as Face;
      // Store the pixels rotated, with the tag that tells viewers how to rotate them back.
      const stored = await sharp(upright)
        .rotate(storedRotation)
        .withMetadata({ orientation })
        .jpeg({ quality: 95 })
        .toBuffer();
      const r = await facepoints(stored);
      expect([r.imageWidth, r.imageHeight]).toEqual([512, 360]);
      expect(r.faces).toHaveLength(1);
      const f = r.faces[0] as Face;
      for (const k of ['left', 'top', 'width', 'height'] as const) {
        expect(Math.abs(f.rectangle[k] - reference.rectangle[k])).toBeLessThan(4);
      }
    },
  );
});

describe('task and parameter errors', () => {
  it('rejects bad parameters with TaskParamsError', async () => {
    const img = read(astronautPath());
    await expect(facepoints(img, { maxFaces: 0 })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(facepoints(img, { maxFaces: 2.5 })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(facepoints(img, { minConfidence: 'high' })).rejects.toBeInstanceOf(TaskParamsError);
    await expect(facepoints(img, { smallFaces: 1 })).rejects.toBeInstanceOf(TaskParamsError);
  });

  it('rejects unknown tasks with UnknownTaskError', async () => {
    await expect(runTaskInProcess('nope', { image: read(astronautPath()) })).rejects.toBeInstanceOf(
      UnknownTaskError,
    );
  });
});

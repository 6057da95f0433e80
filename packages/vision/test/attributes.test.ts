import { beforeAll, describe, expect, it } from 'vitest';
import {
  landmarks106,
  runTaskInProcess,
  type FaceAnalysisResult,
  type FacePointsResult,
} from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { astronautPath, read } from './fixtures.ts';
import { beardedMan, facematchGridTile, manInGlasses } from './labelled.ts';

const analyse = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FaceAnalysisResult>('faceanalysis', { image, params });
const LOOK = { appearance: true, gear: true, smallFaces: false };

beforeAll(async () => {
  await getInProcessEngine();
});

describe('appearance attributes and race on real photos', () => {
  it('the astronaut: no glasses, no beard, a race class with probabilities, a 50-100 attractiveness', async () => {
    const [f] = (await analyse(read(astronautPath()), LOOK)).faces;
    expect(f!.appearance!.glasses.value).toBe('none');
    expect(f!.appearance!.beard.value).toBe(0);
    expect(f!.appearance!.beauty.value).toBeGreaterThanOrEqual(50);
    expect(f!.appearance!.beauty.value).toBeLessThanOrEqual(100);
    expect(['single', 'double']).toContain(f!.appearance!.eyelid.value);
    const probs = Object.values(f!.gear!.race.probabilities);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1);
    expect(f!.gear!.race.confidence).toBe(Math.max(...probs));
  });

  it('the bearded young man of the OpenCV docs: beard, no glasses, male', async () => {
    const [f] = (await analyse(await beardedMan(), { ...LOOK, faceres: true })).faces;
    expect(f!.appearance!.beard.value).toBe(1);
    expect(f!.appearance!.glasses.value).toBe('none');
    expect(f!.gender!.value).toBe(1);
  });

  it('the young man in clear metal-framed glasses of the OpenCV docs reads glasses', async () => {
    const [f] = (await analyse(await manInGlasses(), LOOK)).faces;
    expect(f!.appearance!.glasses.value).toBe('glasses');
  });

  it('men in sunglasses read sunglasses; the same man without them reads none', async () => {
    for (const [row, col] of [
      [1, 1],
      [2, 0],
      [1, 15],
    ] as const) {
      const [f] = (await analyse(await facematchGridTile(row, col), LOOK)).faces;
      expect(f!.appearance!.glasses.value, `tile ${row}.${col}`).toBe('sunglasses');
    }
    const [plain] = (await analyse(await facematchGridTile(0, 0), LOOK)).faces;
    expect(plain!.appearance!.glasses.value).toBe('none');
  });
});

describe('106-point layout', () => {
  it('derives 106 points from the mesh in the documented groups', async () => {
    const res = await runTaskInProcess<FacePointsResult>('facepoints', { image: read(astronautPath()) });
    const f = res.faces[0]!;
    const pts = landmarks106(f.mesh, f.irisRight[0], f.irisLeft[0]);
    expect(pts).toHaveLength(106);
    const r = f.rectangle;
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThanOrEqual(r.left - 1);
      expect(x).toBeLessThanOrEqual(r.left + r.width + 1);
      expect(y).toBeGreaterThanOrEqual(r.top - 1);
      expect(y).toBeLessThanOrEqual(r.top + r.height + 1);
    }
    // Contour runs from the subject's right (image left) over the chin (lowest point) to the left.
    expect(pts[0]![0]).toBeLessThan(pts[32]![0]);
    const chin = pts.slice(0, 33).reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(pts.indexOf(chin)).toBeGreaterThan(12);
    expect(pts.indexOf(chin)).toBeLessThan(20);
    // Pupils (60, 70) are the iris centres; the subject's right eye is on the image's left.
    expect(pts[60]).toEqual([f.irisRight[0]![0], f.irisRight[0]![1]]);
    expect(pts[70]).toEqual([f.irisLeft[0]![0], f.irisLeft[0]![1]]);
    expect(pts[60]![0]).toBeLessThan(pts[70]![0]);
    // Brows above the eyes, mouth below the nose tip.
    expect(pts[35]![1]).toBeLessThan(pts[59]![1]);
    expect(pts[88]![1]).toBeGreaterThan(pts[77]![1]);
  });
});

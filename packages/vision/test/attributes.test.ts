import { beforeAll, describe, expect, it } from 'vitest';
import {
  landmarks106,
  landmarks118,
  runTaskInProcess,
  type FaceAnalysisResult,
  type FacePointsResult,
} from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { astronautPath, groupSamplePath, read } from './fixtures.ts';
import { beardedMan, facematchGridTile, manInGlasses } from './labelled.ts';

const analyse = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FaceAnalysisResult>('faceanalysis', { image, params });
const LOOK = { appearance: true, gear: true, smallFaces: false };

beforeAll(async () => {
  await getInProcessEngine();
});

describe('appearance attributes and race on real photos', () => {
  it('the astronaut: no glasses, no beard, a race class with its model scores, a 50-100 attractiveness', async () => {
    const [f] = (await analyse(read(astronautPath()), LOOK)).faces;
    expect(f!.appearance!.glasses.value).toBe('none');
    expect(f!.appearance!.beard.value).toBe(0);
    expect(f!.appearance!.beauty.value).toBeGreaterThanOrEqual(50);
    expect(f!.appearance!.beauty.value).toBeLessThanOrEqual(100);
    expect(['single', 'double']).toContain(f!.appearance!.eyelid.value);
    const probs = Object.values(f!.gear!.race.scores);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1);
    expect(f!.gear!.race.score).toBe(Math.max(...probs));
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

describe('118-point layout', () => {
  // The astronaut and the four faces of face-api sample 4 (adults, frontal to half-turned).
  const photos = async () => [
    ...(await runTaskInProcess<FacePointsResult>('facepoints', { image: read(astronautPath()) })).faces,
    ...(await runTaskInProcess<FacePointsResult>('facepoints', { image: read(groupSamplePath(4)) })).faces,
  ];

  it('is the 106 points followed by the forehead outline and the cheek and forehead centres', async () => {
    const faces = await photos();
    expect(faces).toHaveLength(5);
    for (const f of faces) {
      const pts = landmarks118(f.mesh, f.irisRight[0], f.irisLeft[0]);
      expect(pts).toHaveLength(118);
      expect(pts.slice(0, 106)).toEqual(landmarks106(f.mesh, f.irisRight[0], f.irisLeft[0]));
      // Positions in the face's own frame (the heads of sample 4 are tilted): `up` from the chin
      // (16) towards the middle of the pupils (60, 70), `across` towards the subject's left.
      const chin = pts[16]!;
      const eyes = [(pts[60]![0] + pts[70]![0]) / 2, (pts[60]![1] + pts[70]![1]) / 2];
      const len = Math.hypot(eyes[0]! - chin[0], eyes[1]! - chin[1]);
      const u = [(eyes[0]! - chin[0]) / len, (eyes[1]! - chin[1]) / len] as const;
      const up = (i: number) => (pts[i]![0] - chin[0]) * u[0] + (pts[i]![1] - chin[1]) * u[1];
      const across = (i: number) => -(pts[i]![0] - chin[0]) * u[1] + (pts[i]![1] - chin[1]) * u[0];
      const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);
      const browEdge = [...range(33, 37), ...range(42, 46)].map(up);
      const browTop = Math.max(...browEdge);
      const browMean = browEdge.reduce((a, b) => a + b) / browEdge.length;
      // The forehead line runs from the subject's right to the left between the temples (contour
      // ends 0 and 32, within a tenth of the face's width on turned faces): each end above its
      // eye, the middle five above the brows' upper edges on average, the middle three above all of them
      // (a head tilted back brings the forehead down towards the brows in the photo).
      for (const i of range(107, 114)) expect(across(i)).toBeGreaterThan(across(i - 1));
      const slack = 0.1 * (across(32) - across(0));
      expect(across(106)).toBeGreaterThan(across(0) - slack);
      expect(across(114)).toBeLessThan(across(32) + slack);
      expect(up(106)).toBeGreaterThan(up(59));
      expect(up(114)).toBeGreaterThan(up(69));
      for (const i of range(108, 112)) expect(up(i), `point ${i}`).toBeGreaterThan(browMean);
      for (const i of range(109, 111)) expect(up(i), `point ${i}`).toBeGreaterThan(browTop);
      // Cheek centres: between the eye centres (59, 69) and the mouth corners (86, 92) in height,
      // each between its side of the jaw and the nose wing (83 right wing, 85 left wing).
      expect(up(115)).toBeLessThan(up(59));
      expect(up(115)).toBeGreaterThan(up(86));
      expect(up(116)).toBeLessThan(up(69));
      expect(up(116)).toBeGreaterThan(up(92));
      expect(across(115)).toBeLessThan(across(83));
      expect(across(116)).toBeGreaterThan(across(85));
      // Forehead centre: between the eyes, above the brows, below the top of the forehead line.
      expect(across(117)).toBeGreaterThan(across(59));
      expect(across(117)).toBeLessThan(across(69));
      expect(up(117)).toBeGreaterThan(browTop);
      expect(up(117)).toBeLessThan(up(110));
    }
  });
});

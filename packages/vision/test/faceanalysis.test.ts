import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cosineSimilarity, runTaskInProcess, type FaceAnalysisResult } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

/** The iris network's runs (onnxruntime, one per eye), counted through the module's runOnnxGraph. */
const irisRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/runtime/onnx.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/runtime/onnx.ts')>();
  return {
    ...actual,
    runOnnxGraph: (...args: Parameters<typeof actual.runOnnxGraph>) => {
      if (args[0] === 'iris') irisRuns.count++;
      return actual.runOnnxGraph(...args);
    },
  };
});

const analyse = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FaceAnalysisResult>('faceanalysis', { image, params });

beforeAll(async () => {
  await getInProcessEngine();
});

describe('faceanalysis on real photos', () => {
  it('the astronaut: one frontal adult woman, smiling; the cat: no face', async () => {
    const res = await analyse(read(astronautPath()), { faceres: true, emotion: true, features: true });
    expect(res.faces).toHaveLength(1);
    const f = res.faces[0]!;
    expect(f.gender?.value).toBe(0);
    expect(f.age).toBeGreaterThan(25);
    expect(f.age).toBeLessThan(55);
    expect(f.childProbability).toBeLessThan(0.1);
    expect(Math.abs(f.pose.yaw)).toBeLessThan(15);
    expect(Math.abs(f.pose.pitch)).toBeLessThan(15);
    expect(f.emotion?.happy).toBeGreaterThan(0.5);
    expect(f.features?.face_shape.value).toBeTypeOf('string');
    expect((await analyse(read(chelseaPath()))).faces).toHaveLength(0);
  });

  it('every face in face-api sample 6 (four adult women) reads female and adult', async () => {
    const res = await analyse(read(groupSamplePath(6)), { faceres: true });
    expect(res.faces).toHaveLength(4);
    for (const f of res.faces) {
      expect(f.gender?.value).toBe(0);
      expect(f.age).toBeGreaterThan(16);
    }
  });

  it('sample 2: the woman in three-quarter profile has a large yaw', async () => {
    const res = await analyse(read(groupSamplePath(2)));
    expect(Math.abs(res.faces[0]!.pose.yaw)).toBeGreaterThan(35);
    expect(Math.abs(res.faces[1]!.pose.yaw)).toBeLessThan(30);
  });

  it('three different women of one photo do not match each other', async () => {
    const res = await analyse(read(groupSamplePath(3)), { descriptor: true });
    const [a, b, c] = res.faces.map((f) => f.descriptor!);
    for (const [x, y] of [
      [a, b],
      [b, c],
      [a, c],
    ] as const) {
      expect(cosineSimilarity(x!, y!) * 100).toBeLessThan(60);
    }
    expect(a).toHaveLength(1024);
  });

  it('runs the iris model only for landmarks or features; box, score and pose do not depend on it', async () => {
    for (const photo of [astronautPath(), groupSamplePath(1)]) {
      irisRuns.count = 0;
      const plain = await analyse(read(photo), { faceres: true, emotion: true });
      expect(irisRuns.count).toBe(0);
      expect(plain.faces[0]!.mesh).toBeUndefined();
      expect(plain.faces[0]!.irisLeft).toBeUndefined();

      // One run per eye of every face.
      const full = await analyse(read(photo), { landmarks: true });
      expect(irisRuns.count).toBe(2 * full.faces.length);
      expect(full.faces.length).toBe(plain.faces.length);
      full.faces.forEach((f, i) => {
        const p = plain.faces[i]!;
        expect([f.rectangle, f.score, f.pose]).toEqual([p.rectangle, p.score, p.pose]);
        expect(f.mesh).toHaveLength(468);
        expect(f.irisLeft).toHaveLength(5);
        expect(f.irisRight).toHaveLength(5);
      });

      irisRuns.count = 0;
      const features = await analyse(read(photo), { features: true });
      expect(irisRuns.count).toBe(2 * features.faces.length);
    }
  });
});

/**
 * Cross-check: our direct calls of the MediaPipe graph models must agree with the reference
 * pipeline of @vladmandic/human (same model files, Human's own pre/post-processing) on a real
 * photo. Human crops without rotation and with a slightly different margin, so a small
 * difference is expected; a bug in our geometry (flip, scale, offset) would show as tens of px.
 */
import { describe, expect, it } from 'vitest';
import { createHuman } from '../src/runtime/human-models.ts';
import { decodeImage } from '../src/image/decode.ts';
import { tf } from '../src/runtime/tfjs.ts';
import { runTaskInProcess, type FacePointsResult } from '../src/index.ts';
import { astronautPath, groupSamplePath, read } from './fixtures.ts';

describe('agreement with the Human library pipeline', () => {
  it.each([
    ['astronaut', astronautPath],
    ['sample6', () => groupSamplePath(6)],
  ])('%s: same faces, mesh and irises agree within a few percent of the face width', async (_name, file) => {
    const buf = read(file());
    const human = await createHuman({
      face: { detector: { rotation: false, maxDetected: 20, minConfidence: 0.5 } },
    });
    const img = await decodeImage(buf);
    const input = tf.tensor4d(new Float32Array(img.data), [1, img.height, img.width, 3]);
    const theirs = await human.detect(input as never);
    input.dispose();
    const ours = await runTaskInProcess<FacePointsResult>('facepoints', { image: buf });

    expect(ours.faces.length).toBe(theirs.face.length);
    for (const face of ours.faces) {
      // Pair each of our faces with Human's face whose nose tip is closest.
      const nose = face.mesh[1] as number[];
      const match = [...theirs.face].sort(
        (a, b) =>
          Math.hypot((a.mesh[1]?.[0] ?? 0) - (nose[0] ?? 0), (a.mesh[1]?.[1] ?? 0) - (nose[1] ?? 0)) -
          Math.hypot((b.mesh[1]?.[0] ?? 0) - (nose[0] ?? 0), (b.mesh[1]?.[1] ?? 0) - (nose[1] ?? 0)),
      )[0];
      expect(match).toBeDefined();
      const width = face.rectangle.width;
      let sum = 0;
      for (let i = 0; i < 468; i++) {
        const a = face.mesh[i] as number[];
        const b = match?.mesh[i] as number[];
        sum += Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
      }
      expect(sum / 468 / width).toBeLessThan(0.04);
      // Human names the iris rings by the subject's side too (leftEyeIris = subject's left).
      const hl = match?.annotations.leftEyeIris?.[0] as number[];
      const hr = match?.annotations.rightEyeIris?.[0] as number[];
      const ol = face.irisLeft[0] as number[];
      const or = face.irisRight[0] as number[];
      expect(Math.hypot((ol[0] ?? 0) - (hl[0] ?? 0), (ol[1] ?? 0) - (hl[1] ?? 0)) / width).toBeLessThan(0.03);
      expect(Math.hypot((or[0] ?? 0) - (hr[0] ?? 0), (or[1] ?? 0) - (hr[1] ?? 0)) / width).toBeLessThan(0.03);
    }
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runTaskInProcess, type FaceAnalysisResult } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { getOnnxSession } from '../src/runtime/onnx.ts';
import { astronautPath, chelseaPath, GROUP_FACES, groupSamplePath, read } from './fixtures.ts';

const analyse = (image: Buffer) => runTaskInProcess<FaceAnalysisResult>('faceanalysis', { image });

beforeAll(async () => {
  await getInProcessEngine();
});

describe('close-up shortcut of the detector', () => {
  it('a one-face portrait skips the 256 px detector; group photos of the same size still find every face', async () => {
    // The 256 px network runs with onnxruntime: its session's runs are counted.
    const back = await getOnnxSession('blazeface');
    const execute = vi.spyOn(back, 'run');
    try {
      const portrait = await sharp(read(astronautPath())).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
      expect((await analyse(portrait)).faces).toHaveLength(1);
      expect(execute).not.toHaveBeenCalled();
      for (const n of [3, 4, 5] as const) {
        execute.mockClear();
        const group = await sharp(read(groupSamplePath(n)))
          .resize(640)
          .jpeg()
          .toBuffer();
        expect((await analyse(group)).faces, `sample ${n} at 640 px`).toHaveLength(GROUP_FACES[n]);
        expect(execute).toHaveBeenCalled();
      }
      expect((await analyse(read(chelseaPath()))).faces).toHaveLength(0);
    } finally {
      execute.mockRestore();
    }
  });
});

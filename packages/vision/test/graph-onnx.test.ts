import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tfjsGraphToOnnx } from '../src/runtime/graph-onnx.ts';
import { GRAPH_PARTS, runOnnxGraph, type OnnxGraphName } from '../src/runtime/onnx.ts';
import { partInput } from '../scripts/graph-part-inputs.ts';
import { getModel, modelPath } from '../src/runtime/models.ts';
import { loadGraphModelFromFile } from '../src/runtime/model-files.ts';
import { executeAfterOnnx } from '../src/runtime/graph-part.ts';
import { initTf, tf } from '../src/runtime/tfjs.ts';
import { astronautPath, read } from './fixtures.ts';

/** The whole tfjs graph (getModel leaves out the part onnxruntime runs). */
const whole = async (name: Parameters<typeof modelPath>[0]) => {
  await initTf();
  return loadGraphModelFromFile(modelPath(name));
};

describe('the ONNX part converted from a tfjs graph model (graph-onnx.ts)', () => {
  it("computes CenterNet's heatmaps and box sizes as tfjs does, on the astronaut", async () => {
    const side = 512;
    const rgb = await sharp(read(astronautPath())).resize(side, side).raw().toBuffer();
    const input = Float32Array.from(rgb);
    const model = await whole('centernet');
    const x = tf.tensor4d(input, [1, side, side, 3]);
    const expected = model.execute(x, [...GRAPH_PARTS.centernet.outputs]) as tf.Tensor[];
    const got = await runOnnxGraph('centernet', input, [1, side, side, 3]);
    for (const [k, name] of GRAPH_PARTS.centernet.outputs.entries()) {
      const want = expected[k]!.dataSync();
      expect(got[name]!.dims).toEqual(expected[k]!.shape);
      let worst = 0;
      let largest = 0;
      for (let i = 0; i < want.length; i++) {
        worst = Math.max(worst, Math.abs(want[i]! - got[name]!.data[i]!));
        largest = Math.max(largest, Math.abs(want[i]!));
      }
      // Float rounding only: heatmaps 0..1, box sizes up to a few hundred pixels.
      expect(largest).toBeGreaterThan(0.1);
      expect(worst / largest, name).toBeLessThan(1e-4);
    }
    tf.dispose([x, ...expected]);
  });

  it("computes the selfie model's person probability as tfjs does (a transposed convolution among its ops)", async () => {
    const side = 256;
    const rgb = await sharp(read(astronautPath())).resize(side, side).raw().toBuffer();
    const input = Float32Array.from(rgb, (v) => v / 255);
    const model = await whole('selfie');
    const x = tf.tensor4d(input, [1, side, side, 3]);
    const expected = model.execute(x) as tf.Tensor;
    const want = expected.dataSync();
    const got = (await runOnnxGraph('selfie', input, [1, side, side, 3])).activation_10!;
    expect(got.dims).toEqual([1, side, side, 1]);
    let worst = 0;
    let person = 0;
    for (let i = 0; i < want.length; i++) {
      worst = Math.max(worst, Math.abs(want[i]! - got.data[i]!));
      if (got.data[i]! >= 0.5) person++;
    }
    expect(worst).toBeLessThan(1e-3);
    // The astronaut fills a good part of her photo.
    expect(person / want.length).toBeGreaterThan(0.3);
    tf.dispose([x, expected]);
  });

  it('computes the hand models as tfjs does: the landmark model (dense outputs) and HandTrack from inside its graph (upsampling by stacking)', async () => {
    const worst = (want: ArrayLike<number>, got: ArrayLike<number>) => {
      let w = 0;
      for (let i = 0; i < want.length; i++) w = Math.max(w, Math.abs(want[i]! - got[i]!));
      return w;
    };
    const crop = Float32Array.from(
      await sharp(read(astronautPath())).resize(224, 224).raw().toBuffer(),
      (v) => v / 255,
    );
    const landmarks = await whole('handlandmark-full');
    const x = tf.tensor4d(crop, [1, 224, 224, 3]);
    const expected = landmarks.execute(x, [...GRAPH_PARTS['handlandmark-full'].outputs]) as tf.Tensor[];
    const got = await runOnnxGraph('handlandmark-full', crop, [1, 224, 224, 3]);
    expect(got.Identity!.dims).toEqual([1, 63]);
    // 21 points in crop pixels (0..224) and two probabilities.
    expect(worst(expected[0]!.dataSync(), got.Identity!.data)).toBeLessThan(0.01);
    expect(worst(expected[1]!.dataSync(), got.Identity_1!.data)).toBeLessThan(1e-4);
    expect(worst(expected[2]!.dataSync(), got.Identity_2!.data)).toBeLessThan(1e-4);

    const part = GRAPH_PARTS.handtrack;
    const image = Float32Array.from(
      await sharp(read(astronautPath())).resize(320, 320).raw().toBuffer(),
      (v) => (v * 2) / 255 - 1,
    );
    const tracker = await whole('handtrack');
    const heads = tracker.execute(
      {
        [part.input]: tf.tensor4d(image, [1, 320, 320, 3]),
        'StatefulPartitionedCall/map/TensorArrayV2Stack_1/TensorListStack': tf.tensor2d(
          [[320, 320, 3]],
          [1, 3],
          'int32',
        ),
      },
      [...part.outputs],
    ) as tf.Tensor[];
    const converted = await runOnnxGraph('handtrack', image, [1, 320, 320, 3]);
    for (const [k, name] of part.outputs.entries()) {
      expect(converted[name]!.dims, name).toEqual(heads[k]!.shape);
      expect(worst(heads[k]!.dataSync(), converted[name]!.data), name).toBeLessThan(1e-3);
    }
    tf.dispose([x, ...expected, ...heads]);
  });

  it("computes MoveNet's six heads as tfjs does (upsampling sized from the input's own shape)", async () => {
    const part = GRAPH_PARTS['movenet-multipose'];
    const [w, h] = [256, 192];
    const rgb = Float32Array.from(await sharp(read(astronautPath())).resize(w, h).raw().toBuffer());
    const model = await whole('movenet-multipose');
    const x = tf.tensor4d(rgb, [1, h, w, 3]);
    const expected = model.execute({ [part.input]: x }, [...part.outputs]) as tf.Tensor[];
    const got = await runOnnxGraph('movenet-multipose', rgb, [1, h, w, 3]);
    for (const [k, name] of part.outputs.entries()) {
      expect(got[name]!.dims, name).toEqual(expected[k]!.shape);
      const want = expected[k]!.dataSync();
      let worst = 0;
      let largest = 0;
      for (let i = 0; i < want.length; i++) {
        worst = Math.max(worst, Math.abs(want[i]! - got[name]!.data[i]!));
        largest = Math.max(largest, Math.abs(want[i]!));
      }
      expect(worst / largest, name).toBeLessThan(1e-3);
    }
    tf.dispose([x, ...expected]);
  });

  /**
   * Runs a whole-model part on its measurement input (the astronaut at the part's size, values as
   * its task maps them; scripts/graph-part-inputs.ts) with both runtimes and expects every output
   * within `tolerance` of tfjs's.
   */
  const expectAsTfjs = async (name: OnnxGraphName, tolerance: number) => {
    const { input, dims } = await partInput(name);
    const outputs = [...GRAPH_PARTS[name].outputs];
    const x = tf.tensor4d(input, [...dims]);
    const result = (await whole(name)).execute(x, outputs) as tf.Tensor | tf.Tensor[];
    const expected = Array.isArray(result) ? result : [result];
    const got = await runOnnxGraph(name, input, dims);
    for (const [k, output] of outputs.entries()) {
      const want = expected[k]!.dataSync();
      expect(got[output]!.dims, output).toEqual(expected[k]!.shape);
      let worst = 0;
      for (let i = 0; i < want.length; i++)
        worst = Math.max(worst, Math.abs(want[i]! - got[output]!.data[i]!));
      expect(worst, `${name} ${output}`).toBeLessThan(tolerance);
    }
    tf.dispose([x, ...expected]);
  };

  it('computes the face detectors, the mesh and the iris model as tfjs does (channel padding, PReLU)', async () => {
    for (const name of ['blazeface', 'blazeface-front', 'facemesh', 'iris'] as const)
      await expectAsTfjs(name, 0.01);
  });

  it('computes the face attribute models as tfjs does (clipping, global max pooling, softmax)', async () => {
    // Probabilities (0..1) and FaceRes's descriptor (pooled clipped activations, 0..6).
    for (const name of ['faceres', 'gear', 'emotion'] as const) await expectAsTfjs(name, 1e-3);
  });

  it('refuses a graph with an op it does not translate, rather than run part of it', () => {
    // MoveNet MultiPose's decoding (TopKV2, GatherNd, ...) is not among the converted ops, nor the
    // cast of its integer input.
    expect(() => tfjsGraphToOnnx(modelPath('movenet-multipose'), ['Identity'])).toThrow(/is not supported/);
  });

  it('loads CenterNet for tfjs without its network: fed the converted heads, the same detections as the whole graph', async () => {
    const side = 512;
    const input = Float32Array.from(await sharp(read(astronautPath())).resize(side, side).raw().toBuffer());
    const full = await whole('centernet');
    const cut = await getModel('centernet');
    const bytes = (m: tf.GraphModel) =>
      Object.values(m.weights)
        .flat()
        .reduce((sum, t) => sum + t.size * 4, 0);
    // The network's weights (about 8 MB as float32) are not in the cut model; the decoder's are.
    expect(bytes(full) - bytes(cut)).toBeGreaterThan(7e6);
    const x = tf.tensor4d(input, [1, side, side, 3]);
    const want = full.execute(x, 'tower_0/detections') as tf.Tensor;
    const got = (await executeAfterOnnx(
      'centernet',
      cut,
      input,
      [1, side, side, 3],
      ['tower_0/detections'],
    )) as tf.Tensor;
    expect(got.shape).toEqual(want.shape);
    const a = want.dataSync();
    const b = got.dataSync();
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    // Boxes in 512-px input pixels, scores and class ids: float rounding only.
    expect(worst).toBeLessThan(0.05);
    // The astronaut is the best detection, a person (COCO class 0 in this model's numbering).
    expect(b[4]).toBeGreaterThan(0.3);
    tf.dispose([x, want, got]);
  });
});

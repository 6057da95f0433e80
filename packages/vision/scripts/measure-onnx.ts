/**
 * The graph parts that run with onnxruntime (runtime/onnx.ts GRAPH_PARTS, decision 0013): for each,
 * the conversion time, the largest difference from tfjs on the same input (the astronaut, scaled
 * as the task scales it) and the time of both runtimes on one core:
 *
 *   taskset -c 0 node --import tsx packages/vision/scripts/measure-onnx.ts [part ...]
 *
 * 3 runs warm up each runtime, then 10 are timed (mean). tfjs runs the same part (fed at the same
 * tensor, read at the same outputs), so the two times compare like with like.
 */
import { tfjsGraphToOnnx } from '../src/runtime/graph-onnx.ts';
import { GRAPH_PARTS, runOnnxGraph, type OnnxGraphName } from '../src/runtime/onnx.ts';
import { modelPath } from '../src/runtime/models.ts';
import { INPUTS, partInput } from './graph-part-inputs.ts';
import { loadGraphModelFromFile } from '../src/runtime/model-files.ts';
import { initTf, tf } from '../src/runtime/tfjs.ts';

await initTf();

/** Other tensors tfjs needs fed beside the input (HandTrack's postprocessor reads the image shape). */
const EXTRA_FEEDS: Partial<Record<OnnxGraphName, () => Record<string, tf.Tensor>>> = {
  handtrack: () => ({
    'StatefulPartitionedCall/map/TensorArrayV2Stack_1/TensorListStack': tf.tensor2d(
      [[320, 320, 3]],
      [1, 3],
      'int32',
    ),
  }),
};

const names = (
  process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GRAPH_PARTS)
) as OnnxGraphName[];
const mean = async (f: () => Promise<unknown>) => {
  for (let i = 0; i < 3; i++) await f();
  const t = performance.now();
  for (let i = 0; i < 10; i++) await f();
  return (performance.now() - t) / 10;
};

console.log('| part | input | conversion | largest difference (largest value) | tfjs-wasm | onnxruntime |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const name of names) {
  const part: { outputs: readonly string[]; input?: string } = GRAPH_PARTS[name];
  const { width, height } = INPUTS[name];
  const { input, dims } = await partInput(name);
  const start = performance.now();
  tfjsGraphToOnnx(modelPath(name), part.outputs, part.input);
  const conversion = performance.now() - start;
  // The whole tfjs graph (getModel leaves out the part onnxruntime runs).
  const model = await loadGraphModelFromFile(modelPath(name));
  const x = tf.tensor4d(input, [...dims]);
  const feeds = part.input ? { [part.input]: x, ...(EXTRA_FEEDS[name]?.() ?? {}) } : x;
  const runTfjs = async () => {
    const result = model.execute(feeds, [...part.outputs]) as tf.Tensor | tf.Tensor[];
    const out = Array.isArray(result) ? result : [result];
    const data = await Promise.all(out.map((t) => t.data()));
    tf.dispose(out);
    return data;
  };
  const want = await runTfjs();
  const got = await runOnnxGraph(name, input, dims);
  let worst = 0;
  let largest = 0;
  part.outputs.forEach((o, k) => {
    const w = want[k]!;
    for (let i = 0; i < w.length; i++) {
      worst = Math.max(worst, Math.abs(w[i]! - got[o]!.data[i]!));
      largest = Math.max(largest, Math.abs(w[i]!));
    }
  });
  const tfjsMs = await mean(runTfjs);
  const onnxMs = await mean(() => runOnnxGraph(name, input, dims));
  console.log(
    `| ${name} | ${width} x ${height} | ${conversion.toFixed(0)} ms | ${worst.toExponential(1)} (${largest.toFixed(2)}) | ${tfjsMs.toFixed(1)} ms | ${onnxMs.toFixed(1)} ms |`,
  );
}

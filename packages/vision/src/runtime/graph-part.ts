/**
 * A graph model run in two parts (decision 0013): its network, converted, with onnxruntime
 * (runOnnxGraph), then the rest of its tfjs graph (a detector's decoding) fed the network's
 * tensors by name, and any `extra` feeds, up to `outputs`. The fed tensors are disposed; the
 * caller disposes what it gets back.
 */
import type { GraphModel, NamedTensorMap, Tensor } from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';
import { runOnnxGraph, type OnnxGraphName } from './onnx.ts';

export async function executeAfterOnnx(
  name: OnnxGraphName,
  model: GraphModel,
  input: Float32Array,
  dims: readonly [number, number, number, number],
  outputs: string | string[],
  extra: () => NamedTensorMap = () => ({}),
): Promise<Tensor | Tensor[]> {
  const heads = await runOnnxGraph(name, input, dims);
  const feeds: NamedTensorMap = extra();
  for (const [key, { data, dims: shape }] of Object.entries(heads)) feeds[key] = tf.tensor(data, shape);
  const result = model.execute(feeds, outputs);
  tf.dispose(Object.values(feeds));
  return result;
}

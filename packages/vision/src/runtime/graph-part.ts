/**
 * A graph model run in two parts (decision 0013): its network, converted, with onnxruntime
 * (runOnnxGraph), then the rest of its tfjs graph (a detector's decoding) fed the network's
 * tensors by name, and any `extra` feeds, up to `outputs`. The fed tensors are disposed; the
 * caller disposes what it gets back. Only the tensors the tfjs graph takes as inputs are fed; the
 * others (a feature map read beside the detections) are handed to `unfed` as they came from
 * onnxruntime.
 */
import type { GraphModel, NamedTensorMap, Tensor } from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';
import { runOnnxGraph, type OnnxGraphName } from './onnx.ts';

type OnnxTensor = { data: Float32Array; dims: number[] };

export async function executeAfterOnnx(
  name: OnnxGraphName,
  model: GraphModel,
  input: Float32Array,
  dims: readonly [number, number, number, number],
  outputs: string | string[],
  extra: () => NamedTensorMap = () => ({}),
  unfed?: (heads: Record<string, OnnxTensor>) => void,
): Promise<Tensor | Tensor[]> {
  const heads = await runOnnxGraph(name, input, dims);
  const feeds: NamedTensorMap = extra();
  const inputs = new Set(model.inputs.map((i) => i.name));
  const rest: Record<string, OnnxTensor> = {};
  for (const [key, head] of Object.entries(heads)) {
    if (inputs.has(key)) feeds[key] = tf.tensor(head.data, head.dims);
    else rest[key] = head;
  }
  unfed?.(rest);
  const result = model.execute(feeds, outputs);
  tf.dispose(Object.values(feeds));
  return result;
}

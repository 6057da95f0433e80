/**
 * Converts a small Keras functional model saved in the TensorFlow.js layers format (model.json +
 * weight shards, as shipped inside an npm package) into an ONNX model in memory, so that
 * onnxruntime-node can run it. Nothing is written to disk and nothing is downloaded: the ONNX
 * bytes are built from the package's own files each time a worker loads the model.
 *
 * Only the layers the UpscalerJS RDN super-resolution models use are supported (Conv2D with
 * 'same'/'valid' padding and a relu/linear activation, Activation relu/linear, Concatenate on the
 * channel axis, Add, UpSampling2D nearest); anything else throws, so a model this converter does
 * not understand is never run half-translated. The graph takes NHWC float input like the Keras
 * model (tensor "input", any height and width) and answers NHWC ("output"); inside it is NCHW,
 * ONNX's layout, with Transpose at both ends.
 *
 * The ONNX protobuf (onnx.proto, IR version 7, opset 13) is written by hand below: the few
 * message types needed are short, and a protobuf library would be a dependency for 100 lines.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Protobuf wire format (https://protobuf.dev/programming-guides/encoding/)

export type Bytes = Uint8Array;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

const tag = (field: number, wire: 0 | 2 | 5) => varint(field * 8 + wire);
export const concat = (parts: Bytes[]): Bytes => {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** A varint field (int32/int64/enum, non-negative here). */
export const fInt = (field: number, value: number): Bytes =>
  Uint8Array.from([...tag(field, 0), ...varint(value)]);
/** A length-delimited field (string, bytes, embedded message). */
export const fBytes = (field: number, value: Bytes): Bytes =>
  concat([Uint8Array.from([...tag(field, 2), ...varint(value.length)]), value]);
export const fString = (field: number, value: string): Bytes =>
  fBytes(field, new TextEncoder().encode(value));
const fFloat = (field: number, value: number): Bytes => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value, true);
  return concat([Uint8Array.from(tag(field, 5)), b]);
};

// ---------------------------------------------------------------------------------------------
// ONNX messages (field numbers from onnx.proto)

const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;
const INT64 = 7;

type TensorData = Float32Array | BigInt64Array | Uint8Array | Int8Array | Int32Array;
const dataType = (data: TensorData): number =>
  data instanceof Float32Array
    ? FLOAT
    : data instanceof BigInt64Array
      ? INT64
      : data instanceof Uint8Array
        ? UINT8
        : data instanceof Int8Array
          ? INT8
          : INT32;

export type Attribute = { name: string } & (
  { ints: number[] } | { int: number } | { string: string } | { float: number }
);

function attribute(a: Attribute): Bytes {
  // AttributeProto: name 1, f 2, i 3, s 4, ints 8, type 20 (FLOAT 1, INT 2, STRING 3, INTS 7).
  const parts = [fString(1, a.name)];
  if ('ints' in a) parts.push(...a.ints.map((v) => fInt(8, v)), fInt(20, 7));
  else if ('int' in a) parts.push(fInt(3, a.int), fInt(20, 2));
  else if ('string' in a) parts.push(fString(4, a.string), fInt(20, 3));
  else parts.push(fFloat(2, a.float), fInt(20, 1));
  return concat(parts);
}

export function node(
  op: string,
  inputs: string[],
  outputs: string[],
  name: string,
  attrs: Attribute[] = [],
): Bytes {
  // NodeProto: input 1, output 2, name 3, op_type 4, attribute 5.
  return concat([
    ...inputs.map((i) => fString(1, i)),
    ...outputs.map((o) => fString(2, o)),
    fString(3, name),
    fString(4, op),
    ...attrs.map((a) => fBytes(5, attribute(a))),
  ]);
}

export function tensor(name: string, dims: number[], data: TensorData): Bytes {
  // TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, as on x86 and ARM).
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return concat([...dims.map((d) => fInt(1, d)), fInt(2, dataType(data)), fString(8, name), fBytes(9, raw)]);
}

/** A float tensor value with a 4-D shape whose entries are sizes or symbolic names. */
export function valueInfo(name: string, dims: (number | string)[]): Bytes {
  // ValueInfoProto: name 1, type 2; TypeProto.tensor_type 1; Tensor: elem_type 1, shape 2;
  // TensorShapeProto.dim 1; Dimension: dim_value 1, dim_param 2.
  const shape = concat(dims.map((d) => fBytes(1, typeof d === 'number' ? fInt(1, d) : fString(2, d))));
  const tensorType = concat([fInt(1, FLOAT), fBytes(2, shape)]);
  return concat([fString(1, name), fBytes(2, fBytes(1, tensorType))]);
}

// ---------------------------------------------------------------------------------------------
// Keras layers -> ONNX nodes

interface KerasLayer {
  class_name: string;
  name: string;
  config: Record<string, unknown>;
  inbound_nodes: unknown[][][];
}

interface LayersModelJson {
  format?: string;
  modelTopology: {
    model_config: {
      class_name: string;
      config: { layers: KerasLayer[]; input_layers: unknown[][]; output_layers: unknown[][] };
    };
  };
  weightsManifest: Array<{
    paths: string[];
    weights: Array<{ name: string; shape: number[]; dtype: string }>;
  }>;
}

/** The weights of a layers model by name, read from its shards in manifest order. */
function readWeights(
  modelJsonPath: string,
  json: LayersModelJson,
): Map<string, { shape: number[]; data: Float32Array }> {
  const dir = path.dirname(modelJsonPath);
  const out = new Map<string, { shape: number[]; data: Float32Array }>();
  for (const group of json.weightsManifest) {
    const buffer = concat(group.paths.map((p) => new Uint8Array(readFileSync(path.join(dir, p)))));
    let at = 0;
    for (const w of group.weights) {
      if (w.dtype !== 'float32' || 'quantization' in w) {
        throw new Error(
          `keras-onnx: weight ${w.name} is ${w.dtype}${'quantization' in w ? ' quantised' : ''}`,
        );
      }
      const n = w.shape.reduce((a, b) => a * b, 1);
      // Copied: the shard buffer's offset need not be 4-byte aligned.
      const data = new Float32Array(buffer.slice(at, at + n * 4).buffer);
      out.set(w.name, { shape: w.shape, data });
      at += n * 4;
    }
  }
  return out;
}

/** Keras HWIO kernel [kh, kw, in, out] -> ONNX OIHW [out, in, kh, kw]. */
export function hwioToOihw(shape: number[], data: Float32Array): { dims: number[]; data: Float32Array } {
  const [kh, kw, ci, co] = shape as [number, number, number, number];
  const out = new Float32Array(data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < ci; i++)
        for (let o = 0; o < co; o++)
          out[((o * ci + i) * kh + y) * kw + x] = data[((y * kw + x) * ci + i) * co + o]!;
  return { dims: [co, ci, kh, kw], data: out };
}

/**
 * Which convolutions run in 8-bit integers, and the calibrated range [min, max] of every tensor a
 * quantised convolution reads or writes, by ONNX tensor name (the float graph's names).
 */
export interface Int8Plan {
  layers: readonly string[];
  ranges: Readonly<Record<string, readonly [number, number]>>;
}

export interface ConvertOptions {
  /** Run these convolutions in 8-bit integers (QDQ form). */
  int8?: Int8Plan;
  /** Also answer every tensor a convolution reads or writes (float graph; for calibration). */
  expose?: boolean;
}

/**
 * Asymmetric uint8 quantisation of a range: the range widened to hold 0 (so zero is exact, as
 * padding needs), 255 steps across it.
 */
export function uint8Quantisation(range: readonly [number, number]): { scale: number; zero: number } {
  const lo = Math.min(range[0], 0);
  const hi = Math.max(range[1], 0);
  const scale = hi > lo ? (hi - lo) / 255 : 1;
  return { scale, zero: Math.min(255, Math.max(0, Math.round(-lo / scale))) };
}

/**
 * Symmetric int8 weights, one scale per output channel (OIHW's first axis), on seven bits
 * (-63..63, scale max |w| / 63): x86 processors without VNNI multiply uint8 by int8 with AVX2's
 * vpmaddubsw, which adds pairs of products in 16 bits with saturation; 2 x 255 x 63 fits, so
 * every processor computes the same integers (onnxruntime's quantisation guide: "reduce range").
 * The eighth bit's worth, shipped plans on the tuning photos (calibrate-enhance.ts): PSNR lost
 * x2 0.026 dB on seven bits against 0.029 on eight, x4 0.011 against 0.004; the report set's
 * means (measure-restore.ts) equal to two decimals.
 */
export function int8Weights(dims: number[], data: Float32Array): { data: Int8Array; scales: Float32Array } {
  const channels = dims[0]!;
  const per = data.length / channels;
  const scales = new Float32Array(channels);
  const out = new Int8Array(data.length);
  for (let o = 0; o < channels; o++) {
    let max = 0;
    for (let i = o * per; i < (o + 1) * per; i++) max = Math.max(max, Math.abs(data[i]!));
    const s = max > 0 ? max / 63 : 1;
    scales[o] = s;
    for (let i = o * per; i < (o + 1) * per; i++) out[i] = Math.round(data[i]! / s);
  }
  return { data: out, scales };
}

const inboundNames = (layer: KerasLayer): string[] =>
  (layer.inbound_nodes[0] ?? []).map((entry) => String((entry as unknown[])[0]));

/**
 * The ONNX model of a tfjs layers model file (see the file comment for what is supported).
 * Input "input" [1, H, W, C] float, output "output" [1, H', W', C'] float, NHWC like Keras.
 */
export function kerasLayersToOnnx(modelJsonPath: string, options: ConvertOptions = {}): Uint8Array {
  const json = JSON.parse(readFileSync(modelJsonPath, 'utf8')) as LayersModelJson;
  if (json.format !== 'layers-model') throw new Error(`keras-onnx: ${modelJsonPath} is not a layers model`);
  const weights = readWeights(modelJsonPath, json);
  const layers = json.modelTopology.model_config.config.layers;
  const nodes: Bytes[] = [];
  const initializers: Bytes[] = [];
  const { int8, expose = false } = options;
  /** Tensors a convolution reads or writes, in order (the graph's extra outputs with `expose`). */
  const convTensors: string[] = [];
  const seen = (t: string) => {
    if (!convTensors.includes(t)) convTensors.push(t);
  };
  /** Each quantised tensor's copy after QuantizeLinear and DequantizeLinear, and its scale. */
  const dequantised = new Map<string, { name: string; scale: number }>();
  /** The float tensor each such copy was made from, by the copy's name. */
  const floatOf = new Map<string, string>();
  const floatName = (t: string) => floatOf.get(t) ?? t;
  /** The quantised copy of a float tensor (made once), or of the copy itself. */
  const quantise = (t: string): { name: string; scale: number } => {
    const done = dequantised.get(floatName(t));
    if (done) return done;
    const range = int8?.ranges[t];
    if (!range) throw new Error(`keras-onnx: no calibrated range for ${t}`);
    const { scale, zero } = uint8Quantisation(range);
    initializers.push(tensor(`${t}/q_scale`, [], Float32Array.of(scale)));
    initializers.push(tensor(`${t}/q_zero`, [], Uint8Array.of(zero)));
    nodes.push(node('QuantizeLinear', [t, `${t}/q_scale`, `${t}/q_zero`], [`${t}/q`], `${t}/q`));
    nodes.push(node('DequantizeLinear', [`${t}/q`, `${t}/q_scale`, `${t}/q_zero`], [`${t}/dq`], `${t}/dq`));
    const d = { name: `${t}/dq`, scale };
    dequantised.set(t, d);
    floatOf.set(d.name, t);
    return d;
  };
  const activation = (name: string, input: string, kind: unknown): string => {
    if (kind === 'linear' || kind === undefined) return input;
    if (kind !== 'relu') throw new Error(`keras-onnx: activation ${String(kind)} of ${name}`);
    nodes.push(node('Relu', [input], [`${name}/relu`], `${name}/relu`));
    return `${name}/relu`;
  };
  /** ONNX tensor name that holds each Keras layer's output. */
  const outputOf = new Map<string, string>();
  /**
   * Quantised convolutions whose one reader is a ReLU layer, and those ReLU layers: the result is
   * quantised after the ReLU, on [0, max] (zero point 0), where onnxruntime folds the ReLU into
   * the integer convolution; quantised before it, the negative half of the range, which the ReLU
   * discards, would take half the 256 steps or more.
   */
  const readers = new Map<string, KerasLayer[]>();
  for (const layer of layers)
    for (const n of inboundNames(layer)) readers.set(n, [...(readers.get(n) ?? []), layer]);
  const reluAfter = new Set<string>();
  for (const layer of layers) {
    const only = readers.get(layer.name);
    if (
      layer.class_name === 'Conv2D' &&
      int8?.layers.includes(layer.name) &&
      only?.length === 1 &&
      only[0]!.class_name === 'Activation' &&
      only[0]!.config.activation === 'relu'
    )
      reluAfter.add(layer.name).add(only[0]!.name);
  }
  let inputChannels = 3;
  for (const layer of layers) {
    const c = layer.config;
    const inputs = inboundNames(layer).map((n) => {
      const v = outputOf.get(n);
      if (!v) throw new Error(`keras-onnx: ${layer.name} reads ${n} before it is made`);
      return v;
    });
    switch (layer.class_name) {
      case 'InputLayer': {
        inputChannels = ((c.batch_input_shape as number[])[3] ?? 3) as number;
        nodes.push(
          node('Transpose', ['input'], [layer.name], layer.name, [{ name: 'perm', ints: [0, 3, 1, 2] }]),
        );
        outputOf.set(layer.name, layer.name);
        break;
      }
      case 'Conv2D': {
        const [kh, kw] = c.kernel_size as [number, number];
        const strides = c.strides as number[];
        const dilation = c.dilation_rate as number[];
        if (strides.some((s) => s !== 1) || dilation.some((d) => d !== 1) || kh % 2 === 0 || kw % 2 === 0) {
          throw new Error(`keras-onnx: ${layer.name}: only odd kernels with stride and dilation 1`);
        }
        const kernel = weights.get(`${layer.name}/kernel`);
        if (!kernel) throw new Error(`keras-onnx: no kernel for ${layer.name}`);
        const k = hwioToOihw(kernel.shape, kernel.data);
        const bias = c.use_bias ? weights.get(`${layer.name}/bias`) : undefined;
        const quantised = int8?.layers.includes(layer.name) ?? false;
        seen(floatName(inputs[0]!));
        seen(`${layer.name}/conv`);
        let convInputs: string[];
        if (quantised) {
          // QDQ form: onnxruntime runs DequantizeLinear -> Conv -> QuantizeLinear as one integer
          // convolution (QLinearConv; uint8 activations, int8 weights). Weights: symmetric, one
          // scale per output channel (7 bits, int8Weights); bias: int32 at the input's scale times the
          // weight's, as QLinearConv takes it.
          const x = quantise(inputs[0]!);
          const q = int8Weights(k.dims, k.data);
          const w = `${layer.name}/W`;
          initializers.push(
            tensor(`${w}_q`, k.dims, q.data),
            tensor(`${w}_scale`, [q.scales.length], q.scales),
            tensor(`${w}_zero`, [q.scales.length], new Int8Array(q.scales.length)),
          );
          nodes.push(
            node('DequantizeLinear', [`${w}_q`, `${w}_scale`, `${w}_zero`], [w], w, [
              { name: 'axis', int: 0 },
            ]),
          );
          convInputs = [x.name, w];
          if (bias) {
            const b = `${layer.name}/B`;
            const scales = q.scales.map((s) => s * x.scale);
            initializers.push(
              tensor(
                `${b}_q`,
                bias.shape,
                Int32Array.from(bias.data, (v, o) => Math.round(v / scales[o]!)),
              ),
              tensor(`${b}_scale`, [scales.length], scales),
              tensor(`${b}_zero`, [scales.length], new Int32Array(scales.length)),
            );
            nodes.push(
              node('DequantizeLinear', [`${b}_q`, `${b}_scale`, `${b}_zero`], [b], b, [
                { name: 'axis', int: 0 },
              ]),
            );
            convInputs.push(b);
          }
        } else {
          initializers.push(tensor(`${layer.name}/W`, k.dims, k.data));
          convInputs = [inputs[0]!, `${layer.name}/W`];
          if (bias) {
            initializers.push(tensor(`${layer.name}/B`, bias.shape, bias.data));
            convInputs.push(`${layer.name}/B`);
          }
        }
        // 'same' with an odd kernel and stride 1 pads (k - 1) / 2 on each side.
        const same = c.padding === 'same';
        const ph = same ? (kh - 1) / 2 : 0;
        const pw = same ? (kw - 1) / 2 : 0;
        nodes.push(
          node('Conv', convInputs, [`${layer.name}/conv`], layer.name, [
            { name: 'kernel_shape', ints: [kh, kw] },
            { name: 'pads', ints: [ph, pw, ph, pw] },
          ]),
        );
        // A quantised convolution's result is quantised once and every reader takes the quantised
        // copy (onnxruntime fuses the QuantizeLinear only when it is the convolution's one
        // reader); after the ReLU layer that reads it, if one does (reluAfter).
        let result = activation(layer.name, `${layer.name}/conv`, c.activation);
        if (c.activation === 'relu') seen(result);
        if (quantised && !reluAfter.has(layer.name)) result = quantise(result).name;
        outputOf.set(layer.name, result);
        break;
      }
      case 'Activation': {
        const result = activation(layer.name, inputs[0]!, c.activation);
        if (c.activation === 'relu') seen(result);
        outputOf.set(layer.name, reluAfter.has(layer.name) ? quantise(result).name : result);
        break;
      }
      case 'Concatenate': {
        const axis = (c.axis as number | undefined) ?? -1;
        if (axis !== -1 && axis !== 3)
          throw new Error(`keras-onnx: ${layer.name}: concatenation on axis ${axis}`);
        nodes.push(node('Concat', inputs, [layer.name], layer.name, [{ name: 'axis', int: 1 }]));
        outputOf.set(layer.name, layer.name);
        break;
      }
      case 'Add': {
        let sum = inputs[0]!;
        for (let i = 1; i < inputs.length; i++) {
          const out = i === inputs.length - 1 ? layer.name : `${layer.name}/${i}`;
          nodes.push(node('Add', [sum, inputs[i]!], [out], out));
          sum = out;
        }
        outputOf.set(layer.name, sum);
        break;
      }
      case 'UpSampling2D': {
        if (c.interpolation !== 'nearest')
          throw new Error(`keras-onnx: ${layer.name}: ${String(c.interpolation)}`);
        const [sh, sw] = c.size as [number, number];
        initializers.push(tensor(`${layer.name}/scales`, [4], Float32Array.from([1, 1, sh, sw])));
        // Nearest with 'asymmetric' coordinates and 'floor' repeats each pixel sh x sw times,
        // as Keras does.
        nodes.push(
          node('Resize', [inputs[0]!, '', `${layer.name}/scales`], [layer.name], layer.name, [
            { name: 'mode', string: 'nearest' },
            { name: 'coordinate_transformation_mode', string: 'asymmetric' },
            { name: 'nearest_mode', string: 'floor' },
          ]),
        );
        outputOf.set(layer.name, layer.name);
        break;
      }
      default:
        throw new Error(`keras-onnx: layer ${layer.class_name} (${layer.name}) is not supported`);
    }
  }
  const outputLayer = String(json.modelTopology.model_config.config.output_layers[0]?.[0]);
  const last = outputOf.get(outputLayer);
  if (!last) throw new Error(`keras-onnx: output ${outputLayer} not found`);
  nodes.push(node('Transpose', [last], ['output'], 'output', [{ name: 'perm', ints: [0, 2, 3, 1] }]));

  const graph = concat([
    ...nodes.map((n) => fBytes(1, n)),
    fString(2, path.basename(path.dirname(modelJsonPath))),
    ...initializers.map((t) => fBytes(5, t)),
    fBytes(11, valueInfo('input', [1, 'height', 'width', inputChannels])),
    fBytes(12, valueInfo('output', [1, 'out_height', 'out_width', 'channels'])),
    ...(expose ? convTensors.map((t) => fBytes(12, valueInfo(t, [1, `${t}:c`, `${t}:h`, `${t}:w`]))) : []),
  ]);
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 (domain 1, version 2).
  return concat([
    fInt(1, 7),
    fString(2, 'pixora keras-onnx'),
    fBytes(7, graph),
    fBytes(8, concat([fString(1, ''), fInt(2, 13)])),
  ]);
}

/**
 * Converts the convolutional part of a TensorFlow.js graph model (model.json + weight shards, as
 * shipped inside an npm package) into an ONNX model in memory, so that onnxruntime-node runs it
 * (about twice as fast as the tfjs wasm backend on one core here, see docs/benchmarks.md). Nothing
 * is written to disk and nothing is downloaded: the ONNX bytes are built from the package's files
 * when a worker first needs the model.
 *
 * Only the part of the graph from its input to the requested tensors is converted (the rest, such
 * as a detector's decoding with TopK and Gather, stays with tfjs, fed those tensors). Supported
 * TensorFlow ops: Conv2D and _FusedConv2D (BiasAdd, then Relu, Relu6 or PReLU),
 * DepthwiseConv2dNative and FusedDepthwiseConv2dNative (same), Add/AddV2/Sub/Mul/Minimum/Maximum
 * (a constant operand of rank 0, 1 or 4), Relu, Relu6, PReLU, Sigmoid, Identity, Pad, Mean and
 * Max over height and width, ConcatV2, ResizeBilinear, MaxPool, AvgPool, AddN,
 * Conv2DBackpropInput (a transposed convolution), _FusedMatMul (a dense layer with its bias, after
 * a Mean or Max that keeps no dimensions), Softmax of a dense layer's output; anything else throws, so a graph this converter does not understand is never run
 * half-translated. TensorFlow's graphs are NHWC; inside the ONNX graph tensors are NCHW (ONNX's
 * layout), with a Transpose after the input and before each output, so the input ("input") and the
 * outputs (named as the graph's tensors) are NHWC, as tfjs gives and takes them.
 *
 * Weights: float32, or float32 quantised to float16 or uint8 (the tfjs converter's formats,
 * github.com/tensorflow/tfjs/tree/master/tfjs-converter), dequantised here; int32 constants stay
 * integers (axes, sizes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  concat,
  hwioToOihw,
  fBytes,
  fInt,
  fString,
  node,
  tensor,
  valueInfo,
  type Attribute,
  type Bytes,
} from './keras-onnx.ts';

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, { s?: string; b?: boolean; i?: string; list?: { s?: string[]; i?: string[] } }>;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; min?: number; scale?: number };
}

interface GraphModelJson {
  format?: string;
  modelTopology: { node: GraphNode[] };
  weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>;
}

interface Constant {
  shape: number[];
  data: Float32Array | Int32Array;
}

/** IEEE 754 half precision to single (normal, subnormal, zero, infinity and NaN). */
function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

let halves: Float32Array | undefined;
/** Every half-precision value as single precision (a table of 65536, made once). */
function halfTable(): Float32Array {
  if (!halves) {
    halves = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halves[h] = halfToFloat(h);
  }
  return halves;
}

/** The graph's weights by name, dequantised, from its shards in manifest order. */
function readConstants(modelJsonPath: string, json: GraphModelJson): Map<string, Constant> {
  const dir = path.dirname(modelJsonPath);
  const out = new Map<string, Constant>();
  for (const group of json.weightsManifest) {
    const buffer = concat(group.paths.map((p) => new Uint8Array(readFileSync(path.join(dir, p)))));
    // Copied into an aligned buffer: a shard's offsets need not be multiples of 4.
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    let at = 0;
    for (const w of group.weights) {
      const n = w.shape.reduce((a, b) => a * b, 1);
      const q = w.quantization;
      if (w.dtype === 'int32' && !q) {
        const data = new Int32Array(n);
        for (let i = 0; i < n; i++) data[i] = view.getInt32(at + 4 * i, true);
        out.set(w.name, { shape: w.shape, data });
        at += 4 * n;
      } else if (w.dtype === 'float32' && !q) {
        const data = new Float32Array(n);
        for (let i = 0; i < n; i++) data[i] = view.getFloat32(at + 4 * i, true);
        out.set(w.name, { shape: w.shape, data });
        at += 4 * n;
      } else if (w.dtype === 'float32' && q?.dtype === 'float16') {
        const data = new Float32Array(n);
        const table = halfTable();
        for (let i = 0; i < n; i++) data[i] = table[view.getUint16(at + 2 * i, true)]!;
        out.set(w.name, { shape: w.shape, data });
        at += 2 * n;
      } else if (w.dtype === 'float32' && q?.dtype === 'uint8') {
        const data = new Float32Array(n);
        for (let i = 0; i < n; i++) data[i] = view.getUint8(at + i) * q.scale! + q.min!;
        out.set(w.name, { shape: w.shape, data });
        at += n;
      } else {
        throw new Error(`graph-onnx: weight ${w.name} is ${w.dtype}${q ? ` quantised to ${q.dtype}` : ''}`);
      }
    }
  }
  return out;
}

const text = (b64: string | undefined): string => (b64 ? Buffer.from(b64, 'base64').toString() : '');
const ints = (a: GraphNode['attr'], key: string): number[] => (a?.[key]?.list?.i ?? []).map(Number);

/** NHWC axis -> NCHW axis. */
const NCHW_AXIS = [0, 2, 3, 1] as const;

/**
 * The ONNX model computing `outputs` (tensor names of the graph) from its one input, as NHWC float
 * tensors; the graph's input becomes "input" [1, H, W, C]. `input` names a tensor inside the graph
 * to start from instead of its Placeholder (a graph whose first ops are not convertible, such as
 * HandTrack's resizing loop: the caller computes that tensor itself).
 */
export function tfjsGraphToOnnx(
  modelJsonPath: string,
  outputs: readonly string[],
  input?: string,
): Uint8Array {
  const json = JSON.parse(readFileSync(modelJsonPath, 'utf8')) as GraphModelJson;
  if (json.format !== 'graph-model') throw new Error(`graph-onnx: ${modelJsonPath} is not a graph model`);
  const constants = readConstants(modelJsonPath, json);
  const byName = new Map(json.modelTopology.node.map((n) => [n.name, n]));
  const nodes: Bytes[] = [];
  const initializers: Bytes[] = [];
  const made = new Set<string>();
  /** ONNX name of a graph tensor (NCHW inside the ONNX graph). */
  const t = (name: string) => `t:${name.replace(/:0$/, '')}`;
  let inputChannels = 3;
  /** Tensors of rank 2 ([batch, features]: after a Mean without kept dimensions, a MatMul); the others are 4-D. */
  const flat = new Set<string>();
  const isFlat = (names: string[]) => names.some((i) => !isConstant(i) && flat.has(i.replace(/:0$/, '')));

  const constant = (name: string): Constant => {
    const c = constants.get(name);
    if (!c) throw new Error(`graph-onnx: ${name} is not a constant`);
    return c;
  };
  const isConstant = (name: string) => constants.has(name) && byName.get(name)?.op === 'Const';
  /** A constant operand of an elementwise op, laid out for NCHW broadcasting. */
  const elementwiseConstant = (name: string, withFlat: boolean): string => {
    const onnxName = `c:${name}${withFlat ? '/flat' : ''}`;
    if (made.has(onnxName)) return onnxName;
    const { shape, data } = constant(name);
    const f = Float32Array.from(data);
    let dims: number[];
    let values = f;
    if (shape.length === 0) dims = [];
    // Against a [batch, features] tensor a vector broadcasts as it is; against NCHW it is per channel.
    else if (shape.length === 1) dims = withFlat ? [shape[0]!] : [shape[0]!, 1, 1];
    else if (shape.length === 4) {
      const [n, h, w, c] = shape as [number, number, number, number];
      dims = [n, c, h, w];
      values = new Float32Array(f.length);
      for (let b = 0; b < n; b++)
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++)
            for (let k = 0; k < c; k++)
              values[((b * c + k) * h + y) * w + x] = f[((b * h + y) * w + x) * c + k]!;
    } else throw new Error(`graph-onnx: constant ${name} of rank ${shape.length}`);
    initializers.push(tensor(onnxName, dims, values));
    made.add(onnxName);
    return onnxName;
  };
  /** A PReLU slope ([C], or [1, 1, C] as Keras stores it) laid out per NCHW channel, [C, 1, 1]. */
  const slope = (name: string): string => {
    const onnxName = `c:${name}/slope`;
    if (!made.has(onnxName)) {
      const { shape, data } = constant(name);
      if (shape.slice(0, -1).some((d) => d !== 1))
        throw new Error(`graph-onnx: PReLU slope ${name} of shape ${shape.join('x')}`);
      initializers.push(tensor(onnxName, [data.length, 1, 1], Float32Array.from(data)));
      made.add(onnxName);
    }
    return onnxName;
  };
  const activation = (base: string, input: string, kind: string, alpha?: string): string => {
    if (kind === 'Prelu' && alpha) {
      nodes.push(node('PRelu', [input, slope(alpha)], [`${base}/prelu`], `${base}/prelu`));
      return `${base}/prelu`;
    }
    if (kind === 'Relu') {
      nodes.push(node('Relu', [input], [`${base}/relu`], `${base}/relu`));
      return `${base}/relu`;
    }
    if (kind === 'Relu6') {
      const six = relu6Bounds();
      nodes.push(node('Clip', [input, six.low, six.high], [`${base}/relu6`], `${base}/relu6`));
      return `${base}/relu6`;
    }
    throw new Error(`graph-onnx: fused activation ${kind} of ${base}`);
  };
  /** TensorFlow's bilinear sampling grid as ONNX names it. */
  const resizeMode = (n: GraphNode) =>
    n.attr?.align_corners?.b ? 'align_corners' : n.attr?.half_pixel_centers?.b ? 'half_pixel' : 'asymmetric';
  const relu6Bounds = () => {
    if (!made.has('c:relu6/low')) {
      initializers.push(
        tensor('c:relu6/low', [], Float32Array.of(0)),
        tensor('c:relu6/high', [], Float32Array.of(6)),
      );
      made.add('c:relu6/low');
    }
    return { low: 'c:relu6/low', high: 'c:relu6/high' };
  };
  const convolution = (n: GraphNode, depthwise: boolean) => {
    const [x, w, bias] = n.input!;
    const a = n.attr;
    if (text(a?.data_format?.s) !== 'NHWC' && a?.data_format?.s)
      throw new Error(`graph-onnx: ${n.name} is not NHWC`);
    const fused = (a?.fused_ops?.list?.s ?? []).map(text);
    if (fused.length > 0 && fused[0] !== 'BiasAdd')
      throw new Error(`graph-onnx: ${n.name} fuses ${fused.join(', ')}`);
    const kernel = constant(w!);
    const [kh, kw, ci, co] = kernel.shape as [number, number, number, number];
    const weightsName = `c:${w}`;
    if (!made.has(weightsName)) {
      // A depthwise kernel [kh, kw, C, multiplier] is a kernel of one input channel and C x
      // multiplier outputs (ONNX [C * multiplier, 1, kh, kw], one group per input channel).
      const k = hwioToOihw(depthwise ? [kh, kw, 1, ci * co] : kernel.shape, Float32Array.from(kernel.data));
      initializers.push(tensor(weightsName, k.dims, k.data));
      made.add(weightsName);
    }
    const inputs = [t(x!), weightsName];
    if (fused[0] === 'BiasAdd') {
      const biasName = `c:${bias}`;
      if (!made.has(biasName)) {
        const b = constant(bias!);
        initializers.push(tensor(biasName, [b.data.length], Float32Array.from(b.data)));
        made.add(biasName);
      }
      inputs.push(biasName);
    }
    const strides = ints(a, 'strides');
    const dilations = ints(a, 'dilations');
    const padding = text(a?.padding?.s);
    if (padding !== 'SAME' && padding !== 'VALID')
      throw new Error(`graph-onnx: ${n.name} padding ${padding}`);
    const attrs: Attribute[] = [
      { name: 'kernel_shape', ints: [kh, kw] },
      { name: 'strides', ints: [strides[1] ?? 1, strides[2] ?? 1] },
      { name: 'dilations', ints: [dilations[1] ?? 1, dilations[2] ?? 1] },
      // TensorFlow's SAME puts the odd padding pixel at the bottom and right, as SAME_UPPER.
      padding === 'SAME' ? { name: 'auto_pad', string: 'SAME_UPPER' } : { name: 'pads', ints: [0, 0, 0, 0] },
    ];
    if (depthwise) attrs.push({ name: 'group', int: ci });
    const conv = fused.length > 1 ? `${t(n.name)}/conv` : t(n.name);
    nodes.push(node('Conv', inputs, [conv], n.name, attrs));
    if (fused.length > 1) {
      if (fused.length > 2) throw new Error(`graph-onnx: ${n.name} fuses ${fused.join(', ')}`);
      // A fused PReLU's slope is the op's fourth input.
      const out = activation(t(n.name), conv, fused[1]!, n.input![3]);
      nodes.push(node('Identity', [out], [t(n.name)], `${n.name}/out`));
    }
  };
  const pooling = (n: GraphNode, op: 'MaxPool' | 'AveragePool') => {
    const k = ints(n.attr, 'ksize');
    const s = ints(n.attr, 'strides');
    const padding = text(n.attr?.padding?.s);
    nodes.push(
      node(op, [t(n.input![0]!)], [t(n.name)], n.name, [
        { name: 'kernel_shape', ints: [k[1]!, k[2]!] },
        { name: 'strides', ints: [s[1]!, s[2]!] },
        // AveragePool's default count_include_pad 0 averages the pixels inside, as TensorFlow.
        padding === 'SAME'
          ? { name: 'auto_pad', string: 'SAME_UPPER' }
          : { name: 'pads', ints: [0, 0, 0, 0] },
      ]),
    );
  };

  const emit = (n: GraphNode) => {
    const inputs = (n.input ?? []).filter((i) => !i.startsWith('^'));
    switch (n.op) {
      case 'Placeholder': {
        const dims = (
          n.attr as unknown as { shape?: { shape?: { dim?: Array<{ size: string }> } } } | undefined
        )?.shape?.shape?.dim;
        inputChannels = Number(dims?.[3]?.size ?? 3);
        nodes.push(node('Transpose', ['input'], [t(n.name)], n.name, [{ name: 'perm', ints: [0, 3, 1, 2] }]));
        break;
      }
      case 'Conv2D':
      case '_FusedConv2D':
        convolution(n, false);
        break;
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative':
        convolution(n, true);
        break;
      case 'Add':
      case 'AddV2':
      case 'Sub':
      case 'Mul':
      case 'Minimum':
      case 'Maximum': {
        const op = ({ AddV2: 'Add', Minimum: 'Min', Maximum: 'Max' } as Record<string, string>)[n.op] ?? n.op;
        const withFlat = isFlat(inputs);
        if (withFlat) flat.add(n.name);
        const operands = inputs.map((i) => (isConstant(i) ? elementwiseConstant(i, withFlat) : t(i)));
        nodes.push(node(op, operands, [t(n.name)], n.name));
        break;
      }
      case 'Prelu':
        nodes.push(node('PRelu', [t(inputs[0]!), slope(inputs[1]!)], [t(n.name)], n.name));
        break;
      case 'Pad': {
        // NHWC paddings [[n0, n1], [h0, h1], [w0, w1], [c0, c1]] as ONNX's NCHW begins then ends.
        const p = [...constant(inputs[1]!).data];
        if (p.length !== 8) throw new Error(`graph-onnx: ${n.name} pads ${p.length / 2} axes`);
        const begins = [p[0]!, p[6]!, p[2]!, p[4]!];
        const ends = [p[1]!, p[7]!, p[3]!, p[5]!];
        initializers.push(
          tensor(`${t(n.name)}/pads`, [8], BigInt64Array.from([...begins, ...ends].map(BigInt))),
        );
        nodes.push(node('Pad', [t(inputs[0]!), `${t(n.name)}/pads`], [t(n.name)], n.name));
        break;
      }
      case 'AddN':
        nodes.push(node('Sum', inputs.map(t), [t(n.name)], n.name));
        break;
      case 'Relu':
      case 'Sigmoid':
      case 'Identity':
        if (isFlat(inputs)) flat.add(n.name);
        nodes.push(node(n.op, [t(inputs[0]!)], [t(n.name)], n.name));
        break;
      case '_FusedMatMul': {
        // A dense layer on [batch, features]: Gemm with the kernel [in, out] and the bias.
        const fused = (n.attr?.fused_ops?.list?.s ?? []).map(text);
        if (n.attr?.transpose_a?.b || n.attr?.transpose_b?.b || fused[0] !== 'BiasAdd' || fused.length > 2)
          throw new Error(`graph-onnx: ${n.name}: MatMul form not supported`);
        if (!isFlat([inputs[0]!])) throw new Error(`graph-onnx: ${n.name} multiplies a 4-D tensor`);
        const kernel = constant(inputs[1]!);
        const bias = constant(inputs[2]!);
        initializers.push(
          tensor(`c:${inputs[1]}`, kernel.shape, Float32Array.from(kernel.data)),
          tensor(`c:${inputs[2]}`, [bias.data.length], Float32Array.from(bias.data)),
        );
        const gemm = fused.length > 1 ? `${t(n.name)}/gemm` : t(n.name);
        nodes.push(node('Gemm', [t(inputs[0]!), `c:${inputs[1]}`, `c:${inputs[2]}`], [gemm], n.name));
        if (fused.length > 1) {
          const out = activation(t(n.name), gemm, fused[1]!);
          nodes.push(node('Identity', [out], [t(n.name)], `${n.name}/out`));
        }
        flat.add(n.name);
        break;
      }
      case 'Relu6': {
        if (isFlat(inputs)) flat.add(n.name);
        const six = relu6Bounds();
        nodes.push(node('Clip', [t(inputs[0]!), six.low, six.high], [t(n.name)], n.name));
        break;
      }
      case 'Mean':
      case 'Max': {
        const axes = [...constant(inputs[1]!).data].map((a) => NCHW_AXIS[a < 0 ? a + 4 : a]!);
        nodes.push(
          node(n.op === 'Mean' ? 'ReduceMean' : 'ReduceMax', [t(inputs[0]!)], [t(n.name)], n.name, [
            { name: 'axes', ints: axes },
            { name: 'keepdims', int: n.attr?.keep_dims?.b ? 1 : 0 },
          ]),
        );
        if (!n.attr?.keep_dims?.b) {
          // Only a mean over height and width leaves [batch, channels], the same in both layouts.
          if (axes.length !== 2 || !axes.includes(2) || !axes.includes(3))
            throw new Error(`graph-onnx: ${n.name} reduces axes other than height and width`);
          flat.add(n.name);
        }
        break;
      }
      case 'Softmax':
        // TensorFlow's Softmax is over the last axis; only a [batch, features] tensor (after a
        // dense layer) is taken, whose last axis is the same in both layouts.
        if (!isFlat(inputs)) throw new Error(`graph-onnx: ${n.name} is a softmax over a 4-D tensor`);
        flat.add(n.name);
        nodes.push(node('Softmax', [t(inputs[0]!)], [t(n.name)], n.name, [{ name: 'axis', int: 1 }]));
        break;
      case 'ConcatV2': {
        const axis = constant(inputs[inputs.length - 1]!).data[0]!;
        nodes.push(
          node('Concat', inputs.slice(0, -1).map(t), [t(n.name)], n.name, [
            { name: 'axis', int: NCHW_AXIS[axis < 0 ? axis + 4 : axis]! },
          ]),
        );
        break;
      }
      case 'ResizeBilinear': {
        // Output size [N, C] of the input (Shape, Slice) then the constant [height, width].
        const size = constant(inputs[1]!).data;
        const base = t(n.name);
        initializers.push(
          tensor(`${base}/hw`, [2], BigInt64Array.from([BigInt(size[0]!), BigInt(size[1]!)])),
          tensor(`${base}/start`, [1], BigInt64Array.of(0n)),
          tensor(`${base}/end`, [1], BigInt64Array.of(2n)),
        );
        nodes.push(
          node('Shape', [t(inputs[0]!)], [`${base}/shape`], `${n.name}/shape`),
          node('Slice', [`${base}/shape`, `${base}/start`, `${base}/end`], [`${base}/nc`], `${n.name}/nc`),
          node('Concat', [`${base}/nc`, `${base}/hw`], [`${base}/sizes`], `${n.name}/sizes`, [
            { name: 'axis', int: 0 },
          ]),
          node('Resize', [t(inputs[0]!), '', '', `${base}/sizes`], [base], n.name, [
            { name: 'mode', string: 'linear' },
            { name: 'coordinate_transformation_mode', string: resizeMode(n) },
          ]),
        );
        break;
      }
      case 'Conv2DBackpropInput': {
        // The transposed convolution: inputs (output size NHWC, filter [kh, kw, out, in], x).
        const [sizes, filter, x] = inputs as [string, string, string];
        const size = constant(sizes).data;
        const kernel = constant(filter);
        const [kh, kw] = kernel.shape as [number, number, number, number];
        // ONNX ConvTranspose weights are [in, out, kh, kw]: [kh, kw, out, in] read as a
        // convolution kernel whose input is `out` and output `in`.
        const k = hwioToOihw(kernel.shape, Float32Array.from(kernel.data));
        initializers.push(tensor(`c:${filter}`, k.dims, k.data));
        const strides = ints(n.attr, 'strides');
        const [sh, sw] = [strides[1] ?? 1, strides[2] ?? 1];
        const padding = text(n.attr?.padding?.s);
        // The padding of the forward convolution whose gradient this is: SAME pads the input
        // (ceil(out / stride) pixels) by total = (in - 1) * stride + k - out, half before (rounded
        // down) and the rest after; VALID pads nothing.
        const pad = (out: number, s: number, k: number) => {
          if (padding !== 'SAME') return [0, 0] as const;
          const total = Math.max(0, (Math.ceil(out / s) - 1) * s + k - out);
          return [Math.floor(total / 2), total - Math.floor(total / 2)] as const;
        };
        const [top, bottom] = pad(size[1]!, sh, kh);
        const [left, right] = pad(size[2]!, sw, kw);
        nodes.push(
          node('ConvTranspose', [t(x), `c:${filter}`], [t(n.name)], n.name, [
            { name: 'kernel_shape', ints: [kh, kw] },
            { name: 'strides', ints: [sh, sw] },
            { name: 'pads', ints: [top, left, bottom, right] },
          ]),
        );
        break;
      }
      case 'MaxPool':
        pooling(n, 'MaxPool');
        break;
      case 'AvgPool':
        pooling(n, 'AveragePool');
        break;
      default:
        throw new Error(`graph-onnx: op ${n.op} (${n.name}) is not supported`);
    }
  };

  /**
   * The source of TensorFlow's nearest-neighbour upsampling by 2 as the Object Detection API
   * writes it (ops.nearest_neighbor_upsampling): x [N, H, W, C] stacked with itself on axis 3,
   * that stacked with itself on axis 2, reshaped to [N, 2H, 2W, C]; out[n, 2h + a, 2w + b, c] =
   * x[n, h, w, c]. Undefined when `n` is not the Reshape of that pattern.
   */
  const upsampleSource = (n: GraphNode): string | undefined => {
    if (n.op !== 'Reshape') return undefined;
    const outer = byName.get(n.input?.[0] ?? '');
    const axis = (p: GraphNode | undefined) => Number(p?.attr?.axis?.i);
    const pairOf = (p: GraphNode | undefined) =>
      p?.op === 'Pack' && p.input?.length === 2 && p.input[0] === p.input[1] ? p.input[0] : undefined;
    const inner = byName.get(pairOf(outer) ?? '');
    const x = pairOf(inner);
    const shape = n.input?.[1] ? constants.get(n.input[1]) : undefined;
    return x && axis(outer) === 2 && axis(inner) === 3 && shape?.shape[0] === 4 ? x : undefined;
  };
  const upsample = (n: GraphNode, x: string) => {
    initializers.push(tensor(`${t(n.name)}/scales`, [4], Float32Array.of(1, 1, 2, 2)));
    nodes.push(
      node('Resize', [t(x), '', `${t(n.name)}/scales`], [t(n.name)], n.name, [
        { name: 'mode', string: 'nearest' },
        { name: 'coordinate_transformation_mode', string: 'asymmetric' },
        { name: 'nearest_mode', string: 'floor' },
      ]),
    );
  };
  /**
   * A ResizeBilinear whose size is its input's own height and width times constants, as Keras's
   * UpSampling2D writes it (Shape, StridedSlice [1:3], Mul by a constant): the constants as
   * scales. Undefined for any other computed size.
   */
  const resizeScales = (n: GraphNode): [number, number] | undefined => {
    if (n.op !== 'ResizeBilinear' || !n.input?.[1] || isConstant(n.input[1])) return undefined;
    const mul = byName.get(n.input[1]);
    if (mul?.op !== 'Mul' || mul.input?.length !== 2) return undefined;
    const [sliceName, factorName] = isConstant(mul.input[0]!)
      ? [mul.input[1]!, mul.input[0]!]
      : [mul.input[0]!, mul.input[1]!];
    const slice = byName.get(sliceName);
    const shape = byName.get(slice?.input?.[0] ?? '');
    if (
      slice?.op !== 'StridedSlice' ||
      shape?.op !== 'Shape' ||
      shape.input?.[0] !== n.input[0] ||
      !isConstant(factorName)
    )
      return undefined;
    const [begin, end, strides] = (slice.input ?? [])
      .slice(1)
      .map((i) => (isConstant(i) ? [...constant(i).data] : []));
    if (begin?.join() !== '1' || end?.join() !== '3' || (strides && strides.join() !== '1')) return undefined;
    const factor = constant(factorName).data;
    return factor.length === 2 ? [factor[0]!, factor[1]!] : undefined;
  };
  const resizeByScales = (n: GraphNode, [sh, sw]: [number, number]) => {
    initializers.push(tensor(`${t(n.name)}/scales`, [4], Float32Array.of(1, 1, sh, sw)));
    nodes.push(
      node('Resize', [t(n.input![0]!), '', `${t(n.name)}/scales`], [t(n.name)], n.name, [
        { name: 'mode', string: 'linear' },
        { name: 'coordinate_transformation_mode', string: resizeMode(n) },
      ]),
    );
  };

  // The nodes the outputs need, inputs before their users (depth-first from the outputs).
  const visited = new Set<string>();
  const visit = (name: string) => {
    const key = name.replace(/^\^/, '').replace(/:\d+$/, '');
    if (visited.has(key)) return;
    visited.add(key);
    const n = byName.get(key);
    if (!n) throw new Error(`graph-onnx: no node ${key}`);
    if (n.op === 'Const') return;
    if (key === input) {
      nodes.push(
        node('Transpose', ['input'], [t(key)], `${key}/input`, [{ name: 'perm', ints: [0, 3, 1, 2] }]),
      );
      return;
    }
    const source = upsampleSource(n);
    if (source) {
      visit(source);
      upsample(n, source);
      return;
    }
    const scales = resizeScales(n);
    if (scales) {
      visit(n.input![0]!);
      resizeByScales(n, scales);
      return;
    }
    for (const i of n.input ?? []) if (!isConstant(i)) visit(i);
    emit(n);
  };
  for (const o of outputs) visit(o);
  outputs.forEach((o, k) =>
    nodes.push(
      flat.has(o)
        ? node('Identity', [t(o)], [o], `output${k}`)
        : node('Transpose', [t(o)], [o], `output${k}`, [{ name: 'perm', ints: [0, 2, 3, 1] }]),
    ),
  );

  const graph = concat([
    ...nodes.map((n) => fBytes(1, n)),
    fString(2, path.basename(modelJsonPath, '.json')),
    ...initializers.map((x) => fBytes(5, x)),
    fBytes(11, valueInfo('input', [1, 'height', 'width', inputChannels])),
    ...outputs.map((o, k) =>
      fBytes(12, valueInfo(o, flat.has(o) ? [1, `c${k}`] : [1, `h${k}`, `w${k}`, `c${k}`])),
    ),
  ]);
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 (domain 1, version 2).
  return concat([
    fInt(1, 7),
    fString(2, 'pixora graph-onnx'),
    fBytes(7, graph),
    fBytes(8, concat([fString(1, ''), fInt(2, 13)])),
  ]);
}

/**
 * HSE-FaceRes (faceres.json, shipped in @vladmandic/human; run with onnxruntime, GRAPH_PARTS,
 * decision 0013): gender (sigmoid), age (100 one-year bins) and a 1024-d identity descriptor, on a
 * 224 x 224 upright crop of the region the mesh model saw, centred on the mesh (as Human feeds it).
 * The face analysis reads all three; the hair attributes read the descriptor for their probes.
 */
import type { Tensor4D } from '@tensorflow/tfjs';
import { tf } from '../../runtime/tfjs.ts';
import { GRAPH_PARTS, runOnnxGraph } from '../../runtime/onnx.ts';
import { cropTransform, type RotatedSquare } from './geometry.ts';
import type { MeshFace } from './mesh-faces.ts';

export const FACERES_INPUT = 224;

/** Upright square crop of `roi` at `n` x `n`, RGB in 0..255. */
export function crop(pixels: Tensor4D, roi: RotatedSquare, n: number): Tensor4D {
  return tf.tidy(() => {
    const t = tf.tensor2d([cropTransform(roi, n)], [1, 8], 'float32');
    return tf.image.transform(pixels, t, 'bilinear', 'constant', 0, [n, n]) as Tensor4D;
  });
}

/** The pixels of a crop made with tfjs, for an onnxruntime network; the tensor is disposed. */
export async function pixelsOf(t: Tensor4D): Promise<Float32Array> {
  try {
    return (await t.data()) as Float32Array;
  } finally {
    t.dispose();
  }
}

/** The crop for the attribute models: the mesh region, centred on the mesh and upright. */
export function attributeRoi({ roi, bounds }: Pick<MeshFace, 'roi' | 'bounds'>): RotatedSquare {
  return {
    cx: (bounds.x1 + bounds.x2) / 2,
    cy: (bounds.y1 + bounds.y2) / 2,
    size: roi.size,
    angle: roi.angle,
  };
}

export interface FaceresOutputs {
  /** Probability that the face is male. */
  male: number;
  /** Age, one-year bins 0..99 (softmax). */
  ageBins: Float32Array;
  /** The descriptor as the model gives it, and its L2 norm. */
  descriptor: Float32Array;
  norm: number;
}

/** FaceRes on the crop of `roi` from `pixels` (RGB 0..255, the whole working image). */
export async function runFaceresModel(pixels: Tensor4D, roi: RotatedSquare): Promise<FaceresOutputs> {
  // FaceRes takes RGB in 0..255 (Human scales its 0..1 face crop by 255 before the model).
  const input = await pixelsOf(crop(pixels, roi, FACERES_INPUT));
  const [genderName = '', ageName = '', descriptorName = ''] = GRAPH_PARTS.faceres.outputs;
  const outs = await runOnnxGraph('faceres', input, [1, FACERES_INPUT, FACERES_INPUT, 3]);
  const descriptor = outs[descriptorName]!.data;
  let n = 0;
  for (const v of descriptor) n += v * v;
  return {
    male: outs[genderName]!.data[0] ?? 0.5,
    ageBins: outs[ageName]!.data,
    descriptor,
    norm: Math.sqrt(n) || 1,
  };
}

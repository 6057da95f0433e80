/**
 * facesegment (face parsing): labels, parameter and result types. Kept apart from the model code
 * so that importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

export { parseSegmentParams as parseFaceSegmentParams } from '../body/segment-params.ts';

/** No parameters yet (as segment). */
export type FaceSegmentParams = Record<string, never>;

/**
 * The labels of the label image: value, key and the colour of the painted image (sRGB hex). 0 is
 * everything else. Right and left are not told apart (both brows are `brows`).
 */
export const FACE_LABELS = [
  { value: 1, label: 'skin', colour: '#f2b58c' },
  { value: 2, label: 'brows', colour: '#6b3e26' },
  { value: 3, label: 'eyes', colour: '#2f7fd8' },
  { value: 4, label: 'nose', colour: '#e8d44d' },
  { value: 5, label: 'upper_lip', colour: '#e0457b' },
  { value: 6, label: 'lower_lip', colour: '#b3124f' },
  { value: 7, label: 'inner_mouth', colour: '#5a1a3a' },
  { value: 8, label: 'hair', colour: '#8e44ad' },
  { value: 9, label: 'ears', colour: '#2ecc71' },
] as const;

export type FaceLabel = (typeof FACE_LABELS)[number]['label'];

export interface FaceSegmentAnswer extends ImageSize {
  /** Share of the pixels with a label other than 0, 0..1, 4 decimals. */
  foreground_ratio: number;
  /** Faces parsed; 0 means no label image could be made. */
  face_num: number;
  /** The labels of the label image, in value order. */
  legend: Array<{ value: number; label: FaceLabel }>;
}

/**
 * `images.mask`: the label image, an 8-bit greyscale PNG whose values are FACE_LABELS' values (0
 * elsewhere); `images.media_data`: the labels painted in their colours, an RGBA PNG, transparent
 * where the label is 0.
 */
export type FaceSegmentResult = ImageTaskResult<FaceSegmentAnswer, 'mask'>;

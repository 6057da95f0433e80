/**
 * facemask (capability v1/mask): parameter and result types, defaults and parameter validation.
 * Kept apart from the measurement code so that importing them (e.g. from the HTTP gateway) does
 * not load TensorFlow.js.
 */
import { numberParam } from '../param-checks.ts';
import type { ImageSize, Rectangle } from '../kinds.ts';

/** Most faces one answer may hold. */
export const FACEMASK_MAX_FACES = 20;

export interface FaceMaskParams {
  /** Most faces measured and returned (the detector's best first), 1..20. Public name `max_face_num`. */
  maxFaceNum: number;
}

export const FACEMASK_DEFAULTS: Readonly<FaceMaskParams> = Object.freeze({ maxFaceNum: 10 });

export interface FaceMaskFace {
  /** Tight box around the face mesh, original-image pixels (0.1 px). */
  face_rectangle: Rectangle;
  /** Face detector score, 0..1 (4 decimals). */
  score: number;
  attributes: {
    /** 1 when a mask covers the nose and mouth, else 0; `score` is the mask score (not a probability). */
    mask: { value: 0 | 1; score: number };
  };
}

export interface FaceMaskResult extends ImageSize {
  face_num: number;
  /** Left to right by face_rectangle.left. */
  faces: FaceMaskFace[];
}

export function parseFaceMaskParams(raw: Record<string, unknown> | undefined): FaceMaskParams {
  const maxFaceNum = numberParam(raw ?? {}, 'maxFaceNum', { min: 1, max: FACEMASK_MAX_FACES, integer: true });
  return { maxFaceNum: maxFaceNum ?? FACEMASK_DEFAULTS.maxFaceNum };
}

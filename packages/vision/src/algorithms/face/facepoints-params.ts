/**
 * facepoints: parameter and result types, defaults and parameter validation. Kept apart from the
 * model code so that importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';

/**
 * Which landmark layouts are returned: the 468-point mesh with the irises, the 106 points, the 118
 * points, or all three.
 */
export type LandmarkType = '468' | '106' | '118' | 'all';
export const LANDMARK_TYPES: readonly LandmarkType[] = ['468', '106', '118', 'all'];

/** The detection parameters every face task shares. */
export interface DetectionParams {
  /** Maximum number of faces returned (highest detector scores win). Default 20, max 100. */
  maxFaces: number;
  /**
   * Minimum detector confidence, 0.05..1. Default 0.4: lower than MediaPipe's 0.5 because every
   * candidate is re-checked by the mesh model's face-presence score, which rejects misfires
   * (measured < 0.01 on the cat and coffee photos), while small faces often score 0.4-0.5.
   */
  minConfidence: number;
  /**
   * Scan overlapping tiles of large photos to find small faces (default true). Costs four extra
   * detector passes (~200 ms) on photos whose long side exceeds 800 px.
   */
  smallFaces: boolean;
  /**
   * The thorough search for small faces (detector.ts THOROUGH; default false): tiles at every
   * size and a finer grid on large photos, at several times the detector's time.
   */
  thorough?: boolean;
}

export interface FacePointsParams extends DetectionParams {
  /**
   * '468' (default): mesh and irises; '106' / '118': the 106- or 118-point layout derived from
   * them (landmarks106.ts) instead; 'all': the mesh, irises and both layouts.
   */
  landmarkType: LandmarkType;
}

export interface FacePointsFace {
  /** Tight box around the 468 mesh points, original-image pixels, 1 decimal. */
  rectangle: { left: number; top: number; width: number; height: number };
  /** Detector confidence, 0..1. */
  score: number;
  /** 468 MediaPipe face-mesh points [x, y, z], original-image pixels (z: same scale, relative). */
  mesh: Array<[number, number, number]>;
  /** Subject's left iris (right side of a non-mirrored photo): centre, then 4 contour points. */
  irisLeft: Array<[number, number]>;
  /** Subject's right iris (left side of a non-mirrored photo): centre, then 4 contour points. */
  irisRight: Array<[number, number]>;
  /** The 106-point layout, computed from the rounded mesh and iris centres (landmarkType 106 or all). */
  points106?: Array<[number, number]>;
  /** The 118-point layout, computed likewise (landmarkType 118 or all). */
  points118?: Array<[number, number]>;
}

export interface FacePointsResult {
  imageWidth: number;
  imageHeight: number;
  /** Sorted left to right by rectangle.left. */
  faces: FacePointsFace[];
}

export const FACEPOINTS_DEFAULTS: Readonly<FacePointsParams> = Object.freeze({
  maxFaces: 20,
  minConfidence: 0.4,
  smallFaces: true,
  landmarkType: '468',
});

/** A boolean parameter of `raw`, if given. */
export function booleanParam(raw: Record<string, unknown>, key: string): boolean | undefined {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new TaskParamsError(`${key} must be a boolean`);
  return v;
}

/**
 * Checks that `raw` is a parameter object and reads into `p` the detection parameters every face
 * task shares (maxFaces, minConfidence, smallFaces). Returns the object, or undefined when no
 * parameters were given.
 */
export function readDetectionParams(
  raw: Record<string, unknown> | undefined,
  p: DetectionParams,
): Record<string, unknown> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  if (raw.maxFaces !== undefined) {
    const v = raw.maxFaces;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 100) {
      throw new TaskParamsError('maxFaces must be an integer between 1 and 100');
    }
    p.maxFaces = v;
  }
  if (raw.minConfidence !== undefined) {
    const v = raw.minConfidence;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0.05 || v > 1) {
      throw new TaskParamsError('minConfidence must be a number between 0.05 and 1');
    }
    p.minConfidence = v;
  }
  p.smallFaces = booleanParam(raw, 'smallFaces') ?? p.smallFaces;
  const thorough = booleanParam(raw, 'thorough');
  if (thorough !== undefined) p.thorough = thorough;
  return raw;
}

export function parseFacePointsParams(raw: Record<string, unknown> | undefined): FacePointsParams {
  const p = { ...FACEPOINTS_DEFAULTS };
  const given = readDetectionParams(raw, p);
  if (given?.landmarkType !== undefined) {
    if (!LANDMARK_TYPES.includes(given.landmarkType as LandmarkType))
      throw new TaskParamsError(`landmarkType must be one of ${LANDMARK_TYPES.join(', ')}`);
    p.landmarkType = given.landmarkType as LandmarkType;
  }
  return p;
}

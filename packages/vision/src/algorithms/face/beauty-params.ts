/**
 * facebeauty (AI Beauty): parameter and result types, defaults and validation. Kept apart from
 * the model code so that importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';

export interface BeautyParams {
  /** Skin smoothing strength, 0..100 (0 leaves the skin's texture as it is). */
  smooth: number;
  /** Skin brightening, 0..100, applied to lightness in OKLab (a perceptual colour space). */
  whiten: number;
  /** Face slimming, 0..100: the jaw line drawn towards the face's midline (a local warp). */
  slim: number;
  /** Eye enlarging, 0..100: a local magnification centred on each eye. */
  eye: number;
  /** Most faces retouched (highest detector scores first). Default 20, max 100. */
  maxFaces: number;
  /** JPEG quality of the result, 50..100 (default 92). */
  quality: number;
}

/** Moderate defaults: visible smoothing and brightening, small shape changes. */
export const BEAUTY_DEFAULTS: Readonly<BeautyParams> = Object.freeze({
  smooth: 60,
  whiten: 30,
  slim: 20,
  eye: 20,
  maxFaces: 20,
  quality: 92,
});

export interface BeautyFace {
  /** Tight box around the 468 mesh points, original-image pixels, 1 decimal. */
  rectangle: { left: number; top: number; width: number; height: number };
  /** Detector confidence, 0..1. */
  score: number;
}

export interface BeautyResult {
  /** Size of the input as displayed (EXIF orientation applied); the result has the same size. */
  imageWidth: number;
  imageHeight: number;
  /** Retouched faces, sorted left to right. Empty when the photo has no face. */
  faces: BeautyFace[];
  /** The retouched photo as JPEG bytes; null when no face was found (nothing to retouch). */
  image: Uint8Array | null;
  /** The settings applied (after defaults). */
  settings: Pick<BeautyParams, 'smooth' | 'whiten' | 'slim' | 'eye'>;
}

function numberIn(raw: Record<string, unknown>, key: keyof BeautyParams, min: number, max: number): number {
  const v = raw[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new TaskParamsError(`${key} must be a number between ${min} and ${max}`);
  }
  return key === 'maxFaces' || key === 'quality' ? Math.round(v) : v;
}

export function parseBeautyParams(raw: Record<string, unknown> | undefined): BeautyParams {
  const p = { ...BEAUTY_DEFAULTS };
  if (raw === undefined || raw === null) return p;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  for (const key of ['smooth', 'whiten', 'slim', 'eye'] as const) {
    if (raw[key] !== undefined) p[key] = numberIn(raw, key, 0, 100);
  }
  if (raw.maxFaces !== undefined) p.maxFaces = numberIn(raw, 'maxFaces', 1, 100);
  if (raw.quality !== undefined) p.quality = numberIn(raw, 'quality', 50, 100);
  return p;
}

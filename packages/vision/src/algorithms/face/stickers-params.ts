/**
 * emojmaterial (v1/EmojMaterialH5): parameter and result types, defaults and validation. Kept
 * apart from the drawing and model code so that importing them (e.g. from the HTTP gateway) does
 * not load TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';
import { RETOUCH_MAX_FACES, type RetouchAnswer } from './retouch-tasks-params.ts';

/** The bundled stickers (values of `material`), in the order of assets/stickers/materials.json. */
export const STICKER_MATERIALS = [
  'glasses',
  'sunglasses',
  'heart_eyes',
  'cat_ears',
  'dog_ears',
  'bunny_ears',
  'crown',
  'party_hat',
  'blush',
  'moustache',
  'clown_nose',
] as const;
export type StickerMaterial = (typeof STICKER_MATERIALS)[number];

/** Most stickers on one face in one call. */
export const MAX_MATERIALS = 4;

export interface StickerParams {
  /** The stickers drawn on every face, in drawing order. */
  materials: StickerMaterial[];
  maxFaceNum: number;
}

export const STICKER_DEFAULTS = Object.freeze({ material: 'cat_ears' as StickerMaterial, maxFaceNum: 20 });

export type StickerResult = ImageTaskResult<RetouchAnswer & { materials: StickerMaterial[] }>;

const isMaterial = (v: unknown): v is StickerMaterial =>
  typeof v === 'string' && (STICKER_MATERIALS as readonly string[]).includes(v);

/**
 * `materials` (a comma-separated list, or an array) replaces `material` (one name) when given;
 * a name may repeat nothing: each sticker is drawn once.
 */
export function parseStickerParams(raw: Record<string, unknown> | undefined): StickerParams {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new TaskParamsError('params must be an object');
  const given = raw ?? {};
  let materials: StickerMaterial[];
  if (given.materials !== undefined) {
    const list = Array.isArray(given.materials)
      ? given.materials
      : typeof given.materials === 'string'
        ? given.materials.split(',').map((s) => s.trim())
        : [given.materials];
    if (list.length === 0 || list.length > MAX_MATERIALS || !list.every(isMaterial))
      throw new TaskParamsError(
        `materials must list 1 to ${MAX_MATERIALS} of ${STICKER_MATERIALS.join(', ')}, separated by commas`,
      );
    materials = [...new Set(list)];
  } else {
    const one = given.material ?? STICKER_DEFAULTS.material;
    if (!isMaterial(one))
      throw new TaskParamsError(`material must be one of ${STICKER_MATERIALS.join(', ')}`);
    materials = [one];
  }
  const maxFaceNum =
    numberParam(given, 'maxFaceNum', { min: 1, max: RETOUCH_MAX_FACES, integer: true }) ??
    STICKER_DEFAULTS.maxFaceNum;
  return { materials, maxFaceNum };
}

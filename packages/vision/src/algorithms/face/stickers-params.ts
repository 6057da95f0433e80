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

/**
 * Where an uploaded sticker sits on the face (the places the bundled stickers use): the middle of
 * the picture on the eyes, the nose tip, the mouth or the cheeks; the middle of its bottom edge on
 * the top of the forehead.
 */
export const UPLOAD_ANCHORS = ['eyes', 'forehead', 'nose', 'mouth', 'cheeks'] as const;
export type UploadAnchor = (typeof UPLOAD_ANCHORS)[number];

/** A sticker uploaded in the back office, sent with the call: its PNG (with alpha) and its anchor. */
export interface UploadedSticker {
  /** The value the call names it by (`m<id>`). */
  value: string;
  png: Uint8Array;
  anchor: UploadAnchor;
  /** Its width in eye distances. */
  scale: number;
}

export interface StickerParams {
  /** The stickers drawn on every face, in drawing order: bundled names or uploaded values. */
  materials: string[];
  /** The uploaded stickers among them. */
  uploaded: UploadedSticker[];
  maxFaceNum: number;
}

export const STICKER_DEFAULTS = Object.freeze({ material: 'cat_ears' as StickerMaterial, maxFaceNum: 20 });

export type StickerResult = ImageTaskResult<RetouchAnswer & { materials: string[] }>;

const isBundled = (v: unknown): v is StickerMaterial =>
  typeof v === 'string' && (STICKER_MATERIALS as readonly string[]).includes(v);

const isUploaded = (v: unknown): v is UploadedSticker => {
  const u = v as UploadedSticker;
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.value === 'string' &&
    u.png instanceof Uint8Array &&
    (UPLOAD_ANCHORS as readonly string[]).includes(u.anchor) &&
    typeof u.scale === 'number' &&
    u.scale > 0 &&
    u.scale <= 10
  );
};

/**
 * `materials` (a comma-separated list, or an array) replaces `material` (one name) when given;
 * a name may repeat nothing: each sticker is drawn once. A name is a bundled sticker's or the
 * value of one of `uploaded` (the stickers sent with the call).
 */
export function parseStickerParams(raw: Record<string, unknown> | undefined): StickerParams {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new TaskParamsError('params must be an object');
  const given = raw ?? {};
  const uploaded = given.uploaded ?? [];
  if (!Array.isArray(uploaded) || !uploaded.every(isUploaded))
    throw new TaskParamsError('uploaded must list stickers as { value, png, anchor, scale }');
  const isMaterial = (v: unknown): v is string =>
    isBundled(v) || uploaded.some((u: UploadedSticker) => u.value === v);
  let materials: string[];
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
  const used = uploaded.filter((u: UploadedSticker) => materials.includes(u.value));
  return { materials, uploaded: used, maxFaceNum };
}

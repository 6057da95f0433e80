/**
 * facefuse (v3/facefuse), facefusechild (v1/facefusechild) and headreplace (v2/headreplace):
 * parameter and result types, defaults and validation. Kept apart from the image code so that
 * importing them (e.g. from the HTTP gateway) does not load TensorFlow.js.
 *
 * A second photo (a template sent by the client, the second parent) travels in the parameters
 * as its encoded bytes (`templateImage`, `secondImage`): the engine's jobs carry one image, and
 * the task decodes the second one itself with the same decoder and limits.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageTaskResult, Rectangle } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';

/** The bundled templates (values of `template`): assets/fusion/<name>.jpg. */
export const FUSION_TEMPLATES = [
  'astronaut',
  'glasses_man',
  'smiling_man',
  'party',
  'window',
  'sofa',
] as const;
export type FusionTemplate = (typeof FUSION_TEMPLATES)[number];

export const FACEFUSE_DEFAULTS = Object.freeze({ template: 'window' as FusionTemplate, mergeRate: 80 });

export interface FaceFuseParams {
  template: FusionTemplate;
  /** Encoded bytes of a template photo sent by the client; replaces `template` when given. */
  templateImage?: Uint8Array;
  /** 0..100: 0 leaves the template, 100 the user's face shape and skin in full. */
  mergeRate: number;
}

/** One face the task worked on, in the pixels of the photo it was found in. */
export interface FusedFace {
  face_rectangle: Rectangle;
  score: number;
}

export interface FaceFuseAnswer {
  image_width: number;
  image_height: number;
  /** Faces found in the user's photo (0 or 1: the largest is used). */
  face_num: number;
  /** Faces found in the template (0 or 1). */
  template_face_num: number;
  /** The bundled template used, or `image` for one sent by the client. */
  template: FusionTemplate | 'image';
  merge_rate: number;
  /** The user's face in the user's photo. */
  user_face: FusedFace | null;
  /** The face replaced, in the template (the answer's image). */
  template_face: FusedFace | null;
}

export type FaceFuseResult = ImageTaskResult<FaceFuseAnswer>;

const isObject = (raw: unknown): raw is Record<string, unknown> =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw);

export function checkParamsObject(raw: unknown): Record<string, unknown> {
  if (raw !== undefined && raw !== null && !isObject(raw))
    throw new TaskParamsError('params must be an object');
  return (raw ?? {}) as Record<string, unknown>;
}

/** Encoded image bytes given under `key`, or undefined. */
export function imageBytesParam(given: Record<string, unknown>, key: string): Uint8Array | undefined {
  const v = given[key];
  if (v === undefined || v === null) return undefined;
  if (!(v instanceof Uint8Array) || v.byteLength === 0)
    throw new TaskParamsError(`${key} must be the encoded bytes of an image`);
  return v;
}

/** `template` (a bundled template's name) and `templateImage` (a sent template's bytes, used instead). */
function templateParams(given: Record<string, unknown>, fallback: FusionTemplate) {
  const template = given.template ?? fallback;
  if (typeof template !== 'string' || !(FUSION_TEMPLATES as readonly string[]).includes(template))
    throw new TaskParamsError(`template must be one of ${FUSION_TEMPLATES.join(', ')}`);
  const templateImage = imageBytesParam(given, 'templateImage');
  return { template: template as FusionTemplate, ...(templateImage ? { templateImage } : {}) };
}

export function parseFaceFuseParams(raw: Record<string, unknown> | undefined): FaceFuseParams {
  const given = checkParamsObject(raw);
  return {
    ...templateParams(given, FACEFUSE_DEFAULTS.template),
    mergeRate: numberParam(given, 'mergeRate', { min: 0, max: 100 }) ?? FACEFUSE_DEFAULTS.mergeRate,
  };
}

/** The child's gender (values of `gender`): the amounts of the child proportions differ a little. */
export const CHILD_GENDERS = ['boy', 'girl'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];

export const CHILD_DEFAULTS = Object.freeze({ gender: 'boy' as ChildGender, weight: 50 });

export interface ChildParams {
  gender: ChildGender;
  /** The first photo's share of the child, 0..100 (the second's is 100 - weight). */
  weight: number;
  /** Encoded bytes of the second parent's photo (required). */
  secondImage: Uint8Array;
}

export interface ChildAnswer {
  image_width: number;
  image_height: number;
  /** Faces used from the first photo (0 or 1). */
  face_num: number;
  /** Faces used from the second photo (0 or 1). */
  second_face_num: number;
  gender: ChildGender;
  weight: number;
  /** Whose photo the child is drawn on: the parent with the larger share (the first on a tie). */
  base: 'first' | 'second';
  first_face: FusedFace | null;
  second_face: FusedFace | null;
}

export type ChildResult = ImageTaskResult<ChildAnswer>;

export function parseChildParams(raw: Record<string, unknown> | undefined): ChildParams {
  const given = checkParamsObject(raw);
  const gender = given.gender ?? CHILD_DEFAULTS.gender;
  if (typeof gender !== 'string' || !(CHILD_GENDERS as readonly string[]).includes(gender))
    throw new TaskParamsError(`gender must be one of ${CHILD_GENDERS.join(', ')}`);
  const secondImage = imageBytesParam(given, 'secondImage');
  if (!secondImage) throw new TaskParamsError('secondImage (the second parent’s photo) is required');
  return {
    gender: gender as ChildGender,
    weight: numberParam(given, 'weight', { min: 0, max: 100 }) ?? CHILD_DEFAULTS.weight,
    secondImage,
  };
}

export const HEADREPLACE_DEFAULTS = Object.freeze({ template: 'party' as FusionTemplate });

export interface HeadParams {
  template: FusionTemplate;
  /** Encoded bytes of a template photo sent by the client; replaces `template` when given. */
  templateImage?: Uint8Array;
}

export interface HeadAnswer {
  image_width: number;
  image_height: number;
  face_num: number;
  template_face_num: number;
  template: FusionTemplate | 'image';
  /** The user's head was scaled by this to fit the template's face. */
  scale: number;
  /** And turned by this many degrees (the eye lines' difference), counter-clockwise positive. */
  rotation: number;
  user_face: FusedFace | null;
  template_face: FusedFace | null;
}

export type HeadResult = ImageTaskResult<HeadAnswer>;

export function parseHeadParams(raw: Record<string, unknown> | undefined): HeadParams {
  return templateParams(checkParamsObject(raw), HEADREPLACE_DEFAULTS.template);
}

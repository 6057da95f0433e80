/**
 * A capability's contract, written once: what the menu and the docs show of it (id, key, group,
 * slug, names, descriptions) and, once it has a web API, that API: the number of images, the
 * public parameters (zod, in the names clients send, with defaults and limits), the answer
 * (`media_extra`) built from its output kind, and the errors of its own. Routes, validation, the
 * OpenAPI document, the API reference, the web demo's controls and the web's answer types all
 * come from it.
 */
import { z } from 'zod';
import type { Capability, Display, Extension, Group, MenuType, Status } from '../types.ts';
import { i18n, type Doc } from './doc.ts';
import { producesImages, type KindAnswer, type KindView, type OutputKind } from './kinds.ts';
import { rspMediaType } from './params.ts';

/** The web API of a capability (or of a further endpoint documented with it). */
export interface EndpointContract<
  P extends Parameters<z.ZodRawShape> = Parameters<z.ZodRawShape>,
  A extends z.ZodType = z.ZodType,
  E extends string = string,
> {
  /** Gateway path without the leading slash (`v2/facepoints`). */
  endpoint: E;
  /** Absent for endpoints that manage stored data rather than analyse an image (face sets). */
  kind?: OutputKind;
  /** Images taken, in order, from `media_info_list`; 0 for endpoints without an image. */
  images: number;
  /**
   * Images read at most: `images` plus those a client may add (a template photo instead of a
   * bundled one); further items of `media_info_list` are ignored.
   */
  maxImages: number;
  parameters: P;
  /** `media_info_list[0].media_extra` of a successful answer. */
  answer: A;
  /** Answer fields that hold images besides `media_data`. */
  imageFields: readonly string[];
  /** How the kind's web demo reads the answer; absent where the web has a demo of its own. */
  view?: KindView;
  /** Error codes of this endpoint besides those every call may answer (bad image, limits, ...). */
  errors: readonly number[];
  /** Sample photos (files under /samples/), one per image: the curl example sends them. */
  samples: readonly string[];
}

/** The public parameters of an endpoint: keys it does not know are ignored (clients send extras). */
export type Parameters<S extends z.ZodRawShape> = z.ZodObject<S, z.core.$loose>;

/** What an endpoint answers: a kind's answer, or a schema of its own. */
type AnswerSpec = Omit<KindAnswer, 'kind'> & { kind?: OutputKind };

interface ApiSpec<S extends z.ZodRawShape, K extends AnswerSpec, E extends string = string> {
  endpoint: E;
  /** Default 1. */
  images?: number;
  /** Images a client may send after the required ones (default 0). */
  optionalImages?: number;
  parameters: S;
  answer: K;
  errors: readonly number[];
  /** Sample photos, one per image; default: those of the capability, else the astronaut portrait. */
  samples?: readonly string[];
}

interface CapabilitySpec {
  id: number;
  key: string;
  group: Group;
  slug: string;
  name: Doc;
  description: Doc;
  /** 'sdk' and 'solution' for entries without a web API; else the kind the API will answer. */
  kind: OutputKind | 'sdk' | 'solution';
  /** Endpoint of a capability whose API is not written yet (the gateway answers 10023). */
  endpoint?: string;
  menuType?: MenuType;
  display?: Display;
  status?: Status;
  doc?: number;
  /**
   * Sample photos (files under /samples/) that suit it, best first: the curl example of its API
   * reference sends them, and its demo offers them first. Default: the astronaut portrait.
   */
  samples?: readonly string[];
  extension?: Extension;
}

/** A capability with its API written. */
export interface ApiCapability<
  S extends z.ZodRawShape = z.ZodRawShape,
  A extends z.ZodType = z.ZodType,
> extends Capability {
  endpoint: string;
  api: EndpointContract<Parameters<S>, A>;
}

/** The endpoint contract of an API spec: image-producing kinds also take `rsp_media_type`. */
export function defineEndpoint<S extends z.ZodRawShape, K extends AnswerSpec, E extends string>(
  spec: ApiSpec<S, K, E>,
): EndpointContract<Parameters<S>, K['answer'], E> {
  const images = spec.images ?? 1;
  const kind = spec.answer.kind;
  const shape =
    kind && producesImages(kind) ? { ...spec.parameters, rsp_media_type: rspMediaType() } : spec.parameters;
  return {
    endpoint: spec.endpoint,
    ...(kind ? { kind } : {}),
    images,
    maxImages: images + (spec.optionalImages ?? 0),
    parameters: z.looseObject(shape) as Parameters<S>,
    answer: spec.answer.answer,
    imageFields: spec.answer.imageFields ?? [],
    ...(spec.answer.view ? { view: spec.answer.view } : {}),
    errors: spec.errors,
    samples: Array.from(
      { length: images },
      (_, i) => spec.samples?.[i] ?? spec.samples?.[0] ?? 'astronaut.jpg',
    ),
  };
}

export function defineCapability<S extends z.ZodRawShape, K extends KindAnswer>(
  spec: CapabilitySpec & { api: ApiSpec<S, K>; extraEndpoints?: readonly EndpointContract[] },
): ApiCapability<S, K['answer']>;
export function defineCapability(spec: CapabilitySpec): Capability;
export function defineCapability(
  spec: CapabilitySpec & {
    api?: ApiSpec<z.ZodRawShape, AnswerSpec>;
    extraEndpoints?: readonly EndpointContract[];
  },
): Capability {
  const api = spec.api
    ? defineEndpoint({ ...spec.api, samples: spec.api.samples ?? spec.samples })
    : undefined;
  const endpoint = api?.endpoint ?? spec.endpoint;
  const extension: Extension = { demoKind: spec.kind, ...spec.extension };
  if (spec.doc !== undefined) extension.doc = spec.doc;
  return {
    id: spec.id,
    key: spec.key,
    group: spec.group,
    slug: spec.slug,
    ...(endpoint ? { endpoint } : {}),
    name: i18n(spec.name),
    description: i18n(spec.description),
    menuType: spec.menuType ?? 0,
    display: spec.display ?? 0,
    status: spec.status ?? 4,
    kind: spec.kind,
    samples: spec.samples ?? ['astronaut.jpg'],
    extension,
    ...(api ? { api } : {}),
    ...(spec.extraEndpoints ? { extraEndpoints: spec.extraEndpoints } : {}),
  };
}

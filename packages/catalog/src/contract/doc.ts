import { z } from 'zod';
import type { I18nText } from '../types.ts';

/** A text in the three languages, written [zh, zh_tw, en] beside the schema it describes. */
export type Doc = readonly [zh: string, zhTw: string, en: string];

export const i18n = ([zh, zh_tw, en]: Doc): I18nText => ({ zh, zh_tw, en });

/**
 * The metadata a contract schema carries, in the global zod registry so that the OpenAPI document
 * (fastify-type-provider-zod reads that registry) shows it: the English text as `description`,
 * the three languages as the extension `x-i18n` (the API reference and the web demo read it).
 * Parameter pieces whose input zod cannot express in JSON Schema (they accept numeric strings)
 * also state their JSON Schema type, limits and default here, from the same numbers they check.
 */
export interface FieldMeta {
  description?: string;
  'x-i18n'?: I18nText;
  /** false: a parameter the website demo does not offer (rsp_media_type, ...). */
  'x-demo'?: boolean;
  type?: 'integer' | 'number' | 'string' | 'boolean';
  minimum?: number;
  maximum?: number;
  default?: unknown;
  /** The default of a field whose schema applies none itself (zod leaves `default` out for those). */
  'x-default'?: unknown;
  enum?: readonly unknown[];
  [key: string]: unknown;
}

/** `schema` with its description in three languages (a copy: shared pieces keep their own text). */
export function described<T extends z.ZodType>(schema: T, text: Doc, more: FieldMeta = {}): T {
  return schema.meta({
    ...z.globalRegistry.get(schema),
    description: text[2],
    'x-i18n': i18n(text),
    ...more,
  });
}

/** The metadata of a schema, if it has any. */
export const metaOf = (schema: z.ZodType): FieldMeta | undefined =>
  z.globalRegistry.get(schema) as FieldMeta | undefined;

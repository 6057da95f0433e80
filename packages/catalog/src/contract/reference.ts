/**
 * Reads a contract's schemas as the API reference and the web demo present them: one row per
 * documented field (name, type, required, default, description in three languages), and the
 * parameters the demo offers as controls. Both walk the JSON Schema that zod makes of the
 * contract, the same one the OpenAPI document shows.
 */
import { z } from 'zod';
import type { DemoControl, I18nText } from '../types.ts';
import type { EndpointContract } from './define.ts';
import type { ProvidedOptions } from './params.ts';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  'x-i18n'?: I18nText;
  'x-demo'?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  'x-default'?: unknown;
  'x-enum-names'?: Record<string, I18nText>;
  'x-enum-previews'?: Record<string, string>;
  'x-options'?: ProvidedOptions;
}

export interface ReferenceRow {
  /** Path of the field: `parameter.max_face_num`, `faces[].face_rectangle`. */
  name: string;
  /** Its type as the reference writes it: `integer 1-100`, `'jpg' | 'url'`, `{ left, top, width, height }`. */
  type: string;
  required: boolean;
  /** The default, as JSON text, when the parameter has one. */
  default?: string;
  description: I18nText;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
}

const defaultOf = (s: JsonSchema) => s.default ?? s['x-default'];
/** Bounds zod adds to every integer (the safe-integer range) say nothing worth printing. */
const shown = (n: number | undefined) => n !== undefined && Math.abs(n) < 1e15;

const literal = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

/** The type of a field as one short text. */
export function typeText(s: JsonSchema): string {
  if (s.anyOf) {
    const parts = [...new Set(s.anyOf.map(typeText))];
    return parts.join(' | ');
  }
  if (s.const !== undefined) return literal(s.const);
  // A provided choice: its bundled values, then the provider's (read at run time from its list).
  if (s['x-options']) return `${s['x-options'].bundled.map(literal).join(' | ')} | (${s['x-options'].url})`;
  if (s.enum) return s.enum.map(literal).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  const range = shown(s.minimum) && shown(s.maximum) ? ` ${s.minimum}-${s.maximum}` : '';
  switch (type) {
    case 'integer':
    case 'number':
      return `${type}${range}`;
    case 'array': {
      if (s.prefixItems) return `[${s.prefixItems.map(typeText).join(', ')}]`;
      const item = s.items ? typeText(s.items) : 'unknown';
      const n = s.minItems !== undefined && s.minItems === s.maxItems ? `[${s.minItems}]` : '[]';
      return `${item.includes(' | ') ? `(${item})` : item}${n}`;
    }
    case 'object':
      if (s.properties && Object.keys(s.properties).length)
        return `{ ${Object.keys(s.properties).join(', ')} }`;
      if (s.additionalProperties && typeof s.additionalProperties === 'object')
        return `{ [key]: ${typeText(s.additionalProperties)} }`;
      return 'object';
    default:
      return type ?? 'any';
  }
}

const described = (s: JsonSchema) => s['x-i18n'] !== undefined;

/** Whether the reference lists a field's own parts: when any part has a text of its own. */
function documentedParts(s: JsonSchema): Record<string, JsonSchema> | undefined {
  const target = s.type === 'array' && s.items ? s.items : s;
  const props = target.properties;
  return props && Object.values(props).some((p) => described(p) || documentedParts(p)) ? props : undefined;
}

/** A field's text, followed by its options' display names when the contract gives some (`warm: Warm`). */
function descriptionOf(field: JsonSchema): I18nText {
  const text = field['x-i18n']!;
  const names = field['x-enum-names'];
  if (!names) return text;
  const list = (language: keyof I18nText, separator: string) =>
    Object.entries(names)
      .map(([value, name]) => `${value}: ${name[language]}`)
      .join(separator);
  return {
    zh: `${text.zh}（${list('zh', '，')}）`,
    zh_tw: `${text.zh_tw}（${list('zh_tw', '，')}）`,
    en: `${text.en} (${list('en', ', ')})`,
  };
}

function walk(s: JsonSchema, prefix: string, rows: ReferenceRow[]): void {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  for (const [key, field] of Object.entries(props)) {
    const name = `${prefix}${key}`;
    const parts = documentedParts(field);
    const fallback = defaultOf(field);
    // A field without a text of its own is summed up in its parent's type.
    if (described(field))
      rows.push({
        name,
        type: typeText(field),
        required: required.has(key),
        ...(fallback !== undefined ? { default: JSON.stringify(fallback) } : {}),
        description: descriptionOf(field),
      });
    if (parts) {
      const inner = field.type === 'array' && field.items ? field.items : field;
      walk(inner, `${name}${field.type === 'array' ? '[]' : ''}.`, rows);
    }
  }
}

/** The parameters of an endpoint, as `parameter.<name>` rows. */
export function parameterRows(contract: Pick<EndpointContract, 'parameters'>): ReferenceRow[] {
  const rows: ReferenceRow[] = [];
  walk(jsonSchema(contract.parameters, 'input'), 'parameter.', rows);
  return rows;
}

/** The fields of an endpoint's answer (`media_info_list[0].media_extra`). */
export function answerRows(contract: Pick<EndpointContract, 'answer'>): ReferenceRow[] {
  const rows: ReferenceRow[] = [];
  walk(jsonSchema(contract.answer, 'output'), '', rows);
  return rows;
}

const CONTROL_TYPES = new Set(['integer', 'number', 'string', 'boolean']);

/**
 * The parameters the web demo offers, in contract order: every documented parameter with a simple
 * type that is not marked `x-demo: false`.
 */
export function demoControls(contract: Pick<EndpointContract, 'parameters'>): DemoControl[] {
  const s = jsonSchema(contract.parameters, 'input');
  const controls: DemoControl[] = [];
  for (const [name, field] of Object.entries(s.properties ?? {})) {
    const type = Array.isArray(field.type) ? field.type[0] : field.type;
    if (field['x-demo'] === false || !field['x-i18n'] || !type || !CONTROL_TYPES.has(type)) continue;
    controls.push({
      name,
      type: type as DemoControl['type'],
      ...(field.minimum !== undefined ? { minimum: field.minimum } : {}),
      ...(field.maximum !== undefined ? { maximum: field.maximum } : {}),
      ...(defaultOf(field) !== undefined ? { default: defaultOf(field) } : {}),
      ...(field.enum ? { options: field.enum as Array<string | number> } : {}),
      // A provided choice offers its bundled values and, read by the demo at run time, its list's.
      ...(field['x-options'] && !field['x-options'].list
        ? { options: field['x-options'].bundled, optionsUrl: field['x-options'].url }
        : {}),
      ...(field['x-enum-names'] ? { optionNames: field['x-enum-names'] } : {}),
      ...(field['x-enum-previews'] ? { optionPreviews: field['x-enum-previews'] } : {}),
      description: field['x-i18n'],
    });
  }
  return controls;
}

/**
 * The provided choices of an endpoint (parameters whose options come from a provider at run time,
 * `providedChoice`): what the server resolves before running the capability.
 */
export function providedChoices(
  contract: Pick<EndpointContract, 'parameters'>,
): Array<ProvidedOptions & { name: string }> {
  const s = jsonSchema(contract.parameters, 'input');
  return Object.entries(s.properties ?? {}).flatMap(([name, field]) =>
    field['x-options'] ? [{ name, ...field['x-options'] }] : [],
  );
}

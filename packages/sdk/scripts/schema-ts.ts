/**
 * Writes a JSON Schema (as zod's `z.toJSONSchema` makes it of a contract) as a TypeScript type:
 * objects with their documented fields (the English text of `x-i18n` as a doc comment), arrays,
 * tuples, unions, enums and literals. Only what the contracts use is read; anything else is
 * `unknown`, which is honest rather than wrong.
 */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  'x-i18n'?: { zh: string; zh_tw: string; en: string };
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  /** The contract's own default (a parameter read through a preprocess keeps it here). */
  'x-default'?: unknown;
}

const defaultOf = (s: JsonSchema) => s.default ?? s['x-default'];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const propertyName = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/** A doc comment of the field's English text, its range and its default, at the given indent. */
export function docComment(s: JsonSchema, pad: string): string {
  const lines: string[] = [];
  const text = s['x-i18n']?.en ?? s.description;
  if (text) lines.push(...text.split('\n'));
  const shown = (n: number | undefined) => n !== undefined && Math.abs(n) < 1e15;
  if (shown(s.minimum) && shown(s.maximum)) lines.push(`Range ${s.minimum} to ${s.maximum}.`);
  const fallback = defaultOf(s);
  if (fallback !== undefined) lines.push(`@default ${JSON.stringify(fallback)}`);
  if (!lines.length) return '';
  const body = lines.map((l) => l.replace(/\*\//g, '*\\/'));
  return body.length === 1
    ? `${pad}/** ${body[0]} */\n`
    : `${pad}/**\n${body.map((l) => `${pad} * ${l}`.trimEnd()).join('\n')}\n${pad} */\n`;
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.join(' | ');
}

/** The TypeScript type of a schema; `pad` is the indent of the line the type starts on. */
export function typeOf(s: JsonSchema, pad = ''): string {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return union(alternatives.map((a) => typeOf(a, pad)));
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return union(s.enum.map((v) => JSON.stringify(v)));
  if (Array.isArray(s.type)) return union(s.type.map((type) => typeOf({ ...s, type }, pad)));
  switch (s.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (s.prefixItems) return `[${s.prefixItems.map((p) => typeOf(p, pad)).join(', ')}]`;
      return `Array<${s.items ? typeOf(s.items, pad) : 'unknown'}>`;
    case 'object':
      return objectType(s, pad);
    default:
      return 'unknown';
  }
}

function objectType(s: JsonSchema, pad: string): string {
  const props = Object.entries(s.properties ?? {});
  const rest =
    s.additionalProperties && typeof s.additionalProperties === 'object' && !props.length
      ? `Record<string, ${typeOf(s.additionalProperties, pad)}>`
      : undefined;
  if (rest) return rest;
  if (!props.length) return 'Record<string, unknown>';
  // A field with a default need not be sent, whatever the schema's `required` says.
  const required = new Set(s.required ?? []);
  const inner = `${pad}  `;
  const fields = props.map(
    ([name, field]) =>
      `${docComment(field, inner)}${inner}${propertyName(name)}${required.has(name) && defaultOf(field) === undefined ? '' : '?'}: ${typeOf(field, inner)};`,
  );
  return `{\n${fields.join('\n')}\n${pad}}`;
}

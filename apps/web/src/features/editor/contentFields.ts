import { EDITOR_LANGUAGES } from './useEditorAction.ts';

/** One editable text of a site content entry: a text in three languages, or a plain string. */
export interface ContentField {
  /** Dotted path to the text (`0.title`), or to the string itself. */
  path: string;
  kind: 'i18n' | 'plain';
}

const isI18n = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(
    ([k, v]) => (EDITOR_LANGUAGES as readonly string[]).includes(k) && typeof v === 'string',
  );

/** The texts of an entry in reading order: three-language texts as one field, other strings alone. */
export function contentFields(value: unknown, at = ''): ContentField[] {
  if (typeof value === 'string') return at ? [{ path: at, kind: 'plain' }] : [];
  if (isI18n(value)) return [{ path: at, kind: 'i18n' }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => contentFields(v, at ? `${at}.${key}` : key));
}

export function getAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], value);
}

/** A copy of `value` with the string at `path` replaced. */
export function setAt<T>(value: T, path: string, text: string): T {
  const copy = structuredClone(value);
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], copy);
  (parent as Record<string, unknown>)[keys.at(-1)!] = text;
  return copy;
}

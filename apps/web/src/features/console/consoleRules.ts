// Client-side checks of the console forms; the server applies the same ones (the request schemas
// of @pixora/catalog, api/console.ts), with the patterns and limits both take from
// @pixora/catalog (console-rules.ts).
import type { Rule } from 'antd/es/form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Required text of `min` to `max` characters (after trimming). */
export function textRule(t: Translate, min: number, max: number): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const length = [...(value ?? '').trim()].length;
      if (min > 0 && length === 0) throw new Error(t('consoleForm.required'));
      if (length < min) throw new Error(t('consoleForm.min', { min }));
      if (length > max) throw new Error(t('consoleForm.max', { max }));
    },
  };
}

export function patternRule(t: Translate, pattern: RegExp, key: string): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (text && !pattern.test(text)) throw new Error(t(key));
    },
  };
}

/** Something must be chosen: a list with an entry, or a ticked box. */
export function requiredChoice(t: Translate, key: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (Array.isArray(value) ? value.length === 0 : !value) throw new Error(t(key));
    },
  };
}

// Client-side checks of the console forms; the server applies the same ones
// (apps/server/src/modules/console/console.rules.ts and console.schemas.ts).
import type { Rule } from 'antd/es/form';
import type { SdkPlatform } from '../../api/console.ts';

/** App and product names: letters (any script), digits, spaces, underscores, dashes and dots. */
export const APP_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u;
/** A contact phone number: digits with an optional leading +, spaces and dashes. */
export const CONTACT_PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;
/** Android package names and iOS bundle ids. */
export const PACKAGE_PATTERN: Record<SdkPlatform, RegExp> = {
  android: /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/,
  ios: /^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/,
};
export const MAX_DAILY_CALLS = 10_000_000;

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

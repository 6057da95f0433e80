import type { RuleKey } from '@pixora/catalog';
import type { FormInstance, Rule } from 'antd/es/form';
import type { FieldError } from '../../api/consoleErrors.ts';

/** The message of each validation rule of the account forms (texts shared with the server's messages). */
export const RULE_MESSAGE_KEYS: Record<RuleKey, string> = {
  emailRequired: 'account.rules.emailRequired',
  emailInvalid: 'account.rules.emailInvalid',
  passwordRequired: 'account.rules.passwordRequired',
  passwordLength: 'account.rules.passwordLength',
  passwordRange: 'account.rules.passwordRange',
  passwordMismatch: 'account.rules.passwordMismatch',
  codeRequired: 'account.rules.codeRequired',
  nameRequired: 'account.rules.nameRequired',
  nameCharacters: 'account.rules.nameCharacters',
  companyRequired: 'account.rules.companyRequired',
  companyMin: 'account.rules.companyMin',
  companyMax: 'account.rules.companyMax',
  nameMax: 'account.rules.nameMax',
  industryRequired: 'account.rules.industryRequired',
  industryMax: 'account.rules.industryMax',
  companySizeRequired: 'account.rules.companySizeRequired',
  phoneRequired: 'account.rules.phoneRequired',
  phoneInvalid: 'account.rules.phoneInvalid',
  agreementRequired: 'account.rules.agreementRequired',
};

/** The address is free text of at most this many characters (the server keeps no more). */
export const ADDRESS_MAX = 200;
export const ADDRESS_MAX_KEY = 'account.rules.addressMax';

export function checkAddress(value: string | undefined): string | undefined {
  return [...(value ?? '').trim()].length > ADDRESS_MAX ? ADDRESS_MAX_KEY : undefined;
}

type Translate = (key: string) => string;

/** `check`, or, where the field is optional, `check` of a filled-in value only (empty passes). */
export function optionalCheck<V>(
  check: (value: V) => RuleKey | undefined,
  optional: boolean,
): (value: V) => RuleKey | undefined {
  if (!optional) return check;
  return (value) =>
    value === undefined || value === null || String(value).trim() === '' ? undefined : check(value);
}

/** An antd form rule running one of the shared checks, with its message in the interface language. */
export function checkRule<V>(t: Translate, check: (value: V) => RuleKey | undefined): Rule {
  return {
    validator: async (_rule, value: V) => {
      const key = check(value);
      if (key) throw new Error(t(RULE_MESSAGE_KEYS[key]));
    },
  };
}

/** The same for a check that needs other fields of the form (phone with region, confirmation with password). */
export function dependentRule<V>(
  t: Translate,
  check: (value: V, form: Pick<FormInstance, 'getFieldValue'>) => RuleKey | undefined,
): Rule {
  return (form) => ({
    validator: async (_rule, value: V) => {
      const key = check(value, form);
      if (key) throw new Error(t(RULE_MESSAGE_KEYS[key]));
    },
  });
}

/**
 * Marks the fields of `names` that the server refused, with its messages; returns whether any was
 * marked (then the form itself says what is wrong).
 */
export function showFieldErrors(form: FormInstance, errors: FieldError[], names: readonly string[]): boolean {
  const known = errors.filter((error) => names.includes(error.field));
  if (!known.length) return false;
  form.setFields(known.map((error) => ({ name: error.field, errors: [error.message] })));
  return true;
}

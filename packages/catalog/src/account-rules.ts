/**
 * Account validation rules of the product contract, shared by the server and
 * the web forms so both check the same thing. Each failed rule names a message key; the texts of the
 * keys live with each side's translations (zh, zh_tw, en).
 */

export const PASSWORD_LOGIN_MIN = 6;
export const PASSWORD_REGISTER_MIN = 6;
export const PASSWORD_REGISTER_MAX = 16;
export const COMPANY_MIN = 3;
export const COMPANY_MAX = 30;
export const INDUSTRY_MAX = 20;
/** Longest real name, in characters (same bound as the company name). */
export const NAME_MAX = 30;
export const COMPANY_SIZES = [0, 1, -1, -2, -3] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** The seven roles; `user` is assumed when RolePermissions is empty. */
export const ROLES = [
  'admin',
  'user',
  'material',
  'personality',
  'business',
  'editor',
  'material-outside',
] as const;
export type Role = (typeof ROLES)[number];

export type RuleKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordLength'
  | 'passwordRange'
  | 'passwordMismatch'
  | 'codeRequired'
  | 'nameRequired'
  | 'nameCharacters'
  | 'nameMax'
  | 'companyRequired'
  | 'companyMin'
  | 'companyMax'
  | 'industryRequired'
  | 'industryMax'
  | 'companySizeRequired'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'agreementRequired';

// name@domain with a dotted domain, as the contract asks; deliberately not a full RFC 5322 parser.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Digits, letters (Latin), Chinese characters and underscores.
const NAME = /^[0-9A-Za-z_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/u;

export function checkEmail(value: string | undefined): RuleKey | undefined {
  const v = (value ?? '').trim();
  if (!v) return 'emailRequired';
  if (v.length > 254 || !EMAIL.test(v)) return 'emailInvalid';
  return undefined;
}

export function checkLoginPassword(value: string | undefined): RuleKey | undefined {
  if (!value) return 'passwordRequired';
  if (value.length < PASSWORD_LOGIN_MIN) return 'passwordLength';
  return undefined;
}

export function checkNewPassword(value: string | undefined): RuleKey | undefined {
  if (!value) return 'passwordRequired';
  if (value.length < PASSWORD_REGISTER_MIN || value.length > PASSWORD_REGISTER_MAX) return 'passwordRange';
  return undefined;
}

export function checkConfirmation(
  password: string | undefined,
  confirmation: string | undefined,
): RuleKey | undefined {
  if (!confirmation) return 'passwordRequired';
  return password === confirmation ? undefined : 'passwordMismatch';
}

export function checkCode(value: string | undefined): RuleKey | undefined {
  return (value ?? '').trim() ? undefined : 'codeRequired';
}

export function checkName(value: string | undefined): RuleKey | undefined {
  const v = (value ?? '').trim();
  if (!v) return 'nameRequired';
  if (!NAME.test(v)) return 'nameCharacters';
  return [...v].length > NAME_MAX ? 'nameMax' : undefined;
}

export function checkCompany(value: string | undefined): RuleKey | undefined {
  const v = (value ?? '').trim();
  if (!v) return 'companyRequired';
  if ([...v].length < COMPANY_MIN) return 'companyMin';
  if ([...v].length > COMPANY_MAX) return 'companyMax';
  return undefined;
}

export function checkIndustry(value: string | undefined): RuleKey | undefined {
  const v = (value ?? '').trim();
  if (!v) return 'industryRequired';
  return [...v].length > INDUSTRY_MAX ? 'industryMax' : undefined;
}

export function checkCompanySize(value: unknown): RuleKey | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return COMPANY_SIZES.includes(n as CompanySize) ? undefined : 'companySizeRequired';
}

/** Country/region calling codes offered by the registration form, with the national number pattern of each. */
export const PHONE_REGIONS = [
  { region: 'CN', dial: '86', pattern: /^1[3-9]\d{9}$/ },
  { region: 'HK', dial: '852', pattern: /^[2-9]\d{7}$/ },
  { region: 'MO', dial: '853', pattern: /^6\d{7}$/ },
  { region: 'TW', dial: '886', pattern: /^9\d{8}$/ },
  { region: 'US', dial: '1', pattern: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { region: 'GB', dial: '44', pattern: /^7\d{9}$/ },
  { region: 'JP', dial: '81', pattern: /^[789]0\d{8}$/ },
  { region: 'SG', dial: '65', pattern: /^[89]\d{7}$/ },
  // Any other country: the full international number, E.164 (+, country code, at most 15 digits).
  { region: 'INTL', dial: '', pattern: /^\+[1-9]\d{6,14}$/ },
] as const;
export type PhoneRegion = (typeof PHONE_REGIONS)[number]['region'];

/** The regions a deployment offers by default: every one but the free international format. */
export const DEFAULT_PHONE_REGIONS: readonly PhoneRegion[] = PHONE_REGIONS.map((r) => r.region).filter(
  (r) => r !== 'INTL',
);

/** Whether the company fields (company, industry, size) must be filled at registration. */
export type CompanyStep = 'required' | 'optional';

/** What a deployment asks of a new account beyond the fixed fields (GET /api/v1/user/registration_options). */
export interface RegistrationOptions {
  phone_regions: PhoneRegion[];
  company: CompanyStep;
}

export function checkPhone(
  region: string | undefined,
  phone: string | undefined,
  offered: readonly string[] = PHONE_REGIONS.map((r) => r.region),
): RuleKey | undefined {
  const v = (phone ?? '').replace(/[\s-]/g, '');
  if (!v) return 'phoneRequired';
  const entry = PHONE_REGIONS.find((r) => r.region === region);
  return entry && offered.includes(entry.region) && entry.pattern.test(v) ? undefined : 'phoneInvalid';
}

/** The stored phone number: `+<dial> <national number>`, or the international number as written. */
export function fullPhone(region: string, phone: string): string {
  const v = phone.replace(/[\s-]/g, '');
  const entry = PHONE_REGIONS.find((r) => r.region === region);
  return entry?.dial ? `+${entry.dial} ${v}` : v;
}

export function checkAgreement(value: unknown): RuleKey | undefined {
  return value === true || value === 'true' || value === '1' || value === 1 ? undefined : 'agreementRequired';
}

/** Roles of a user record: RolePermissions split on commas, or `user` when empty. */
export function parseRoles(rolePermissions: string | null | undefined): string[] {
  const roles = (rolePermissions ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return roles.length ? roles : ['user'];
}

/** Whether a route listing `allowed` roles is open to a user with `roles`: admins see all, no list means all signed-in users. */
export function canAccess(roles: readonly string[], allowed: readonly string[] | undefined): boolean {
  if (roles.includes('admin')) return true;
  if (!allowed || allowed.length === 0) return true;
  return roles.some((r) => allowed.includes(r));
}

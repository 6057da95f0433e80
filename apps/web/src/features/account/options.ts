import {
  COMPANY_SIZES,
  PHONE_REGIONS,
  ROLES,
  type CompanySize,
  type PhoneRegion,
  type Role,
} from '@pixora/catalog';

/** Labels of the company sizes: 1-50 is 0, 51-100 is 1, 101-500 is -1, 501-1000 is -2, over 1000 is -3. */
export const COMPANY_SIZE_KEYS: Record<CompanySize, string> = {
  0: 'account.companySizes.upTo50',
  1: 'account.companySizes.upTo100',
  [-1]: 'account.companySizes.upTo500',
  [-2]: 'account.companySizes.upTo1000',
  [-3]: 'account.companySizes.over1000',
};

export const REGION_KEYS: Record<PhoneRegion, string> = {
  CN: 'account.regions.CN',
  HK: 'account.regions.HK',
  MO: 'account.regions.MO',
  TW: 'account.regions.TW',
  US: 'account.regions.US',
  GB: 'account.regions.GB',
  JP: 'account.regions.JP',
  SG: 'account.regions.SG',
  INTL: 'account.regions.INTL',
};

export const ROLE_KEYS: Record<Role, string> = {
  admin: 'account.roles.admin',
  user: 'account.roles.user',
  material: 'account.roles.material',
  personality: 'account.roles.personality',
  business: 'account.roles.business',
  editor: 'account.roles.editor',
  'material-outside': 'account.roles.materialOutside',
};

type Translate = (key: string) => string;

/** The label of a role; a role the web does not know is shown by its name. */
export const roleLabel = (t: Translate, role: string) =>
  (ROLES as readonly string[]).includes(role) ? t(ROLE_KEYS[role as Role]) : role;

export const companySizeLabel = (t: Translate, size: number) =>
  (COMPANY_SIZES as readonly number[]).includes(size) ? t(COMPANY_SIZE_KEYS[size as CompanySize]) : '';

export const companySizeOptions = (t: Translate) =>
  COMPANY_SIZES.map((value) => ({ value, label: t(COMPANY_SIZE_KEYS[value]) }));

/** The phone regions a deployment offers (all when not known yet), as select options. */
export const regionOptions = (t: Translate, offered?: readonly string[]) =>
  PHONE_REGIONS.filter((entry) => !offered || offered.includes(entry.region)).map((entry) => ({
    value: entry.region,
    // The international format has no fixed code: the number itself starts with +.
    label: entry.dial ? `+${entry.dial}` : '+…',
    title: t(REGION_KEYS[entry.region]),
  }));

export const regionDial = (region: string) =>
  PHONE_REGIONS.find((entry) => entry.region === region)?.dial ?? '';

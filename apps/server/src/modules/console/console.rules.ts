import { capabilities, type Capability } from '@pixora/catalog';

/**
 * Calls per day an app gets at once, on the capabilities the gateway serves. More is applied for
 * (expected daily calls above it) and granted by a reviewer.
 */
export const FREE_DAILY_QUOTA = 1000;
/** The largest daily quota a reviewer can grant. */
export const MAX_DAILY_QUOTA = 10_000_000;
/** Apps one account may hold. */
export const MAX_APPS_PER_USER = 20;
/** SDK licence requests one account may send per day. */
export const SDK_REQUESTS_PER_DAY = 10;

/** Roles that review applications (spec point 6: admin sees everything; business reviews). */
export const REVIEWER_ROLES = ['admin', 'business'] as const;

/** The nine SDK modules of spec point 1, with the web app's tab keys. */
export const SDK_MODULES = [
  'beautify',
  'face',
  'arFilter',
  'bodyPoints',
  'imageEnhance',
  'imageRecognition',
  'segmentation',
  'intelligentRecognition',
  'skinDetect',
] as const;
export type SdkModule = (typeof SDK_MODULES)[number];

export const SDK_PLATFORMS = ['android', 'ios'] as const;
export type SdkPlatform = (typeof SDK_PLATFORMS)[number];

/** Capabilities an app can apply for: every catalogue entry with a gateway endpoint. */
export const apiCapabilities: readonly Capability[] = capabilities.filter((c) => c.endpoint);
const byId = new Map(apiCapabilities.map((c) => [c.id, c]));

export const apiCapability = (id: number): Capability | undefined => byId.get(id);

/** Granted at once: the capabilities this build serves. Others wait for review. */
export const grantedAtOnce = (id: number): boolean => byId.get(id)?.available === true;

/** A comma-separated id list as stored (`*`: every capability). */
export function parseScopes(text: string): number[] {
  if (text.trim() === '*') return apiCapabilities.map((c) => c.id);
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

export const formatScopes = (ids: Iterable<number>): string =>
  [...new Set(ids)].sort((a, b) => a - b).join(',');

/** Android package names and iOS bundle ids: dot-separated segments (reverse-DNS). */
export const PACKAGE_PATTERN = {
  android: /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/,
  ios: /^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/,
} as const satisfies Record<SdkPlatform, RegExp>;

/** A contact phone number: digits with an optional leading +, spaces and dashes (7 to 15 digits). */
export const CONTACT_PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** App and product names: letters (any script), digits, spaces, underscores, dashes and dots. */
export const APP_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u;

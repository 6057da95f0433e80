/**
 * Rules of the developer console (apps, quotas, SDK licence requests), shared by the server
 * (apps/server/src/modules/console) and the web forms so both check the same thing.
 */

/**
 * Calls per day an app gets at once, on the capabilities the gateway serves. More is applied for
 * (expected daily calls above it) and granted by a reviewer.
 */
export const FREE_DAILY_QUOTA = 1000;
/** The largest daily quota a reviewer can grant (and the most daily calls an application may expect). */
export const MAX_DAILY_QUOTA = 10_000_000;
/** Apps one account may hold. */
export const MAX_APPS_PER_USER = 20;

/** The nine SDK modules: the tabs of the SDK page, in order. */
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

/** Android package names and iOS bundle ids: dot-separated segments (reverse-DNS). */
export const PACKAGE_PATTERN = {
  android: /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/,
  ios: /^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/,
} as const satisfies Record<SdkPlatform, RegExp>;

/** A contact phone number: digits with an optional leading +, spaces and dashes (7 to 15 digits). */
export const CONTACT_PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** App and product names: letters (any script), digits, spaces, underscores, dashes and dots. */
export const APP_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u;

/**
 * The doc ids a markdown text links to: the docs centre's links are `/doc?id=<id>` (with any path
 * before it). The docs editor flags those naming no page, in the browser and on the server.
 */
export function docLinkIds(markdown: string): number[] {
  return [...new Set([...markdown.matchAll(/\/doc\?id=(\d+)/g)].map((m) => Number(m[1])))];
}

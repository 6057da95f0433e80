/**
 * Pages whose full content arrives with later work (about, business, SDK docs, legal texts).
 * Each shows its translated title and one sentence: `pages.<name>.title` / `.body`.
 */
export const INFO_PAGES = [
  'aboutus',
  'business',
  'androidDoc',
  'iosDoc',
  'serviceProtocol',
  'privacyProtocol',
  'lawDeclare',
] as const;

export type InfoPageName = (typeof INFO_PAGES)[number];

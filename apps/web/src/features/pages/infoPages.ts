/**
 * Pages with a fixed title and one-line description in the `pages` namespace
 * (`pages.<name>.title` / `.body`): the browser tab title and the page description.
 */
export const INFO_PAGES = ['aboutus', 'business', 'support', 'doc'] as const;

export type InfoPageName = (typeof INFO_PAGES)[number];

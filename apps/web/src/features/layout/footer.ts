import type { Language } from '../../i18n/language.ts';

/** Documentation pages: the footer stays out of their way, except in English. */
const DOC_PAGES = ['/doc', '/android-doc', '/ios-doc'];

/** Whether the footer is shown on `pathname` in `language`. */
export function isFooterShown(pathname: string, language: Language): boolean {
  const path = pathname.replace(/\/+$/, '');
  return language === 'en' || !DOC_PAGES.includes(path);
}

/**
 * Friendly links: the open projects the platform's engine is built on. Their names are proper
 * nouns, the same in every language.
 */
export const FRIENDLY_LINKS = [
  { name: 'TensorFlow.js', href: 'https://www.tensorflow.org/js' },
  { name: 'Human', href: 'https://github.com/vladmandic/human' },
  { name: 'sharp', href: 'https://sharp.pixelplumbing.com/' },
] as const;

/** The address the footer's QR code opens: the home page of this site. */
export const siteHomeUrl = (origin: string) => `${origin}/index`;

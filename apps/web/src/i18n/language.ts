import type { Language } from '@pixora/catalog';

export type { Language };

export const LANGUAGES: readonly Language[] = ['zh', 'zh_tw', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const LANGUAGE_COOKIE = 'language';

/** The value of `<html lang>` for each language. */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', zh_tw: 'zh-TW', en: 'en' };

/**
 * The BCP 47 locale of an interface language, for Intl formatters (`zh_tw` itself is not a valid
 * locale: `new Intl.NumberFormat('zh_tw')` throws). Unknown values format as English.
 */
export const intlLocale = (language: string): string =>
  isLanguage(language) ? HTML_LANG[language] : HTML_LANG.en;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A forced language from the query: `en` and `zh_tw` are kept, anything else becomes `zh`. */
export function normaliseForcedLanguage(value: string): Language {
  return value === 'en' || value === 'zh_tw' ? value : 'zh';
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface LanguageResolution {
  language: Language;
  /** True when the query forced the language; the choice is then stored in the cookie. */
  forced: boolean;
}

/**
 * The language of a visit: query `lang` (or `language`) forces it, else the `language` cookie,
 * else the default `zh`. An unknown cookie value falls back to the default.
 */
export function resolveLanguage(search: string, cookieHeader: string): LanguageResolution {
  const params = new URLSearchParams(search);
  const forced = params.get('lang') ?? params.get('language');
  if (forced !== null) return { language: normaliseForcedLanguage(forced), forced: true };
  const stored = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return { language: isLanguage(stored) ? stored : DEFAULT_LANGUAGE, forced: false };
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function storeLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

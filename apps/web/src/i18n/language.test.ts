import { afterEach, describe, expect, it } from 'vitest';
import {
  intlLocale,
  normaliseForcedLanguage,
  readCookie,
  resolveLanguage,
  storeLanguageCookie,
} from './language.ts';

describe('resolveLanguage', () => {
  it('defaults to zh without query or cookie', () => {
    expect(resolveLanguage('', '')).toEqual({ language: 'zh', forced: false });
  });

  it('uses the language cookie', () => {
    expect(resolveLanguage('', 'a=1; language=en; b=2')).toEqual({ language: 'en', forced: false });
    expect(resolveLanguage('', 'language=zh_tw')).toEqual({ language: 'zh_tw', forced: false });
  });

  it('ignores an unknown cookie value', () => {
    expect(resolveLanguage('', 'language=fr')).toEqual({ language: 'zh', forced: false });
  });

  it('lets query lang or language force the language over the cookie', () => {
    expect(resolveLanguage('?lang=en', 'language=zh_tw')).toEqual({ language: 'en', forced: true });
    expect(resolveLanguage('?language=zh_tw', 'language=en')).toEqual({ language: 'zh_tw', forced: true });
    expect(resolveLanguage('?x=1&lang=zh_tw', '')).toEqual({ language: 'zh_tw', forced: true });
  });

  it('turns any other forced value into zh', () => {
    expect(resolveLanguage('?lang=fr', 'language=en')).toEqual({ language: 'zh', forced: true });
    expect(resolveLanguage('?lang=', 'language=en')).toEqual({ language: 'zh', forced: true });
    expect(normaliseForcedLanguage('EN')).toBe('zh');
  });
});

describe('language cookie', () => {
  afterEach(() => {
    document.cookie = 'language=; path=/; max-age=0';
  });

  it('stores and reads back the language', () => {
    storeLanguageCookie('zh_tw');
    expect(readCookie(document.cookie, 'language')).toBe('zh_tw');
    expect(resolveLanguage('', document.cookie).language).toBe('zh_tw');
  });
});

describe('intlLocale', () => {
  it('gives Intl a valid locale for every interface language', () => {
    expect(intlLocale('zh')).toBe('zh-CN');
    expect(intlLocale('zh_tw')).toBe('zh-TW');
    expect(intlLocale('en')).toBe('en');
    expect(intlLocale('fr')).toBe('en');
    // `zh_tw` itself is refused by Intl; the mapped locale formats numbers with grouping.
    expect(() => new Intl.NumberFormat('zh_tw')).toThrow(RangeError);
    expect(new Intl.NumberFormat(intlLocale('zh_tw')).format(12345)).toBe('12,345');
  });
});

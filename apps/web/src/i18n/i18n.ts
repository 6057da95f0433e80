import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { HTML_LANG, type Language } from './language.ts';
import type { Messages } from './locales/merge.ts';

/** Each language is its own chunk, so a visit downloads only the language it shows. */
const messageLoaders: Record<Language, () => Promise<{ default: Messages }>> = {
  zh: () => import('./locales/zh/index.ts'),
  zh_tw: () => import('./locales/zh_tw/index.ts'),
  en: () => import('./locales/en/index.ts'),
};

const antdLocaleLoaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  zh_tw: () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
};

export const i18n = i18next.createInstance();

async function loadMessages(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const messages = await messageLoaders[language]();
  i18n.addResourceBundle(language, 'translation', messages.default, true, true);
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18n.t('app.title');
}

/** Loads a language (messages and antd locale), makes it current and returns the antd locale. */
export async function activateLanguage(language: Language): Promise<Locale> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      resources: {},
      partialBundledLanguages: true,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
    });
  }
  const [, antdLocale] = await Promise.all([loadMessages(language), antdLocaleLoaders[language]()]);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return antdLocale.default;
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { HTML_LANG, type Language } from './language.ts';
import { localeFile, MESSAGE_PARTS, partOf, type MessagePart } from './messageParts.ts';
import type { Messages } from './locales/merge.ts';

/**
 * Every namespace file of every language, loaded on demand. The build puts the files of one
 * language and part into one chunk (vite.config.ts), so a part is one download.
 */
const namespaceFiles = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });

const partLoaders = new Map<string, Array<{ namespace: string; load: () => Promise<Messages> }>>();
for (const [file, load] of Object.entries(namespaceFiles)) {
  const found = localeFile(file);
  if (!found) continue;
  const key = `${found.language}/${partOf(found.namespace)}`;
  partLoaders.set(key, [...(partLoaders.get(key) ?? []), { namespace: found.namespace, load }]);
}

const antdLocaleLoaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  zh_tw: () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
};

export const i18n = i18next.createInstance();

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
let initialized: Promise<unknown> | undefined;

/** Initialises i18next once, in the first language asked for. */
function initOnce(language: Language): Promise<unknown> {
  if (!initialized && i18n.isInitialized) initialized = Promise.resolve();
  initialized ??= i18n.use(initReactI18next).init({
    lng: language,
    resources: {},
    partialBundledLanguages: true,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return initialized;
}

/**
 * Loads one part of a language's messages (once) into the `translation` bundle. The download
 * starts at once, beside i18next's initialisation.
 */
export function loadMessages(language: Language, part: MessagePart): Promise<void> {
  const key = `${language}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    const bundles = Promise.all(
      (partLoaders.get(key) ?? []).map(async ({ namespace, load }) => ({ [namespace]: await load() })),
    );
    promise = Promise.all([bundles, initOnce(language)]).then(([namespaces]) => {
      i18n.addResourceBundle(
        language,
        'translation',
        Object.assign({}, ...namespaces) as Messages,
        true,
        true,
      );
      loaded.add(key);
    });
    // A failed download (network) may be tried again by the next page that needs it.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

export function hasMessages(language: Language, part: MessagePart): boolean {
  return loaded.has(`${language}/${part}`);
}

/** The parts loaded for any language so far: a language switch loads the same for the new one. */
export function loadedParts(): MessagePart[] {
  return MESSAGE_PARTS.filter((part) => [...loaded].some((key) => key.endsWith(`/${part}`)));
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18n.t('app.title');
}

/**
 * Loads a language (the given parts of its messages, and its antd locale), makes it current and
 * returns the antd locale. Without `parts`, all of the messages.
 */
export async function activateLanguage(
  language: Language,
  parts: readonly MessagePart[] = MESSAGE_PARTS,
): Promise<Locale> {
  const [antdLocale] = await Promise.all([
    antdLocaleLoaders[language](),
    ...parts.map((part) => loadMessages(language, part)),
    initOnce(language),
  ]);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return antdLocale.default;
}

/**
 * For a lazily loaded part of the shell (a dialog) that needs page strings: its module, once the
 * page part of the current language's messages is there too.
 */
export async function withPageMessages<T>(module: Promise<T>): Promise<T> {
  const [loadedModule] = await Promise.all([module, loadMessages(i18n.language as Language, 'pages')]);
  return loadedModule;
}

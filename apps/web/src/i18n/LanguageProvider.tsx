import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Locale } from 'antd/es/locale';
import { activateLanguage, loadedParts } from './i18n.ts';
import { storeLanguageCookie, type Language } from './language.ts';

interface LanguageContextValue {
  language: Language;
  antdLocale: Locale;
  /** Switches the interface language and stores it in the `language` cookie. */
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider(props: { initial: Language; initialLocale: Locale; children: ReactNode }) {
  const [state, setState] = useState({ language: props.initial, antdLocale: props.initialLocale });
  const latest = useRef(props.initial);

  const setLanguage = useCallback(async (language: Language) => {
    storeLanguageCookie(language);
    latest.current = language;
    const antdLocale = await activateLanguage(language, loadedParts());
    // A slower load of an earlier choice must not win over the latest one.
    if (latest.current === language) setState({ language, antdLocale });
  }, []);

  const value = useMemo(() => ({ ...state, setLanguage }), [state, setLanguage]);
  return <LanguageContext value={value}>{props.children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}

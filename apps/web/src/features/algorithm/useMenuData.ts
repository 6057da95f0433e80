import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useMenu } from '../../api/menu.ts';

/** The menu in the current language, with the language for picking texts. */
export function useMenuData() {
  const { language } = useLanguage();
  return { language, menu: useMenu(language) };
}

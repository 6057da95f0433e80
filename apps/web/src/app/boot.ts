import type { Locale } from 'antd/es/locale';
import { QueryClient } from '@tanstack/react-query';
import { fetchMenu, menuQueryKey } from '../api/menu.ts';
import { loadAntd } from '../components/antdScope.tsx';
import { activateLanguage } from '../i18n/i18n.ts';
import { resolveLanguage, storeLanguageCookie, type Language } from '../i18n/language.ts';
import { partsForPath } from '../i18n/messageParts.ts';

/**
 * What the first page needs besides the app's code, asked for as early as the page starts: this
 * module is main.tsx's first import, so its requests go out before React and the router are
 * evaluated.
 *
 * - the visit's language (query `lang`, cookie, default) and its strings: the home page only the
 *   shell part, any other page the page part too, and antd (see PageScope);
 * - on an algorithm page, the menu the page is built from.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const { language, forced } = resolveLanguage(window.location.search, document.cookie);
if (forced) storeLanguageCookie(language);
const parts = partsForPath(window.location.pathname);

if (window.location.pathname.startsWith('/algorithm/')) {
  void queryClient.prefetchQuery({ queryKey: menuQueryKey(language), queryFn: () => fetchMenu(language) });
}

export const booted: Promise<{ language: Language; antdLocale: Locale }> = Promise.all([
  activateLanguage(language, parts),
  parts.includes('pages') ? loadAntd().catch(() => undefined) : undefined,
]).then(([antdLocale]) => ({ language, antdLocale }));

import type { Locale } from 'antd/es/locale';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { i18n, loadMessages } from '../i18n/i18n.ts';
import { LanguageProvider } from '../i18n/LanguageProvider.tsx';
import type { Language } from '../i18n/language.ts';
import { partsForPath } from '../i18n/messageParts.ts';
import { MessageProvider } from '../components/MessageProvider.tsx';
import { loadAntd } from '../components/antdScope.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

/**
 * Resolves once the router has settled the first location (redirects, loaders, lazy route
 * modules). The app renders after it: RouterProvider takes the router's state when it first
 * renders and subscribes only when it commits, so a state change in between (possible while a
 * first render made as a transition yields) would be missed and leave the page loading.
 */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// A navigation to a page that needs the page strings and antd starts their download beside the
// page's code (the home page needs neither; see PageScope).
router.subscribe((state) => {
  const next = state.navigation.location;
  if (!next || !partsForPath(next.pathname).includes('pages')) return;
  // A failed download is tried again by the page itself.
  loadMessages(i18n.language as Language, 'pages').catch(() => undefined);
  loadAntd().catch(() => undefined);
});

/**
 * The app's providers. antd's ConfigProvider is not among them: the parts that use antd bring
 * their own (components/antdScope.tsx), so that the home page loads no antd code.
 */
export function App(props: { language: Language; antdLocale: Locale; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider initial={props.language} initialLocale={props.antdLocale}>
        <QueryClientProvider client={props.queryClient}>
          <MessageProvider>
            <RouterProvider router={router} />
          </MessageProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>
  );
}

import { useState } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { LanguageProvider, useLanguage } from '../i18n/LanguageProvider.tsx';
import type { Language } from '../i18n/language.ts';
import { MessageProvider } from '../components/MessageProvider.tsx';
import { routes } from './routes.tsx';
import { theme } from './theme.ts';

const router = createBrowserRouter(routes);

function ThemedRouter() {
  const { antdLocale } = useLanguage();
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <MessageProvider>
        <RouterProvider router={router} />
      </MessageProvider>
    </ConfigProvider>
  );
}

export function App(props: { language: Language; antdLocale: Locale }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider initial={props.language} initialLocale={props.antdLocale}>
        <QueryClientProvider client={queryClient}>
          <ThemedRouter />
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>
  );
}

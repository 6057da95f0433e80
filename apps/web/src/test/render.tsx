import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, activateLanguage } from '../i18n/i18n.ts';
import { LanguageProvider } from '../i18n/LanguageProvider.tsx';
import type { Language } from '../i18n/language.ts';
import { MessageProvider } from '../components/MessageProvider.tsx';
import { theme } from '../site/theme.ts';

/** Renders `ui` inside the providers of the app (i18n, query client, antd, messages). */
export async function renderWithProviders(ui: ReactNode, language: Language = 'en') {
  const antdLocale = await activateLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <LanguageProvider initial={language} initialLocale={antdLocale}>
        <QueryClientProvider client={queryClient}>
          <ConfigProvider locale={antdLocale} theme={theme}>
            <MessageProvider>{ui}</MessageProvider>
          </ConfigProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </I18nextProvider>,
  );
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces `fetch` with handlers tried in order; an unhandled request answers 404. */
export function fakeFetch(...handlers: Handler[]) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    for (const handler of handlers) {
      const response = await handler(url, init);
      if (response) return response;
    }
    return new Response('not found', { status: 404 });
  };
  return { fetchMock, calls };
}

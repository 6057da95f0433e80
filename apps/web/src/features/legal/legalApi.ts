import { useQueries } from '@tanstack/react-query';
import { request } from '../../api/http.ts';
import type { Language } from '../../i18n/language.ts';

/** The legal texts of content/legal, by name. */
export const LEGAL_TEXTS = [
  'privacy-policy',
  'user-agreement',
  'developer-agreement',
  'legal-statement',
  'legal-notice',
] as const;

export type LegalName = (typeof LEGAL_TEXTS)[number];

/** A legal text in one language (GET api/v1/legal/<name>); `body` is markdown, `updated` an ISO date. */
export interface LegalText {
  title: string;
  updated: string;
  body: string;
}

export async function fetchLegal(name: LegalName, language: Language): Promise<LegalText> {
  return (await request<{ data: LegalText }>(`/api/v1/legal/${name}`, { query: { lang: language } })).data;
}

/** Several legal texts in the given language, fetched side by side. */
export function useLegalTexts(names: readonly LegalName[], language: Language) {
  return useQueries({
    queries: names.map((name) => ({
      queryKey: ['legal', name, language],
      queryFn: () => fetchLegal(name, language),
      staleTime: 10 * 60_000,
    })),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { I18nText, Language } from '@pixora/catalog';
import { request } from '../../api/http.ts';

/**
 * The data of the about, business, support and solution pages, as `GET /api/v1/content/<name>`
 * serves it from the database (seeded from content/site/<name>.json, placeholders filled by the
 * server; see content/README.md). Every text carries its three languages.
 */
type T = I18nText;

export interface TitledItem {
  id: string;
  title: T;
  desc: T;
}

export interface AboutContent {
  title: T;
  intro: T;
  mission: { title: T; text: T };
  lab: { title: T; text: T };
  research: { title: T; items: TitledItem[] };
  values: { title: T; items: TitledItem[] };
  milestones: { title: T; items: Array<{ year: string; text: T }> };
  contact: { title: T; text: T };
}

export interface BusinessContent {
  title: T;
  intro: T;
  offers: { title: T; items: TitledItem[] };
  process: { title: T; steps: Array<{ step: number; title: T; desc: T }> };
  contact: { title: T; text: T; email: string; link: string };
}

export interface SupportContent {
  title: T;
  intro: T;
  channels: { title: T; items: Array<TitledItem & { link: string; action: T }> };
  responseTimes: { title: T; note: T; items: Array<{ id: string; channel: T; time: T }> };
  resources: { title: T; items: Array<{ title: T; link: string }> };
}

export interface SolutionContent {
  title: T;
  subtitle: T;
  intro: T;
  features: { title: T; items: TitledItem[] };
  plans: {
    title: T;
    columns: Array<{ id: 'standard' | 'custom'; name: T }>;
    rows: Array<{ id: string; label: T; standard: T; custom: T }>;
  };
  scenes: { title: T; items: TitledItem[] };
  cta: { title: T; text: T; apply: string; email: string };
}

export interface SiteContent {
  about: AboutContent;
  business: BusinessContent;
  support: SupportContent;
  solution: SolutionContent;
}

/** One content file; kept for the whole visit once loaded (the same cache entry as the home page's). */
export function useSiteContent<N extends keyof SiteContent>(name: N) {
  return useQuery({
    queryKey: ['content', name],
    queryFn: async ({ signal }) =>
      (await request<{ data: SiteContent[N] }>(`/api/v1/content/${name}`, { signal })).data,
    staleTime: Infinity,
  });
}

/** The text of a three-language value in the current language. */
export const textIn = (text: I18nText, language: Language): string => text[language] || text.zh;

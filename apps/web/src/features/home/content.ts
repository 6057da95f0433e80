import { useQuery } from '@tanstack/react-query';
import type { I18nText, Language } from '@pixora/catalog';
import { request } from '../../api/http.ts';

/**
 * The home page's data, as `GET /api/v1/content/<name>` serves it from the database (seeded from
 * content/site/<name>.json; see content/README.md). Every text carries its three languages, so a
 * language switch needs no new request.
 */
export interface Banner {
  id: number;
  title: I18nText;
  subtitle: I18nText;
  /** Starting with http: opens in a new tab; anything else is a page of the site. */
  path: string;
  /** The contract's image_zh, image_zh_tw and image_en. */
  image: I18nText;
}

export interface TechSlide {
  type: number;
  title: I18nText;
  desc: I18nText;
  img: string;
  /** The demo page (immediate access). */
  path: string;
  /** The documentation page of the details button. */
  doc: number | null;
}

export interface TechCategory {
  /** 0 face, 1 human body, 2 image recognition, 3 image processing, 4 image generation. */
  type: number;
  key: string;
  title: I18nText;
  desc: I18nText;
  slides: TechSlide[];
}

export interface Advantage {
  id: string;
  title: I18nText;
  desc: I18nText;
}

export type Rank = 'champion' | 'third';

/**
 * A competition result. Only results that can be checked are listed: `evidence` is the address of
 * the published result (a leaderboard or the organisers' report) naming the platform's method.
 */
export interface Achievement {
  id: number;
  competition: I18nText;
  rank: Rank;
  background: I18nText;
  desc_en: string;
  desc_zh: string;
  desc_zh_tw: string;
  link: string;
  evidence: string;
}

export interface Sector {
  id: string;
  title: I18nText;
  desc: I18nText;
  uses: I18nText[];
  /** Demo pages that illustrate the sector. */
  related: string[];
}

export interface AccessMode {
  id: string;
  title: I18nText;
  desc: I18nText;
  action: I18nText;
  link: string;
  /** Console pages open in a new tab (not at 769 px or less). */
  newTab: boolean;
}

export interface Figure {
  id: string;
  value: I18nText;
  label: I18nText;
  text: I18nText;
}

/** The cooperation-case image, drawn per language. */
export interface Cases {
  image: I18nText;
  alt: I18nText;
  width: number;
  height: number;
}

export interface HomeContent {
  banners: Banner[];
  technology: TechCategory[];
  advantages: Advantage[];
  achievements: Achievement[];
  sectors: Sector[];
  access: AccessMode[];
  figures: Figure[];
  cases: Cases;
}

export type ContentName = keyof HomeContent;

/** The query of one content file; kept for the whole visit once loaded. */
export function contentQuery<N extends ContentName>(name: N) {
  return {
    queryKey: ['content', name],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await request<{ data: HomeContent[N] }>(`/api/v1/content/${name}`, { signal })).data,
    staleTime: Infinity,
  };
}

export function useHomeContent<N extends ContentName>(name: N, enabled = true) {
  return useQuery({ ...contentQuery(name), enabled });
}

/** The text of a three-language value in the current language. */
export function localize(text: I18nText, language: Language): string {
  return text[language] || text.zh;
}

/** The achievement description in the interface language, and the other language of the contract's pair. */
export function achievementDescriptions(achievement: Achievement, language: Language) {
  if (language === 'en')
    return { main: achievement.desc_en, other: achievement.desc_zh, otherLang: 'zh-CN' as const };
  return {
    main: language === 'zh_tw' ? achievement.desc_zh_tw : achievement.desc_zh,
    other: achievement.desc_en,
    otherLang: 'en' as const,
  };
}

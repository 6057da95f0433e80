import { useQuery } from '@tanstack/react-query';
import type {
  DemoKind,
  Envelope,
  Extension,
  Group,
  I18nText,
  Language,
  MenuAnswer,
  MenuEntry,
} from '@pixora/catalog';
import { request } from './http.ts';
import { ALGORITHM_GROUPS } from '../routing/groups.ts';

export type { MenuEntry } from '@pixora/catalog';

/** The menu Extension plus `available`: whether this build's engine serves the capability. */
export interface MenuExtension extends Extension {
  available?: boolean;
}

/** A menu entry with its JSON text fields parsed. */
export interface MenuItem {
  id: number;
  parentId: number;
  name: I18nText;
  comment: I18nText;
  extension: MenuExtension;
  url: string;
  /** Last segment of the url: the page key of an algorithm, or the group id of a group. */
  slug: string;
  /** The capability group, read from the url (`/algorithm/<group>/...`). */
  group: Group | null;
  endpoint: string;
  menuType: number;
  display: number;
  status: number;
  available: boolean;
  demoKind: DemoKind | null;
  children: MenuItem[];
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A JSON text `{"zh","zh_tw","en"}`; missing languages fall back to `fallback` (the plain Name or Comment). */
export function parseI18nText(text: string, fallback: string): I18nText {
  const value = parseJson(text);
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pick = (key: string) =>
    typeof record[key] === 'string' && record[key] ? (record[key] as string) : '';
  const zh = pick('zh') || fallback;
  return { zh, zh_tw: pick('zh_tw') || zh, en: pick('en') || fallback || zh };
}

function parseExtension(text: string): MenuExtension {
  const value = parseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as MenuExtension) : {};
}

const knownGroup = (segment: string | undefined): Group | null =>
  segment !== undefined && (ALGORITHM_GROUPS as readonly string[]).includes(segment)
    ? (segment as Group)
    : null;

export function toMenuItem(dto: MenuEntry): MenuItem {
  const segments = dto.Url.split('?')[0]!.split('/').filter(Boolean);
  const extension = parseExtension(dto.Extension);
  return {
    id: dto.Id,
    parentId: dto.ParentId,
    name: parseI18nText(dto.NameI18N, dto.Name),
    comment: parseI18nText(dto.CommentI18N, dto.Comment),
    extension,
    url: dto.Url,
    slug: segments[segments.length - 1] ?? '',
    group: segments[0] === 'algorithm' ? knownGroup(segments[1]) : null,
    endpoint: dto.Endpoint.replace(/^\/+/, ''),
    menuType: dto.MenuType,
    display: dto.Display,
    status: dto.Status,
    available: extension.available === true,
    demoKind: extension.demoKind ?? null,
    children: dto.Children.map(toMenuItem),
  };
}

export function pickText(text: I18nText, language: Language): string {
  return text[language] || text.zh;
}

/** Display 1 is hidden; 0 and 2 are shown. */
export const isDisplayed = (item: MenuItem) => item.display !== 1;
/** Status 1 entries are internal-only: shown on the internal domain (IN) only. */
export const isPublic = (item: MenuItem) => item.status !== 1;

export function findCapability(menu: readonly MenuItem[], group: string, slug: string): MenuItem | undefined {
  const parent = menu.find((g) => g.slug === group || g.group === group);
  return parent?.children.find((c) => c.slug === slug);
}

export function findById(menu: readonly MenuItem[], id: number): MenuItem | undefined {
  for (const group of menu) {
    if (group.id === id) return group;
    const child = group.children.find((c) => c.id === id);
    if (child) return child;
  }
  return undefined;
}

export async function fetchMenu(language: Language): Promise<MenuItem[]> {
  const response = await request<Envelope<MenuAnswer>>('/api/v1/menu/', { query: { lang: language } });
  return (response.data?.data ?? []).map(toMenuItem);
}

export const menuQueryKey = (language: Language) => ['menu', language] as const;

/** The capability menu: groups with their capabilities. */
export function useMenu(language: Language) {
  return useQuery({
    queryKey: menuQueryKey(language),
    queryFn: () => fetchMenu(language),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

import type { Kysely } from 'kysely';
import { BODY_14, BODY_CONTOUR_63, FACE_POINTS_MAX, SKIN_TONE_LEVELS, capabilities } from '@pixora/catalog';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../platform/messages.ts';
import { NOT_ADMITTED_CODES } from '../apps/usage.repository.ts';
import { shiftDay, usageDay } from '../apps/usage.ts';
import { isServed } from '../gateway/bindings.ts';

/**
 * The home page's figures (content/site/figures.json) show only what the platform itself has or
 * measures: each figure's texts name a fact as `{{fact}}`, and a figure whose fact the platform
 * does not have (its capability is not served, no call counted yet) is left out.
 *
 * - point counts come from the contracts of the served capabilities;
 * - the speed is the p50 of v2/facepoints in docs/benchmarks.md (content/site/measured.json,
 *   written by `npm run bench`);
 * - the daily calls are this platform's own counted, admitted calls, averaged over the last
 *   DAILY_CALLS_DAYS full usage days.
 */
export const DAILY_CALLS_DAYS = 7;

type Facts = Record<string, string | undefined>;

/** content/site/measured.json (scripts/site-measures.ts). */
export interface SiteMeasures {
  measuredAt: string;
  commit: string;
  /** p50 of v2/facepoints in ms, on the bench's 640-px photo. */
  facepointsP50Ms: number;
  /** Pictures per minute of the studio pipeline's default recipe, when measured. */
  studioPicturesPerMinute?: number;
}

/**
 * The solution page's text (content/site/solution.json) with its throughput, `{{studio_per_minute}}`:
 * the studio pipeline's measured pictures per minute (docs/benchmarks.md), rounded down to tens;
 * "—" until the bench has measured it.
 */
export function fillSolution(text: string, measured: SiteMeasures | undefined): string {
  const perMinute = measured?.studioPicturesPerMinute;
  const shown = perMinute === undefined ? '—' : String(Math.floor(perMinute / 10) * 10);
  return text.replace(/\{\{studio_per_minute\}\}/g, shown);
}

const servedKey = (key: string) => {
  const c = capabilities.find((x) => x.key === key);
  return c !== undefined && isServed(c.id);
};

const LOCALES: Record<Language, string> = { zh: 'zh-CN', zh_tw: 'zh-TW', en: 'en' };

/** Average admitted calls per day over the last `DAILY_CALLS_DAYS` full days, all apps. */
export async function dailyCalls(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const today = usageDay(now);
  const row = await db
    .selectFrom('api_usage')
    .select((eb) => eb.fn.sum<number | string | null>('calls').as('calls'))
    .where('day', '>=', shiftDay(today, DAILY_CALLS_DAYS))
    .where('day', '<', today)
    .where('error_code', 'not in', NOT_ADMITTED_CODES)
    .executeTakeFirst();
  return Number(row?.calls ?? 0) / DAILY_CALLS_DAYS;
}

const LANGUAGES = Object.keys(LOCALES) as Language[];

/** The facts the figures may name, written in each language. */
export async function figureFacts(
  db: Kysely<Database>,
  measured: SiteMeasures | undefined,
  now = Date.now(),
): Promise<Record<Language, Facts>> {
  const calls = await dailyCalls(db, now);
  const ms = measured?.facepointsP50Ms;
  const facts = (language: Language): Facts => ({
    face_points: servedKey('facePoint') ? String(FACE_POINTS_MAX) : undefined,
    contour_points: servedKey('humanContourPointDetection')
      ? String(BODY_CONTOUR_63.points.length)
      : undefined,
    body_points: servedKey('bodyPose') ? String(BODY_14.points.length) : undefined,
    skin_tones: servedKey('skinAnalysis') ? String(SKIN_TONE_LEVELS) : undefined,
    facepoints_ms: servedKey('facePoint') && ms !== undefined ? String(Math.round(ms)) : undefined,
    // Below one call a day there is nothing to show.
    daily_calls:
      calls >= 1
        ? new Intl.NumberFormat(LOCALES[language], { notation: 'compact', maximumFractionDigits: 1 }).format(
            Math.round(calls),
          )
        : undefined,
  });
  return Object.fromEntries(LANGUAGES.map((l) => [l, facts(l)])) as Record<Language, Facts>;
}

type Texts = Record<string, unknown>;

/**
 * The figures of `text` (the JSON of content/site/figures.json) with their facts filled in, each
 * language's text with that language's facts; a figure naming a fact that is missing is left out.
 */
export function fillFigures(text: string, facts: Record<Language, Facts>): unknown[] {
  const figures = JSON.parse(text) as Texts[];
  return figures.flatMap((figure) => {
    let missing = false;
    const fill = (value: string, language: Language) =>
      value.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
        if (!(key in facts[language])) return whole;
        const fact = facts[language][key];
        if (fact === undefined) missing = true;
        return fact ?? '';
      });
    const filled = Object.fromEntries(
      Object.entries(figure).map(([field, value]) => {
        if (value === null || typeof value !== 'object') return [field, value];
        const texts = value as Record<string, unknown>;
        return [
          field,
          Object.fromEntries(
            Object.entries(texts).map(([language, v]) => [
              language,
              typeof v === 'string' && language in facts ? fill(v, language as Language) : v,
            ]),
          ),
        ];
      }),
    );
    return missing ? [] : [filled];
  });
}

import { type Kysely, sql } from 'kysely';
import type { SiteReport } from '@pixora/catalog';
import type { Database } from '../../db/schema.ts';

export type { SiteReport };

/** The rows each list of the report keeps (the most frequent first). */
export const TOP = 20;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The site analytics of the last `days` UTC days (today included) from visits, users and api_usage. */
export async function siteReport(
  db: Kysely<Database>,
  days: number,
  demoApiKey: string,
  now = Date.now(),
): Promise<SiteReport> {
  const to = dayOf(now);
  const from = dayOf(now - (days - 1) * 86_400_000);
  const since = `${from}T00:00:00.000Z`;
  const visits = db.selectFrom('visits').where('created_at', '>=', since);
  const day = sql<string>`substr(created_at, 1, 10)`;

  const perDay = await visits
    .select([
      day.as('day'),
      sql<number>`count(*)`.as('visits'),
      sql<number>`count(distinct ip)`.as('visitors'),
    ])
    .groupBy(day)
    .execute();
  const daily = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = dayOf(now - i * 86_400_000);
    const row = perDay.find((r) => r.day === d);
    daily.push({ day: d, visits: Number(row?.visits ?? 0), visitors: Number(row?.visitors ?? 0) });
  }
  const totals = await visits
    .select([sql<number>`count(*)`.as('visits'), sql<number>`count(distinct ip)`.as('visitors')])
    .executeTakeFirstOrThrow();

  // Grouped by the whole address in SQL, then by path here: both databases, one query.
  const byUrl = await visits
    .select(['url', sql<number>`count(*)`.as('n')])
    .groupBy('url')
    .execute();
  const pages = new Map<string, number>();
  for (const row of byUrl) {
    const page = row.url.split(/[?#]/)[0] || '/';
    pages.set(page, (pages.get(page) ?? 0) + Number(row.n));
  }
  const top = <K extends string>(entries: Iterable<[string, number]>, key: K) =>
    [...entries]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP)
      .map(([name, n]) => ({ [key]: name, visits: n }) as Record<K, string> & { visits: number });

  const referrers = await visits
    .select(['referrer', sql<number>`count(*)`.as('n')])
    .where('referrer', '!=', '')
    .groupBy('referrer')
    .execute();
  const languages = await visits
    .select(['language', sql<number>`count(*)`.as('n')])
    .groupBy('language')
    .execute();

  const demo = await db
    .selectFrom('api_usage')
    .innerJoin('apps', 'apps.id', 'api_usage.app_id')
    .select([
      'api_usage.capability_id',
      sql<number>`sum(api_usage.calls)`.as('calls'),
      sql<number>`sum(case when api_usage.status >= 400 then api_usage.calls else 0 end)`.as('errors'),
    ])
    .where('apps.api_key', '=', demoApiKey)
    .where('api_usage.day', '>=', from)
    .groupBy('api_usage.capability_id')
    .execute();

  const registered = db.selectFrom('users').where('users.created_at', '>=', since);
  const registrations = await registered.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const calling = await registered
    .select(sql<number>`count(*)`.as('n'))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('api_usage')
          .innerJoin('apps', 'apps.id', 'api_usage.app_id')
          .select('api_usage.app_id')
          .whereRef('apps.user_id', '=', 'users.id')
          .where('apps.api_key', '!=', demoApiKey)
          .where('api_usage.day', '>=', from),
      ),
    )
    .executeTakeFirstOrThrow();

  return {
    days,
    from,
    to,
    daily,
    totals: { visits: Number(totals.visits), visitors: Number(totals.visitors) },
    pages: top(pages, 'page').map(({ page, visits: n }) => ({ page, visits: n })),
    referrers: top(
      referrers.map((r) => [r.referrer, Number(r.n)] as [string, number]),
      'referrer',
    ),
    languages: top(
      languages.map((r) => [r.language || 'unknown', Number(r.n)] as [string, number]),
      'language',
    ),
    demo_calls: demo
      .map((r) => ({ capability_id: r.capability_id, calls: Number(r.calls), errors: Number(r.errors) }))
      .sort((a, b) => b.calls - a.calls || a.capability_id - b.capability_id),
    funnel: {
      visitors: Number(totals.visitors),
      registrations: Number(registrations.n),
      first_api_call: Number(calling.n),
    },
  };
}

/** The tables of the report a CSV export may hold. */
export const CSV_TABLES = ['daily', 'pages', 'referrers', 'languages', 'demo_calls', 'funnel'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or surrounding
 * spaces, quotes doubled. Text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so a
 * spreadsheet shows it instead of running it as a formula (a visited URL or referrer is visitor input).
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One table of the report as CSV: a header line, then rows, CRLF line ends. */
export function reportCsv(report: SiteReport, table: CsvTable): string {
  const rows: (string | number)[][] =
    table === 'daily'
      ? [['day', 'visits', 'visitors'], ...report.daily.map((d) => [d.day, d.visits, d.visitors])]
      : table === 'pages'
        ? [['page', 'visits'], ...report.pages.map((p) => [p.page, p.visits])]
        : table === 'referrers'
          ? [['referrer', 'visits'], ...report.referrers.map((r) => [r.referrer, r.visits])]
          : table === 'languages'
            ? [['language', 'visits'], ...report.languages.map((l) => [l.language, l.visits])]
            : table === 'demo_calls'
              ? [
                  ['capability_id', 'calls', 'errors'],
                  ...report.demo_calls.map((d) => [d.capability_id, d.calls, d.errors]),
                ]
              : [
                  ['step', 'count'],
                  ['visitors', report.funnel.visitors],
                  ['registrations', report.funnel.registrations],
                  ['first_api_call', report.funnel.first_api_call],
                ];
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idleBackend,
  insertUser,
  privatePostgres,
  rolesLetIn,
  sessionsByRole,
  testApp,
} from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { usageDay } from '../apps/usage.ts';
import { csvField, reportCsv, type SiteReport } from './site-analytics.ts';

describe.each(['sqlite', 'postgres'] as const)('site analytics on %s', (dialect) => {
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance;
  let ctx: AppContext;
  let sessions: Record<string, Record<string, string>>;

  beforeAll(async () => {
    let url = 'sqlite::memory:';
    if (dialect === 'postgres') ({ url, drop } = await privatePostgres('analytics'));
    ({ app, ctx } = await testApp(idleBackend, { DATABASE_URL: url }));
    sessions = await sessionsByRole(ctx, 'analytics');
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const visit = (url: string, ip: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/analytics/visit',
      remoteAddress: ip,
      headers: { host: 'open.pixora.test' },
      payload: { url, opened_at: '2026-11-26 10:00:00', channel: 'web', ...extra },
    });

  it('counts visits and visitors per day, top pages, referrers, languages, demo calls and the funnel', async () => {
    const db = ctx.db.kysely;
    await visit('/index', '198.51.100.1', { referrer: 'https://www.search.example/q?x=1', language: 'en' });
    await visit('/algorithm/faceTechnology/facepointdetect?t=1', '198.51.100.1', {
      referrer: 'http://open.pixora.test/index',
      language: 'en',
    });
    await visit('/algorithm/faceTechnology/facepointdetect?t=2', '198.51.100.2', { language: 'zh' });
    await visit('/doc?id=113', '198.51.100.3', { referrer: 'not a url', language: 'xx' });
    // A visit of three days ago, and one outside a 7-day period.
    const old = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const earlier = (days: number, language: string) => ({
      url: '/index',
      duration_ms: 0,
      logged_in: 0,
      opened_at: '',
      channel: 'web',
      location: '',
      ip: '198.51.100.9',
      created_at: old(days),
      language,
    });
    await db
      .insertInto('visits')
      .values([earlier(3, 'zh_tw'), earlier(20, '')])
      .execute();
    const stored = await db
      .selectFrom('visits')
      .select(['referrer', 'language'])
      .orderBy('id')
      .limit(4)
      .execute();
    expect(stored).toEqual([
      { referrer: 'https://www.search.example', language: 'en' },
      { referrer: '', language: 'en' },
      { referrer: '', language: 'zh' },
      { referrer: '', language: '' },
    ]);

    // The demo app's calls per capability; a developer registered this week whose own app called once.
    const demo = await db
      .selectFrom('apps')
      .select('id')
      .where('api_key', '=', ctx.config.DEMO_API_KEY)
      .executeTakeFirstOrThrow();
    const developer = await insertUser(ctx, 'analytics-developer@example.com');
    const { id: own } = await db
      .insertInto('apps')
      .values({
        name: 'Own',
        api_key: 'analytics-own',
        api_secret_hash: 'x',
        scopes: '',
        status: 1,
        created_at: old(0),
        user_id: developer,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usage = (app_id: number, capability_id: number, status: number, calls: number) => ({
      app_id,
      day: usageDay(),
      capability_id,
      status,
      error_code: status === 200 ? 0 : 20003,
      calls,
      total_ms: calls * 10,
      max_ms: 10,
    });
    await db
      .insertInto('api_usage')
      .values([
        usage(demo.id, 86, 200, 5),
        usage(demo.id, 86, 400, 2),
        usage(demo.id, 63, 200, 1),
        usage(own, 86, 200, 1),
      ])
      .execute();

    const res = await app.inject({ url: '/api/v1/admin/analytics?days=7', headers: sessions.business });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as SiteReport;
    expect(report.daily).toHaveLength(7);
    expect(report.daily.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      visits: 4,
      visitors: 3,
    });
    expect(report.daily.at(-4)).toMatchObject({ visits: 1, visitors: 1 });
    expect(report.totals).toEqual({ visits: 5, visitors: 4 });
    expect(report.pages).toEqual([
      { page: '/algorithm/faceTechnology/facepointdetect', visits: 2 },
      { page: '/index', visits: 2 },
      { page: '/doc', visits: 1 },
    ]);
    expect(report.referrers).toEqual([{ referrer: 'https://www.search.example', visits: 1 }]);
    expect(report.languages).toEqual([
      { language: 'en', visits: 2 },
      { language: 'unknown', visits: 1 },
      { language: 'zh', visits: 1 },
      { language: 'zh_tw', visits: 1 },
    ]);
    expect(report.demo_calls).toEqual([
      { capability_id: 86, calls: 7, errors: 2 },
      { capability_id: 63, calls: 1, errors: 0 },
    ]);
    // Everyone registered this week (the role sessions and the developer); one of them called from an own app.
    const registered = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(report.funnel).toEqual({ visitors: 4, registrations: Number(registered.n), first_api_call: 1 });
  });

  it('exports each table as CSV with a header, escaping and a download name', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/visit',
      remoteAddress: '198.51.100.5',
      payload: { url: '/search,"quoted"\nline', opened_at: 'x', channel: 'web' },
    });
    const res = await app.inject({
      url: '/api/v1/admin/analytics/export?days=7&table=pages',
      headers: sessions.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pixora-pages-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('page,visits');
    expect(res.body).toContain('"/search,""quoted""\nline",1\r\n');
    const funnel = await app.inject({
      url: '/api/v1/admin/analytics/export?table=funnel',
      headers: sessions.admin,
    });
    expect(funnel.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('step,count');
    const bad = await app.inject({
      url: '/api/v1/admin/analytics/export?table=users',
      headers: sessions.admin,
    });
    expect(bad.json().ErrorCode).toBe(10000);
  });

  it('escapes CSV fields and keeps spreadsheet formulas from running', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12)).toBe('12');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('人像分割')).toBe('人像分割');
    const report = {
      daily: [{ day: '2026-11-26', visits: 3, visitors: 2 }],
      referrers: [{ referrer: 'https://a.example', visits: 1 }],
    } as SiteReport;
    expect(reportCsv(report, 'daily')).toBe('day,visits,visitors\r\n2026-11-26,3,2\r\n');
    expect(reportCsv(report, 'referrers')).toBe('referrer,visits\r\nhttps://a.example,1\r\n');
  });

  it('lets in exactly admin and business', async () => {
    for (const url of ['/api/v1/admin/analytics', '/api/v1/admin/analytics/export?table=daily'])
      expect(await rolesLetIn(app, sessions, { method: 'GET', url }), url).toEqual(['admin', 'business']);
  });
});

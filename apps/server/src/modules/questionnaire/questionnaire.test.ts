import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, rolesLetIn, sessionsByRole, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AccountService } from '../account/account.service.ts';
import { ANSWERS_PER_HOUR, weekOf } from './questionnaire.routes.ts';

describe('the satisfaction questionnaire', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    const accounts = new AccountService({ ...ctx, db: ctx.db.kysely });
    const sessionOf = async (email: string, roles?: string) => {
      const person = await accounts.userForExternalIdentity({ email, name: email });
      if (roles)
        await ctx.db.kysely
          .updateTable('users')
          .set({ role_permissions: roles })
          .where('id', '=', person.id)
          .execute();
      return { authorization: `Bearer ${await accounts.createSession(person.id, '127.0.0.1')}` };
    };
    admin = await sessionOf('survey-admin@example.com', 'admin');
    user = await sessionOf('survey-user@example.com');
  });
  afterAll(async () => app?.close());

  const answer = (payload: object, ip = '203.0.113.7', lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/questionnaire/not_logged?lang=${lang}`,
      payload,
      remoteAddress: ip,
    });

  it('stores a visitor’s rating and comment without their address, and thanks them in their language', async () => {
    const res = await answer({
      rating: 5,
      comment: '  Fast and clear demos  ',
      page: '/algorithm/faceTechnology/facePoint',
    });
    expect(res.json()).toEqual({
      code: 0,
      message: 'Thank you for rating us: we read every comment!',
      data: null,
    });
    const zh = await answer({ rating: '2' }, '203.0.113.8', 'zh');
    expect(zh.json().message).toBe('感谢您的评价，我们会认真阅读每一条意见！');
    const rows = await ctx.db.kysely.selectFrom('questionnaire_answers').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.rating, r.comment, r.page, r.language])).toEqual([
      [5, 'Fast and clear demos', '/algorithm/faceTechnology/facePoint', 'en'],
      [2, '', '', 'zh'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('refuses answers that are not a rating from 1 to 5, a page outside the site, or too many from one address', async () => {
    for (const bad of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: 4, page: 'https://evil.example/' },
      { rating: 4, comment: 'x'.repeat(1001) },
    ]) {
      const res = await answer(bad, '198.51.100.1');
      expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 10000]);
    }
    const ip = '198.51.100.2';
    for (let i = 0; i < ANSWERS_PER_HOUR; i++) expect((await answer({ rating: 4 }, ip)).statusCode).toBe(200);
    const over = await answer({ rating: 4 }, ip);
    expect([over.statusCode, over.json().ErrorCode]).toEqual([429, 10029]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shows admins the answers with a summary, and nobody else', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/questionnaire?days=7',
      headers: admin,
    });
    const { data } = res.json();
    // 5 and 2 from the first test, five 4s from the second.
    expect(data).toMatchObject({ days: 7, count: 7, ratings: [0, 1, 0, 5, 1], with_comment: 1 });
    expect(data.mean).toBeCloseTo((5 + 2 + 4 * 5) / 7, 2);
    expect(data.answers[data.answers.length - 1]).toMatchObject({
      rating: 5,
      comment: 'Fast and clear demos',
    });
    const refused = await app.inject({ method: 'GET', url: '/api/v1/admin/questionnaire', headers: user });
    expect(refused.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/admin/questionnaire' });
    expect(anonymous.statusCode).toBe(401);
    const sessions = await sessionsByRole(ctx, 'survey-roles');
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/questionnaire' })).toEqual([
      'admin',
      'business',
    ]);
  });

  it('shows the rating distribution per day or per week, and searches the comments', async () => {
    const db = ctx.db.kysely;
    await db.deleteFrom('questionnaire_answers').execute();
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const rows: Array<[number, string, number]> = [
      [5, 'Fast and clear demos', 0],
      [1, 'The 100% crop failed_again', 0],
      [4, '人像分割很准', 1],
      [4, '', 1],
      [2, 'slow DEMO', 9],
    ];
    for (const [rating, comment, ago] of rows)
      await db
        .insertInto('questionnaire_answers')
        .values({ rating, comment, page: '/', language: 'en', created_at: day(ago) })
        .execute();
    const summary = async (query: string) =>
      (await app.inject({ url: `/api/v1/admin/questionnaire?days=30&${query}`, headers: admin })).json().data;

    const daily = await summary('bucket=day');
    expect(daily.bucket).toBe('day');
    expect(daily.trend).toEqual([
      { period: day(9).slice(0, 10), count: 1, ratings: [0, 1, 0, 0, 0] },
      { period: day(1).slice(0, 10), count: 2, ratings: [0, 0, 0, 2, 0] },
      { period: day(0).slice(0, 10), count: 2, ratings: [1, 0, 0, 0, 1] },
    ]);
    const weekly = await summary('bucket=week');
    expect(weekly.trend.map((t: { count: number }) => t.count).reduce((a: number, b: number) => a + b)).toBe(
      5,
    );
    expect(weekly.trend.map((t: { period: string }) => t.period)).toEqual([
      ...new Set([9, 1, 0].map((n) => weekOf(day(n).slice(0, 10)))),
    ]);
    expect(weekOf('2026-11-26')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-22')).toBe('2026-11-16');

    // Words of the comment, in any case; every word must appear; % and _ are plain characters.
    const comments = async (q: string) => {
      const data = await summary(`q=${encodeURIComponent(q)}`);
      expect(data.matches).toBe(data.answers.length);
      return data.answers.map((a: { comment: string }) => a.comment);
    };
    expect(await comments('demo')).toEqual(['slow DEMO', 'Fast and clear demos']);
    expect(await comments('fast demos')).toEqual(['Fast and clear demos']);
    expect(await comments('分割')).toEqual(['人像分割很准']);
    expect(await comments('100%')).toEqual(['The 100% crop failed_again']);
    expect(await comments('%')).toEqual(['The 100% crop failed_again']);
    expect(await comments('c_op')).toEqual([]);
    // The summary figures stay those of the whole period.
    expect((await summary('q=demo')).count).toBe(5);
  });
});

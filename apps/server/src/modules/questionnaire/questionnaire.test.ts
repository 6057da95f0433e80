import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AccountService } from '../account/account.service.ts';
import { ANSWERS_PER_HOUR } from './questionnaire.routes.ts';

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
  });
});

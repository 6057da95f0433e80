import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, insertUser, sessionFor, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { quotaLevel } from '../apps/usage.ts';
import { deliverQuotaWarning, renderMessage, sendMessage } from './messages.service.ts';

describe('messages and the unread count', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  const users: Record<'a' | 'b', { id: number; headers: Record<string, string> }> = {} as never;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    for (const who of ['a', 'b'] as const) {
      const id = await insertUser(ctx, `messages-${who}@example.com`);
      users[who] = { id, headers: { authorization: `Bearer ${await sessionFor(ctx, id)}` } };
    }
  });
  afterAll(async () => app?.close());

  const get = (who: 'a' | 'b', url: string, language = 'en') =>
    app.inject({ url, headers: { ...users[who].headers, cookie: `language=${language}` } });
  const post = (who: 'a' | 'b', url: string) =>
    app.inject({ method: 'POST', url, headers: users[who].headers });

  it('keeps each message to its owner: another user can neither list, read nor mark it', async () => {
    await sendMessage(ctx.db.kysely, users.a.id, {
      kind: 'feedbackReply',
      params: { feedback_id: 1, title: 'Slow demo', reply: 'Faster now' },
    });
    await sendMessage(ctx.db.kysely, users.a.id, {
      kind: 'reviewResult',
      params: { subject: 'sdk', name: 'Glow Camera', approved: false, note: '' },
    });
    const mine = (await get('a', '/api/v1/messages')).json().data;
    expect(mine.total).toBe(2);
    expect(mine.unread_count).toBe(2);
    expect(mine.messages).toMatchObject([
      {
        kind: 'reviewResult',
        title: 'The application of the SDK licence "Glow Camera" was not approved',
        link: '/admin/sdkManager',
      },
      {
        kind: 'feedbackReply',
        title: 'Your feedback "Slow demo" has a reply',
        body: 'Faster now',
        link: null,
      },
    ]);
    const theirs = (await get('b', '/api/v1/messages')).json().data;
    expect(theirs).toMatchObject({ total: 0, unread_count: 0, messages: [] });

    const id = mine.messages[1].id as number;
    const foreign = await post('b', `/api/v1/messages/${id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().ErrorCode).toBe(21017);
    await post('b', '/api/v1/messages/read_all');
    expect((await get('a', '/api/v1/messages/unread_count')).json().data.unread_count).toBe(2);

    const read = await post('a', `/api/v1/messages/${id}/read`);
    expect(read.json().data.unread_count).toBe(1);
    const unread = (await get('a', '/api/v1/messages?unread=1')).json().data;
    expect(unread.messages.map((m: { kind: string }) => m.kind)).toEqual(['reviewResult']);
    // The session's unread count comes with the profile.
    expect((await get('a', '/api/v1/user/profile')).json().data.unread_count).toBe(1);
    expect((await post('a', '/api/v1/messages/read_all')).json().data.unread_count).toBe(0);
    expect((await get('a', '/api/v1/user/profile')).json().data.unread_count).toBe(0);
    expect(
      (await get('a', '/api/v1/messages')).json().data.messages.every((m: { read: boolean }) => m.read),
    ).toBe(true);
  });

  it('asks for a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/messages'],
      ['GET', '/api/v1/messages/unread_count'],
      ['POST', '/api/v1/messages/1/read'],
      ['POST', '/api/v1/messages/read_all'],
    ] as const)
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
  });

  it('writes each kind in the three languages', () => {
    const row = (kind: string, params: object) => ({
      id: 1,
      kind,
      params: JSON.stringify(params),
      read_at: null,
      created_at: '2026-11-26T00:00:00.000Z',
    });
    const review = row('reviewResult', { subject: 'app', name: 'Quota', approved: true, note: 'OK' });
    expect(renderMessage(review, 'zh')).toMatchObject({
      title: 'API 应用“Quota”的申请已通过',
      body: '审核意见：OK',
    });
    expect(renderMessage(review, 'zh_tw')).toMatchObject({
      title: 'API 應用「Quota」的申請已通過',
      body: '審核意見：OK',
    });
    expect(renderMessage(review, 'en')).toMatchObject({
      title: 'The application of the API app "Quota" is approved',
      body: "Reviewer's note: OK",
    });
    const warning = row('quotaWarning', { app: 'Cam', app_id: 7, level: 80, quota: 1000, day: '2026-11-26' });
    expect(renderMessage(warning, 'zh').title).toBe('应用“Cam”今日已用每日额度的 80%');
    expect(renderMessage(warning, 'zh_tw').title).toBe('應用「Cam」今日已用每日額度的 80%');
    expect(renderMessage(warning, 'en')).toMatchObject({
      title: 'The app "Cam" has used 80% of its daily quota today',
      body: 'Daily quota: 1000 calls (2026-11-26; it renews at 00:00 China Standard Time).',
      link: '/admin/appManager/usage?app=7',
    });
    const reply = row('feedbackReply', { feedback_id: 3, title: '慢', reply: '已修复' });
    expect(renderMessage(reply, 'zh_tw').title).toBe('您的回饋「慢」有了回覆');
  });

  it('warns at 80 % and 100 % of a daily quota, once per app, day and level', async () => {
    expect([0, 79, 80, 99, 100, 120].map((used) => quotaLevel(used, 100))).toEqual([0, 0, 80, 80, 100, 100]);
    expect(quotaLevel(4, 5)).toBe(80);
    expect(quotaLevel(3, 0)).toBe(0);
    const stamp = new Date().toISOString();
    const { id: appId } = await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Warned',
        api_key: 'warned-key',
        api_secret_hash: 'x',
        scopes: '',
        status: 1,
        created_at: stamp,
        user_id: users.b.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deliverQuotaWarning(ctx.db.kysely, appId, '2026-11-26', 80, 10);
    await deliverQuotaWarning(ctx.db.kysely, appId, '2026-11-26', 80, 10);
    await deliverQuotaWarning(ctx.db.kysely, appId, '2026-11-26', 100, 10);
    await deliverQuotaWarning(ctx.db.kysely, appId, '2026-11-27', 80, 10);
    const titles = (await get('b', '/api/v1/messages'))
      .json()
      .data.messages.map((m: { title: string }) => m.title);
    expect(titles).toEqual([
      'The app "Warned" has used 80% of its daily quota today',
      'The app "Warned" has used its whole daily quota today',
      'The app "Warned" has used 80% of its daily quota today',
    ]);
  });
});

describe('the domain check', () => {
  it('names the second probe when the address is not internal, and lets the page connect to it', async () => {
    const { app } = await testApp(idleBackend, {
      DOMAIN_PROBE_URL: 'http://probe.intra.example:8080/ping',
      DOMAIN_PROBE_TIMEOUT_MS: '1500',
    });
    try {
      const outside = await app.inject({ url: '/api/v1/user/checkOa', remoteAddress: '203.0.113.9' });
      expect(outside.json().data).toEqual({
        probe: 'http://probe.intra.example:8080/ping',
        probe_timeout_ms: 1500,
      });
      expect(outside.headers['content-security-policy']).toContain(
        "connect-src 'self' http://probe.intra.example:8080",
      );
    } finally {
      await app.close();
    }
    const internal = await testApp(idleBackend, {
      DOMAIN_PROBE_URL: 'http://probe.intra.example:8080/ping',
      INTERNAL_NETWORKS: '10.0.0.0/8',
    });
    try {
      const inside = await internal.app.inject({ url: '/api/v1/user/checkOa', remoteAddress: '10.1.2.3' });
      expect(inside.json().data).toEqual({ code: 'IN' });
    } finally {
      await internal.app.close();
    }
    const unset = await testApp(idleBackend);
    try {
      expect((await unset.app.inject({ url: '/api/v1/user/checkOa' })).json().data).toEqual({});
    } finally {
      await unset.app.close();
    }
  });
});

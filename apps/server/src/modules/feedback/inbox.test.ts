import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idleBackend,
  insertUser,
  privatePostgres,
  rolesLetIn,
  sessionFor,
  sessionsByRole,
  testApp,
} from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { createLocalStorage } from '../../platform/storage.ts';

describe.each(['sqlite', 'postgres'] as const)('the feedback inbox on %s', (dialect) => {
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance;
  let ctx: AppContext;
  let sessions: Record<string, Record<string, string>>;
  const senders: Record<string, { id: number; headers: Record<string, string> }> = {};

  beforeAll(async () => {
    let url = 'sqlite::memory:';
    if (dialect === 'postgres') ({ url, drop } = await privatePostgres('inbox'));
    ({ app, ctx } = await testApp(idleBackend, { DATABASE_URL: url }));
    sessions = await sessionsByRole(ctx, 'inbox');
    for (const language of ['zh', 'zh_tw', 'en']) {
      const id = await insertUser(ctx, `sender-${language}@example.com`, { real_name: `Sender ${language}` });
      senders[language] = { id, headers: { authorization: `Bearer ${await sessionFor(ctx, id)}` } };
    }
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const send = (language: string, title: string, priority = 2) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      headers: { ...senders[language]!.headers, cookie: `language=${language}` },
      payload: { title, content: `Content of ${title}`, type_id: 1, priority_id: priority },
    });
  const list = (query = '') =>
    app
      .inject({ url: `/api/v1/admin/feedback${query}`, headers: sessions.business })
      .then((r) => r.json().data);
  const mails = (to: string) =>
    ctx.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .execute();

  it('lists every feedback with its sender, filters by status, type, priority and words, and pages', async () => {
    expect((await send('en', 'Boxes drawn off the face', 3)).json().code).toBe(0);
    expect((await send('zh', '人像分割边缘有锯齿')).json().code).toBe(0);
    expect((await send('zh_tw', '希望支援更多語言', 1)).json().code).toBe(0);

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.by_status).toEqual({ new: 3, in_progress: 0, done: 0 });
    expect(all.items.map((i: { title: string }) => i.title)).toEqual([
      '希望支援更多語言',
      '人像分割边缘有锯齿',
      'Boxes drawn off the face',
    ]);
    expect(all.items[2]).toMatchObject({
      type_id: 1,
      priority_id: 3,
      status: 'new',
      language: 'en',
      sender: { email: 'sender-en@example.com', name: 'Sender en' },
      attachments: [],
    });
    expect((await list('?priority_id=3')).items.map((i: { language: string }) => i.language)).toEqual(['en']);
    expect((await list('?q=%E9%94%AF%E9%BD%BF')).items.map((i: { language: string }) => i.language)).toEqual([
      'zh',
    ]);
    // Words are matched as typed: a `%` is no wildcard.
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=sender-zh_tw')).total).toBe(1);
    expect((await list('?type_id=2')).total).toBe(0);
    const paged = await list('?size=2&page=2');
    expect(paged.items.map((i: { title: string }) => i.title)).toEqual(['Boxes drawn off the face']);
  });

  it('shows attachments to reviewers only, with a content type and disposition, never sniffed', async () => {
    const files = createLocalStorage(path.join(ctx.config.DATA_DIR, 'files'));
    const png = await files.put('uploads', 'png', Buffer.from('PNG-BYTES'));
    const zip = await files.put('uploads', 'zip', Buffer.from('PK-ZIP'));
    const { id } = await ctx.db.kysely
      .insertInto('feedback')
      .values({
        user_id: senders.en!.id,
        type_id: 2,
        title: 'With files',
        content: '',
        priority_id: 2,
        attachments: JSON.stringify([png, zip]),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = (await app.inject({ url: `/api/v1/admin/feedback/${id}`, headers: sessions.admin })).json()
      .data;
    expect(item.attachments).toEqual([
      { index: 0, type: 'png', url: `/api/v1/admin/feedback/${id}/attachments/0` },
      { index: 1, type: 'zip', url: `/api/v1/admin/feedback/${id}/attachments/1` },
    ]);
    const image = await app.inject({ url: item.attachments[0].url, headers: sessions.business });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('PNG-BYTES');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(`inline; filename="feedback-${id}-1.png"`);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const archive = await app.inject({ url: item.attachments[1].url, headers: sessions.business });
    expect(archive.headers['content-disposition']).toBe(`attachment; filename="feedback-${id}-2.zip"`);
    expect(archive.headers['content-type']).toBe('application/octet-stream');
    const missing = await app.inject({
      url: `/api/v1/admin/feedback/${id}/attachments/2`,
      headers: sessions.admin,
    });
    expect(missing.statusCode).toBe(404);
    // The sender, other roles and visitors cannot read it.
    expect(
      (await app.inject({ url: item.attachments[0].url, headers: senders.en!.headers })).statusCode,
    ).toBe(403);
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: item.attachments[0].url })).toEqual([
      'admin',
      'business',
    ]);
  });

  it('changes the status and replies, audited; the reply reaches the sender as a message and a mail in their language', async () => {
    const items = (await list('?size=100')).items as { id: number; language: string; title: string }[];
    const subjects = { zh: '您的反馈有了回复', zh_tw: '您的回饋有了回覆', en: 'Your feedback has a reply' };
    const openers = { zh: '感谢您的反馈', zh_tw: '感謝您的回饋', en: 'Thank you for your feedback' };
    for (const language of ['zh', 'zh_tw', 'en'] as const) {
      const item = items.find((i) => i.language === language && i.title !== 'With files')!;
      const status = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/feedback/${item.id}/status`,
        headers: sessions.business,
        payload: { status: 'in_progress' },
      });
      expect(status.json().data.status).toBe('in_progress');
      const reply = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/feedback/${item.id}/reply`,
        headers: sessions.admin,
        payload: { reply: `Fixed in the next release.\nThanks (${language})`, status: 'done' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data).toMatchObject({
        status: 'done',
        reply: `Fixed in the next release.\nThanks (${language})`,
      });

      const [mail] = await mails(`sender-${language}@example.com`);
      expect(mail!.subject).toBe(`${subjects[language]}${language === 'en' ? ': ' : '：'}${item.title}`);
      expect(mail!.text).toContain(openers[language]);
      expect(mail!.text).toContain(`Thanks (${language})`);
      expect(mail!.text).toContain('/own-space/messages');

      const messages = await app.inject({
        url: '/api/v1/messages',
        headers: { ...senders[language]!.headers, cookie: `language=${language}` },
      });
      expect(messages.json().data.unread_count).toBe(1);
      expect(messages.json().data.messages[0]).toMatchObject({
        kind: 'feedbackReply',
        body: `Fixed in the next release.\nThanks (${language})`,
        read: false,
      });
      expect(messages.json().data.messages[0].title).toContain(item.title);

      const audit = await app.inject({
        url: `/api/v1/admin/audit?target_type=feedback&target_id=${item.id}`,
        headers: sessions.admin,
      });
      expect(audit.json().data.entries).toMatchObject([
        {
          action: 'feedback.reply',
          actor_email: 'inbox-admin@example.com',
          before: { status: 'in_progress', reply: '' },
          after: { status: 'done' },
        },
        {
          action: 'feedback.status',
          actor_email: 'inbox-business@example.com',
          before: { status: 'new' },
          after: { status: 'in_progress' },
        },
      ]);
    }
    expect((await list('?status=done')).total).toBe(3);
    expect((await list('?status=new')).items.map((i: { title: string }) => i.title)).toEqual(['With files']);
  });

  it('refuses a blank reply, an unknown status and an unknown feedback', async () => {
    const [item] = (await list()).items as { id: number }[];
    const blank = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/feedback/${item!.id}/reply`,
      headers: sessions.admin,
      payload: { reply: '  ' },
    });
    expect(blank.json().ErrorCode).toBe(10000);
    const status = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/feedback/${item!.id}/status`,
      headers: sessions.admin,
      payload: { status: 'closed' },
    });
    expect(status.json().ErrorCode).toBe(10000);
    const unknown = await app.inject({ url: '/api/v1/admin/feedback/999999', headers: sessions.admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets in exactly admin and business on every inbox route', async () => {
    const [item] = (await list()).items as { id: number }[];
    const routes = [
      { method: 'GET', url: '/api/v1/admin/feedback' },
      { method: 'GET', url: `/api/v1/admin/feedback/${item!.id}` },
      { method: 'POST', url: `/api/v1/admin/feedback/${item!.id}/status`, payload: { status: 'done' } },
      {
        method: 'POST',
        url: `/api/v1/admin/feedback/${item!.id}/reply`,
        payload: { reply: 'ok', status: 'done' },
      },
    ] as const;
    for (const route of routes)
      expect(await rolesLetIn(app, sessions, route), route.url).toEqual(['admin', 'business']);
  });
});

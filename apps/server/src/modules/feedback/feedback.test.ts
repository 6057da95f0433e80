import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AccountService } from '../account/account.service.ts';
import { MAX_ATTACHMENTS } from './feedback.routes.ts';

/** A multipart body as the browser's FormData sends it; `files` are [field, file name, bytes]. */
function multipart(fields: Array<[string, string]>, files: Array<[string, string, string]> = []) {
  const boundary = 'pixoraFeedbackBoundary';
  const parts = [
    ...fields.map(([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
    ...files.map(
      ([name, file, bytes]) =>
        `Content-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n${bytes}`,
    ),
  ];
  return {
    payload: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('feedback', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let auth: { authorization: string };

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idle));
    const accounts = new AccountService({
      db: ctx.db.kysely,
      config: ctx.config,
      mailer: ctx.mailer,
      sms: ctx.sms,
      rateLimiter: ctx.rateLimiter,
    });
    const user = await accounts.userForExternalIdentity({ email: 'feedback@example.com', name: 'Tester' });
    auth = { authorization: `Bearer ${await accounts.createSession(user.id, '127.0.0.1')}` };
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    await ctx.db.kysely.deleteFrom('feedback').execute();
  });

  const upload = async (type: string, bytes: string) => {
    const body = multipart([], [['file', `attachment.${type}`, bytes]]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/upload?type=${type}`,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
    return res;
  };

  const send = (fields: Array<[string, string]>, headers: Record<string, string> = {}) => {
    const body = multipart(fields);
    return app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      payload: body.payload,
      headers: { ...auth, ...body.headers, ...headers },
    });
  };

  it('stores a form with every field and several attachments sent as repeated fields', async () => {
    const keys: string[] = [];
    for (const [type, bytes] of [
      ['png', 'PNG-BYTES'],
      ['log', 'line one\nline two'],
    ] as const) {
      const res = await upload(type, bytes);
      expect(res.statusCode).toBe(200);
      keys.push(res.json().data.key as string);
    }
    expect(keys[1]).toMatch(/^uploads\/[0-9a-f]{32}\.log$/);

    const res = await send(
      [
        ['type_id', '1'],
        ['title', '  Boxes drawn off the face  '],
        ['content', 'Steps:\\n1. upload\\n2. analyse'],
        ['priority_id', '3'],
        ['attachment', keys[0]!],
        ['attachment', keys[1]!],
      ],
      { cookie: 'language=en' },
    );
    expect(res.json()).toMatchObject({ code: 0, message: 'Thank you for your feedback!', data: { code: 0 } });
    const stored = await ctx.db.kysely.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      type_id: 1,
      title: 'Boxes drawn off the face',
      content: 'Steps:\\n1. upload\\n2. analyse',
      priority_id: 3,
      attachments: JSON.stringify(keys),
    });
  });

  it('defaults to a product optimisation of medium priority', async () => {
    expect((await send([['title', 'Faster results']])).json().data.code).toBe(0);
    expect(await ctx.db.kysely.selectFrom('feedback').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      type_id: 2,
      priority_id: 2,
      attachments: '[]',
    });
  });

  it('refuses a blank title, unknown values, unknown or too many attachments', async () => {
    const blank = await send([['title', ' \n ']], { cookie: 'language=zh' });
    expect(blank.json().errors[0]).toMatchObject({ field: 'title', message: '请输入标题' });
    expect(
      (
        await send([
          ['title', 'x'],
          ['type_id', '3'],
        ])
      ).json().ErrorCode,
    ).toBe(10000);
    expect(
      (
        await send([
          ['title', 'x'],
          ['priority_id', '0'],
        ])
      ).json().ErrorCode,
    ).toBe(10000);
    expect(
      (
        await send([
          ['title', 'x'],
          ['attachment', 'uploads/nothing.png'],
        ])
      ).json().ErrorCode,
    ).toBe(10000);
    const many = Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i): [string, string] => [
      'attachment',
      `uploads/${String(i).padStart(32, '0')}.png`,
    ]);
    expect((await send([['title', 'x'], ...many])).json().ErrorCode).toBe(10000);
    expect(await ctx.db.kysely.selectFrom('feedback').selectAll().execute()).toHaveLength(0);
  });

  it('takes uploads and feedback from signed-in users only, and attachments of known types only', async () => {
    const anonymous = multipart([['title', 'x']]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expect(res.statusCode).toBe(401);
    expect((await upload('exe', 'MZ')).json().ErrorCode).toBe(20009);
  });
});

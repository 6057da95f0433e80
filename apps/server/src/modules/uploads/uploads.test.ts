import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, insertUser, skimagePhoto, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AccountService } from '../account/account.service.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { hashSecret } from '../apps/secrets.ts';
import { signRequest } from '../apps/signing.ts';
import { fileKind } from './file-kind.ts';

const LIMIT = 200_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(file: Buffer, name = 'file.bin') {
  const boundary = 'pixoraUploadBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the shared upload service (POST /public/upload)', () => {
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let ctx: AppContext;
  let astronaut: Buffer;
  const other = 'api_key=other-key&api_secret=other-secret-123456';

  beforeAll(async () => {
    backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    ({ app, ctx } = await testApp(backend, { UPLOAD_MAX_BYTES: String(LIMIT), UPLOAD_DAILY_LIMIT: '8' }));
    await app.ready();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .resize(256)
      .jpeg()
      .toBuffer();
    const userId = await insertUser(ctx, 'uploads@test.example');
    await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Other',
        api_key: 'other-key',
        api_secret_hash: hashSecret('other-secret-123456'),
        scopes: '*',
        status: AppStatus.enabled,
        daily_quota: 100,
        user_id: userId,
        created_at: new Date().toISOString(),
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  const upload = (body: Buffer, query = DEMO_KEY, contentType = 'application/octet-stream') =>
    app.inject({
      method: 'POST',
      url: `/public/upload?${query}&type=1`,
      payload: body,
      headers: { 'content-type': contentType },
    });
  const detect = (key: string, query = DEMO_KEY) =>
    app.inject({
      method: 'POST',
      url: `/v1/facedetect?${query}`,
      payload: { media_info_list: [{ media_data: key, media_profiles: { media_data_type: 'upload' } }] },
    });

  it('stores an image and answers its key, which a gateway call of the same app then reads', async () => {
    const res = await upload(astronaut, DEMO_KEY, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data).toMatchObject({ type: 'jpg', size: astronaut.length });
    expect(data.key).toMatch(/^public-uploads\/[0-9a-f]{32}\.jpg$/);
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const call = await detect(data.key);
    expect(call.statusCode).toBe(200);
    expect(call.json().media_info_list[0].media_extra.face_num).toBe(1);
    // Another app cannot use the key, nor can a key that does not exist be read.
    for (const refused of [
      await detect(data.key, other),
      await detect('public-uploads/' + '0'.repeat(32) + '.jpg'),
    ])
      expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 20014]);
  });

  it('takes a multipart file field and a signed raw body; reads the kind from the bytes', async () => {
    const form = multipart(PDF, 'report.exe');
    const res = await app.inject({
      method: 'POST',
      url: `/public/upload?${DEMO_KEY}&type=1`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe('pdf');
    const url = '/public/upload?type=1';
    const signed = signRequest({
      apiKey: 'pixora-demo-key',
      secret: 'pixora-demo-secret',
      method: 'POST',
      url,
      host: 'localhost:80',
      contentType: 'image/jpeg',
      body: astronaut,
    });
    const viaSignature = await app.inject({
      method: 'POST',
      url,
      payload: astronaut,
      headers: signed.headers,
    });
    expect(viaSignature.statusCode).toBe(200);
    expect(viaSignature.json().data.type).toBe('jpg');
  });

  it('lets a job refer to uploads, and a feedback keep a copy of one', async () => {
    const key = (await upload(astronaut)).json().data.key as string;
    const submitted = await app.inject({
      method: 'POST',
      url: `/v1/jobs?${DEMO_KEY}`,
      payload: {
        capability: 'v1/facedetect',
        items: [{ media_info_list: [{ media_data: key, media_profiles: { media_data_type: 'upload' } }] }],
      },
    });
    expect(submitted.statusCode).toBe(202);
    let job = submitted.json();
    for (let i = 0; i < 300 && job.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await app.inject({ method: 'GET', url: `/v1/jobs/${job.job_id}?${DEMO_KEY}` })).json();
    }
    expect(job.items[0].answer.media_info_list[0].media_extra.face_num).toBe(1);

    const accounts = new AccountService({ ...ctx, db: ctx.db.kysely });
    const user = await accounts.userForExternalIdentity({
      email: 'upload-feedback@example.com',
      name: 'Tester',
    });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      payload: { title: 'Upload', content: 'see attachment', attachment: key },
      headers: { authorization: `Bearer ${await accounts.createSession(user.id, '127.0.0.1')}` },
    });
    expect(sent.json().code).toBe(0);
    const row = await ctx.db.kysely
      .selectFrom('feedback')
      .select('attachments')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const [kept] = JSON.parse(row.attachments) as string[];
    expect(kept).toMatch(/^uploads\/[0-9a-f]{32}\.jpg$/);
  });

  it('refuses what it does not take, each with its catalogue code', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
    const cases: Array<[Promise<{ statusCode: number; json(): { ErrorCode: number } }>, number, number]> = [
      [upload(exe), 400, 20009],
      [upload(Buffer.alloc(LIMIT + 1, 0x20)), 413, 20015],
      [
        app.inject({
          method: 'POST',
          url: `/public/upload?${DEMO_KEY}&type=1`,
          ...multipart(Buffer.alloc(LIMIT + 10, 0x41)),
        }),
        413,
        20015,
      ],
      [upload(astronaut, DEMO_KEY.replace('pixora-demo-secret', 'wrong')), 401, 10021],
      [
        app.inject({
          method: 'POST',
          url: `/public/upload?${DEMO_KEY}&type=2`,
          payload: astronaut,
          headers: { 'content-type': 'image/jpeg' },
        }),
        400,
        10000,
      ],
      [
        app.inject({ method: 'POST', url: `/public/upload?${DEMO_KEY}&type=1`, payload: { not: 'a file' } }),
        400,
        10000,
      ],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect([res.statusCode, res.json().ErrorCode]).toEqual([status, code]);
    }
  });

  it('stops an app at its daily number of uploads, and forgets expired keys', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await upload(PDF, other);
      if (res.statusCode !== 200) {
        expect([res.statusCode, res.json().ErrorCode]).toEqual([429, 10029]);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
      keys.push(res.json().data.key);
    }
    expect(keys.length).toBe(8);
    const over = await upload(PDF, other);
    expect([over.statusCode, over.json().ErrorCode]).toEqual([429, 10029]);
    const key = (await upload(astronaut)).json().data.key as string;
    await ctx.db.kysely
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    const expired = await detect(key);
    expect([expired.statusCode, expired.json().ErrorCode]).toEqual([400, 20014]);
  });

  it('tells file kinds by their bytes', () => {
    expect(fileKind(astronaut)).toBe('jpg');
    expect(fileKind(PDF)).toBe('pdf');
    expect(fileKind(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(fileKind(Buffer.from('\0\0\0\x18ftypisom', 'latin1'))).toBe('mp4');
    expect(fileKind(Buffer.from('\0\0\0\x14ftypqt  ', 'latin1'))).toBe('mov');
    expect(fileKind(Buffer.from('a log line\n第二行\n'))).toBe('txt');
    expect(fileKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeUndefined();
  });
});

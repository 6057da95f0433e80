import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../src/modules/account/account.service.ts';
import type { AppContext } from '../src/platform/context.ts';
import { DEMO_KEY, skimagePhoto, testApp } from './helpers.ts';
import { startS3 } from './s3.ts';

// Every file the platform keeps goes to the bucket of STORAGE_URL (here the s3rver emulator), none to
// the server's disk: uploads of the shared upload service, the inputs of asynchronous jobs, result
// images, feedback attachments. A job's answers are rows of the database (job_items.answer); its
// result images are objects. The bucket lifecycle rules of deploy/bucket-lifecycle.json cover
// exactly the prefixes whose files expire, for at least their lifetime.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('files on S3: uploads, job inputs and results, feedback attachments', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let client: S3Client;
  let backend: InferenceBackend;
  let app: FastifyInstance;
  let ctx: AppContext;
  let astronaut: Buffer;
  let uploadKey: string;

  const objects = async (prefix = '') =>
    ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key!,
    );
  const object = async (key: string) =>
    Buffer.from(
      await (
        await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
      ).Body!.transformToByteArray(),
    );

  beforeAll(async () => {
    s3 = await startS3('pixora-files');
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
    // Face detection (faceanalysis) and the colour filter only: the models this file needs.
    backend = createLocalBackend({
      workers: 1,
      maxQueue: 8,
      taskTimeoutMs: 60_000,
      tasks: ['faceanalysis', 'filter'],
    });
    await backend.ready();
    ({ app, ctx } = await testApp(backend, { STORAGE_URL: s3.storageUrl }));
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .resize(256)
      .jpeg()
      .toBuffer();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await backend?.close();
    client?.destroy();
    await s3?.stop();
  });

  it('an upload lands in the bucket, and a gateway call by its key finds the face in it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/public/upload?${DEMO_KEY}&type=1`,
      payload: astronaut,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    uploadKey = res.json().data.key;
    expect(uploadKey).toMatch(/^public-uploads\/[0-9a-f]{32}\.jpg$/);
    expect((await object(uploadKey)).equals(astronaut)).toBe(true);
    const call = await app.inject({
      method: 'POST',
      url: `/v1/facedetect?${DEMO_KEY}`,
      payload: {
        media_info_list: [{ media_data: uploadKey, media_profiles: { media_data_type: 'upload' } }],
      },
    });
    expect(call.statusCode).toBe(200);
    expect(call.json().media_info_list[0].media_extra.face_num).toBe(1);
    // Nothing was written to the server's own folder.
    expect(fs.existsSync(path.join(ctx.config.DATA_DIR, 'files'))).toBe(false);
  });

  it("a job's inputs are objects, its answers rows, its result images pre-signed objects", async () => {
    const submitted = await app.inject({
      method: 'POST',
      url: `/v1/jobs?${DEMO_KEY}`,
      payload: {
        capability: 'v1/filter',
        parameter: { filterType: 'warm', beautyAlpha: 0 },
        items: [
          { media_info_list: [{ media_data: uploadKey, media_profiles: { media_data_type: 'upload' } }] },
          {
            media_info_list: [
              { media_data: astronaut.toString('base64'), media_profiles: { media_data_type: 'jpg' } },
            ],
          },
        ],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const id = submitted.json().job_id as string;
    const inputs = await objects('job-inputs/');
    expect(inputs).toHaveLength(2);
    // An input object holds the item as sent: the upload's key, or the photo's base64.
    const sent = await Promise.all(inputs.map(async (k) => (await object(k)).toString('utf8')));
    expect(sent.some((text) => text.includes(uploadKey))).toBe(true);
    expect(sent.some((text) => text.includes(astronaut.toString('base64').slice(0, 200)))).toBe(true);

    let job = submitted.json();
    for (let i = 0; i < 300 && job.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await app.inject(`/v1/jobs/${id}?${DEMO_KEY}`)).json();
    }
    expect(job).toMatchObject({ status: 'done', succeeded: 2, failed: 0 });
    const results = await objects('results/');
    expect(results).toHaveLength(2);
    for (const item of job.items) {
      const url = item.answer.media_info_list[0].media_data as string;
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/results/`)).toBe(true);
      const image = Buffer.from(await (await fetch(url)).arrayBuffer());
      const meta = await sharp(image).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    }
    // The answers themselves are the database's.
    const rows = await ctx.db.kysely
      .selectFrom('job_items')
      .select('answer')
      .where('job_id', '=', id)
      .execute();
    expect(rows.map((r) => JSON.parse(r.answer!).media_info_list[0].media_data).sort()).toEqual(
      job.items
        .map(
          (i: { answer: { media_info_list: { media_data: string }[] } }) =>
            i.answer.media_info_list[0]!.media_data,
        )
        .sort(),
    );
  });

  it('a feedback attachment is kept in the bucket as a copy of its upload', async () => {
    const accounts = new AccountService({ ...ctx, db: ctx.db.kysely });
    const user = await accounts.userForExternalIdentity({ email: 's3-feedback@example.com', name: 'Tester' });
    const session = await accounts.createSession(user.id, '127.0.0.1');
    expect(await objects('uploads/')).toEqual([]);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      payload: { title: 'On S3', content: 'see attachment', attachment: uploadKey },
      headers: { authorization: `Bearer ${session}` },
    });
    expect(sent.json().code).toBe(0);
    // The copy outlives the upload (public-uploads/ expires; uploads/ is kept with the feedback).
    const copies = await objects('uploads/');
    expect(copies).toHaveLength(1);
    expect((await object(copies[0]!)).equals(astronaut)).toBe(true);
  });

  it('the bucket lifecycle rules expire exactly the prefixes whose files expire, no sooner than the platform', async () => {
    const { config } = ctx;
    // The lifetime of each prefix the tests above wrote, in hours (undefined: kept).
    const lifetimes: Record<string, number | undefined> = {
      results: config.RESULT_URL_TTL_SECONDS / 3600,
      'public-uploads': config.UPLOAD_TTL_HOURS,
      'job-inputs': config.JOB_TTL_HOURS,
      // Feedback attachments stay with their feedback (the inbox shows them).
      uploads: undefined,
    };
    const prefixes = [...new Set((await objects()).map((k) => k.split('/')[0]!))].sort();
    expect(prefixes).toEqual(Object.keys(lifetimes).sort());
    const rules = (
      JSON.parse(fs.readFileSync(path.join(repo, 'deploy/bucket-lifecycle.json'), 'utf8')) as {
        Rules: { Status: string; Filter: { Prefix: string }; Expiration: { Days: number } }[];
      }
    ).Rules;
    for (const [prefix, hours] of Object.entries(lifetimes)) {
      const rule = rules.find((r) => r.Filter.Prefix === `${prefix}/`);
      if (hours === undefined) expect(rule, prefix).toBeUndefined();
      else {
        expect(rule?.Status, prefix).toBe('Enabled');
        expect(rule!.Expiration.Days * 24, prefix).toBeGreaterThanOrEqual(hours);
      }
    }
    expect(rules).toHaveLength(Object.values(lifetimes).filter((h) => h !== undefined).length);
  });
});

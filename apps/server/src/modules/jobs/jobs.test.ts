import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, insertUser, skimagePhoto, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { hashSecret } from '../apps/secrets.ts';
import { signRequest } from '../apps/signing.ts';

const media = (image: Buffer) => ({
  media_info_list: [{ media_data: image.toString('base64'), media_profiles: { media_data_type: 'jpg' } }],
});

interface JobView {
  job_id: string;
  status: string;
  total: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  progress: number;
  finished_at: string | null;
  callback: { status: string; attempts: number } | null;
  items: Array<{
    index: number;
    status: string;
    answer?: { media_info_list: Array<{ media_data?: string; media_extra: { faces?: unknown[] } }> };
    error?: { ErrorCode: number };
  }>;
}

let backend: InferenceBackend;
let astronaut: Buffer;
let flipped: Buffer;
let coffee: Buffer;

beforeAll(async () => {
  backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
  await backend.ready();
  astronaut = await sharp(await skimagePhoto('astronaut'))
    .resize(256)
    .jpeg()
    .toBuffer();
  flipped = await sharp(astronaut).flop().jpeg().toBuffer();
  coffee = await sharp(await skimagePhoto('coffee'))
    .resize(256)
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

async function until(app: FastifyInstance, id: string, done: (job: JobView) => boolean, query = DEMO_KEY) {
  for (let i = 0; i < 300; i++) {
    const job = (await app.inject({ method: 'GET', url: `/v1/jobs/${id}?${query}` })).json() as JobView;
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not get there`);
}

describe('asynchronous jobs', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let refuseFirst = true;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(backend, { ALLOW_PRIVATE_URLS: 'true', JOB_CALLBACK_RETRY_MS: '200' }));
    await app.ready();
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        // The first delivery fails: the callback is tried again.
        res.writeHead(refuseFirst ? 500 : 204).end();
        refuseFirst = false;
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/done`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const submit = (payload: object, query = DEMO_KEY) =>
    app.inject({ method: 'POST', url: `/v1/jobs?${query}`, payload });

  it('runs facepoints on three photos: two faces found, the coffee cup answers 20003; the callback is signed and retried', async () => {
    const res = await submit({
      capability: 'v2/facepoints',
      items: [media(astronaut), media(coffee), media(flipped)],
      callback_url: receiverUrl,
    });
    expect(res.statusCode).toBe(202);
    const { job_id: id, status, total } = res.json() as JobView;
    expect(id).toMatch(/^job_[0-9a-f]{24}$/);
    expect([status, total]).toEqual(['queued', 3]);
    const job = await until(app, id, (j) => j.callback?.status === 'delivered');
    expect(job).toMatchObject({ status: 'done', succeeded: 2, failed: 1, progress: 1 });
    expect(job.items.map((i) => i.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(job.items[0]!.answer!.media_info_list[0]!.media_extra.faces).toHaveLength(1);
    expect(job.items[2]!.answer!.media_info_list[0]!.media_extra.faces).toHaveLength(1);
    expect(job.items[1]!.error!.ErrorCode).toBe(20003);
    expect(job.callback).toMatchObject({ status: 'delivered', attempts: 2 });
    // Both deliveries carry the job, signed with the app's secret over the timestamp and the body.
    expect(received).toHaveLength(2);
    for (const { headers, body } of received) {
      const expected = crypto
        .createHmac('sha256', 'pixora-demo-secret')
        .update(`${String(headers['x-pixora-timestamp'])}.${body}`)
        .digest('hex');
      expect(headers['x-pixora-signature']).toBe(`v1=${expected}`);
      expect((JSON.parse(body) as JobView).job_id).toBe(id);
    }
    // Each image was metered as one call of the capability.
    await ctx.usage.flush();
    const rows = await ctx.db.kysely
      .selectFrom('api_usage')
      .selectAll()
      .where('capability_id', '=', 86)
      .execute();
    expect(rows.reduce((n, r) => n + r.calls, 0)).toBe(3);
  });

  it('keeps result images of a job as short-lived URLs (person cut-out)', async () => {
    const res = await submit({ capability: 'v2/segment', items: [media(astronaut)] });
    const job = await until(app, (res.json() as JobView).job_id, (j) => j.status === 'done');
    const url = job.items[0]!.answer!.media_info_list[0]!.media_extra as unknown as Record<string, string>;
    const link = Object.values(url).find(
      (v) => typeof v === 'string' && v.includes('/api/v1/media/results/'),
    );
    expect(link).toBeDefined();
    const image = await app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(256);
    // All of the job in one ZIP: the item's cut-out and mask, and the job itself.
    const zip = await app.inject({ method: 'GET', url: `/v1/jobs/${job.job_id}/results.zip?${DEMO_KEY}` });
    expect(zip.headers['content-type']).toBe('application/zip');
    const file = path.join(os.tmpdir(), `${job.job_id}.zip`);
    fs.writeFileSync(file, zip.rawPayload);
    try {
      // Python's zipfile reads it and checks every file's CRC (testzip answers None when all match).
      const listing = execFileSync(
        'python3',
        [
          '-c',
          'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip()); print(*z.namelist())',
          file,
        ],
        { encoding: 'utf8' },
      ).split('\n');
      expect(listing[0]).toBe('None');
      const names = listing[1]!.split(' ');
      expect(names).toContain('job.json');
      expect(names.filter((n) => n.startsWith('item-0001-')).length).toBeGreaterThanOrEqual(1);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('takes a signed submission', async () => {
    const body = JSON.stringify({ capability: 'v2/facepoints', items: [media(astronaut)] });
    const { headers } = signRequest({
      apiKey: 'pixora-demo-key',
      secret: 'pixora-demo-secret',
      method: 'POST',
      url: '/v1/jobs',
      host: 'localhost:80',
      contentType: 'application/json',
      body,
    });
    const res = await app.inject({ method: 'POST', url: '/v1/jobs', headers, payload: body });
    expect(res.statusCode).toBe(202);
    const job = await until(app, (res.json() as JobView).job_id, (j) => j.status === 'done');
    expect(job.succeeded).toBe(1);
  });

  it('refuses what it cannot run before storing anything', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[object, string, number, number]> = [
      [
        { capability: 'v2/facepoints', items: [media(astronaut), { media_info_list: [] }] },
        DEMO_KEY,
        400,
        10000,
      ],
      [{ capability: 'v9/nothing', items: [media(astronaut)] }, DEMO_KEY, 400, 10000],
      [{ capability: 'v2/facepoints', items: [] }, DEMO_KEY, 400, 10000],
      [
        { capability: 'v2/facepoints', items: [media(astronaut)], callback_url: 'ftp://x' },
        DEMO_KEY,
        400,
        10000,
      ],
      [
        { capability: 'v2/facepoints', items: [media(astronaut)] },
        'api_key=pixora-demo-key&api_secret=wrong',
        401,
        10021,
      ],
      [{ capability: 'v2/facepoints', items: [media(astronaut)] }, '', 401, 10021],
    ];
    for (const [payload, query, status, code] of cases) {
      const res = await submit(payload, query);
      expect([res.statusCode, res.json().ErrorCode], JSON.stringify(payload).slice(0, 80)).toEqual([
        status,
        code,
      ]);
    }
    const bad = await submit({
      capability: 'v2/facepoints',
      items: [media(astronaut), { media_info_list: [] }],
    });
    expect(bad.json().ErrorMsg).toContain('items[1].media_info_list');
    expect(await count()).toBe(before);
  });

  it("counts quotas per image: a job larger than what is left today is refused whole; another app's job is not found", async () => {
    const userId = await insertUser(ctx, 'jobs@test.example');
    const stamp = new Date().toISOString();
    await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Small',
        api_key: 'small-key',
        api_secret_hash: hashSecret('small-secret-123456'),
        scopes: '*',
        status: AppStatus.enabled,
        daily_quota: 2,
        user_id: userId,
        created_at: stamp,
      })
      .execute();
    const small = 'api_key=small-key&api_secret=small-secret-123456';
    const three = await submit(
      { capability: 'v2/facepoints', items: [media(astronaut), media(flipped), media(coffee)] },
      small,
    );
    expect([three.statusCode, three.json().ErrorCode]).toEqual([429, 10029]);
    const two = await submit(
      { capability: 'v2/facepoints', items: [media(astronaut), media(flipped)] },
      small,
    );
    expect(two.statusCode).toBe(202);
    const id = (two.json() as JobView).job_id;
    // The demo app does not see it; an id that does not exist answers the same.
    for (const other of [`/v1/jobs/${id}?${DEMO_KEY}`, `/v1/jobs/job_000000000000000000000000?${small}`]) {
      const res = await app.inject({ method: 'GET', url: other });
      expect([res.statusCode, res.json().ErrorCode]).toEqual([404, 10004]);
    }
    expect((await until(app, id, (j) => j.status === 'done', small)).succeeded).toBe(2);
  });

  it('cancels a 30-item job after its first results: the items still queued never run nor count against the quota; the callback says cancelled', async () => {
    const userId = await insertUser(ctx, 'cancel@test.example');
    const created = await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Cancels',
        api_key: 'cancel-key',
        api_secret_hash: hashSecret('cancel-secret-123456'),
        scopes: '*',
        status: AppStatus.enabled,
        daily_quota: 30,
        user_id: userId,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const q = 'api_key=cancel-key&api_secret=cancel-secret-123456';
    // The receiver takes this job's callback at the first delivery.
    refuseFirst = false;
    const res = await submit(
      {
        capability: 'v2/facepoints',
        items: Array.from({ length: 30 }, () => media(astronaut)),
        callback_url: receiverUrl,
      },
      q,
    );
    expect(res.statusCode).toBe(202);
    const id = (res.json() as JobView).job_id;
    await until(app, id, (j) => j.succeeded >= 1, q);
    const del = await app.inject({ method: 'DELETE', url: `/v1/jobs/${id}?${q}` });
    expect(del.statusCode).toBe(200);
    const atCancel = del.json() as JobView;
    // Nothing is left queued: every item not started was withdrawn at once.
    expect(atCancel.status).toBe('cancelled');
    expect(atCancel.items.filter((i) => i.status === 'queued')).toEqual([]);
    const withdrawn = atCancel.items.filter((i) => i.status === 'cancelled').map((i) => i.index);
    expect(withdrawn.length).toBe(atCancel.cancelled);
    expect(withdrawn.length).toBeGreaterThan(0);

    // Items running at the cancellation finish; then the job is finished and its callback sent.
    const job = await until(app, id, (j) => j.callback?.status === 'delivered', q);
    expect(job.status).toBe('cancelled');
    expect(job.finished_at).not.toBeNull();
    expect(job.progress).toBe(1);
    expect(job.cancelled).toBe(withdrawn.length);
    expect(job.succeeded + job.failed + job.cancelled).toBe(30);
    expect(job.items.filter((i) => i.status === 'cancelled').map((i) => i.index)).toEqual(withdrawn);
    for (const item of job.items.filter((i) => i.status === 'cancelled')) {
      expect(item.answer).toBeUndefined();
      expect(item.error).toBeUndefined();
    }
    // Every item computed found the astronaut's face.
    for (const item of job.items.filter((i) => i.status === 'succeeded'))
      expect(item.answer!.media_info_list[0]!.media_extra.faces).toHaveLength(1);
    const callbacks = received.filter((r) => (JSON.parse(r.body) as JobView).job_id === id);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.headers['x-pixora-event']).toBe('job.cancelled');
    expect(JSON.parse(callbacks[0]!.body) as JobView).toMatchObject({
      status: 'cancelled',
      cancelled: withdrawn.length,
    });

    // Only the items computed were metered, and only they came off today's quota.
    const computed = job.succeeded + job.failed;
    await ctx.usage.flush();
    const rows = await ctx.db.kysely
      .selectFrom('api_usage')
      .selectAll()
      .where('app_id', '=', created.id)
      .execute();
    expect(rows.reduce((n, r) => n + r.calls, 0)).toBe(computed);
    expect(await ctx.usage.remaining(created.id, 30)).toBe(30 - computed);
    const left = 30 - computed;
    const tooMany = await submit(
      { capability: 'v2/facepoints', items: Array.from({ length: left + 1 }, () => media(astronaut)) },
      q,
    );
    expect([tooMany.statusCode, tooMany.json().ErrorCode]).toEqual([429, 10029]);

    // Cancelling again answers the job as it is.
    const again = await app.inject({ method: 'DELETE', url: `/v1/jobs/${id}?${q}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'cancelled',
      cancelled: job.cancelled,
      succeeded: job.succeeded,
      finished_at: job.finished_at,
    });
    // Another app, or an unknown id, is not found.
    for (const url of [`/v1/jobs/${id}?${DEMO_KEY}`, `/v1/jobs/job_000000000000000000000000?${q}`]) {
      const other = await app.inject({ method: 'DELETE', url });
      expect([other.statusCode, other.json().ErrorCode]).toEqual([404, 10004]);
    }
    expect((await app.inject({ method: 'GET', url: `/v1/jobs/${id}?${q}` })).json()).toMatchObject({
      status: 'cancelled',
    });
  });

  it('answers a finished job unchanged when asked to cancel it, and takes a signed cancellation', async () => {
    const done = await submit({ capability: 'v2/facepoints', items: [media(astronaut)] });
    const finished = await until(app, (done.json() as JobView).job_id, (j) => j.status === 'done');
    const del = await app.inject({ method: 'DELETE', url: `/v1/jobs/${finished.job_id}?${DEMO_KEY}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ status: 'done', succeeded: 1, cancelled: 0 });

    const queued = await submit({
      capability: 'v2/facepoints',
      items: Array.from({ length: 8 }, () => media(flipped)),
    });
    const id = (queued.json() as JobView).job_id;
    const url = `/v1/jobs/${id}`;
    const { headers } = signRequest({
      apiKey: 'pixora-demo-key',
      secret: 'pixora-demo-secret',
      method: 'DELETE',
      url,
      host: 'localhost:80',
    });
    const signed = await app.inject({ method: 'DELETE', url, headers });
    expect(signed.statusCode).toBe(200);
    expect((signed.json() as JobView).status).toBe('cancelled');
    const job = await until(app, id, (j) => j.finished_at !== null);
    expect(job.succeeded + job.failed + job.cancelled).toBe(8);
    expect(job.cancelled).toBeGreaterThan(0);
  });
});

describe('jobs across a restart', () => {
  it('finishes the items of a job whose server stopped mid-way, on the next server of the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-jobs-'));
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: `sqlite://${path.join(dir, 'pixora.sqlite')}`,
      INFERENCE_TIMEOUT_MS: '1000',
      URL_FETCH_TIMEOUT_MS: '1000',
    };
    try {
      const first = await testApp(backend, env);
      await first.app.ready();
      const res = await first.app.inject({
        method: 'POST',
        url: `/v1/jobs?${DEMO_KEY}`,
        payload: { capability: 'v2/facepoints', items: Array.from({ length: 6 }, () => media(astronaut)) },
      });
      const id = (res.json() as JobView).job_id;
      await first.app.close();
      // A server killed mid-item leaves it running: the next server runs it again once it is stale.
      const { openDatabase } = await import('../../db/database.ts');
      const db = openDatabase(env.DATABASE_URL);
      await db.kysely
        .updateTable('job_items')
        .set({ status: 'running', claimed_at: new Date(Date.now() - 3_600_000).toISOString(), answer: null })
        .where('job_id', '=', id)
        .where('idx', '=', 0)
        .execute();
      await db.close();
      const second = await testApp(backend, env);
      await second.app.ready();
      try {
        const job = await until(second.app, id, (j) => j.status === 'done');
        expect(job.succeeded).toBe(6);
        expect(job.items.every((i) => i.answer?.media_info_list[0]!.media_extra.faces?.length === 1)).toBe(
          true,
        );
      } finally {
        await second.app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppStatus } from '../src/modules/apps/apps.repository.ts';
import { hashSecret } from '../src/modules/apps/secrets.ts';
import { signRequest } from '../src/modules/apps/signing.ts';
import { createResultMedia } from '../src/modules/gateway/result-media.ts';
import type { AppContext } from '../src/platform/context.ts';
import { idleBackend, privatePostgres, testApp } from './helpers.ts';
import { startS3 } from './s3.ts';

// Two API servers in this process, as a load balancer would see them: one PostgreSQL database, one
// Redis (the shared state, under a key prefix of this file's own) and one S3 bucket (the s3rver
// emulator). Whatever one server counts, records or stores, the other must see.
describe('two API servers sharing PostgreSQL, Redis and S3', () => {
  let pg: Awaited<ReturnType<typeof privatePostgres>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  const servers: { app: FastifyInstance; ctx: AppContext }[] = [];

  beforeAll(async () => {
    pg = await privatePostgres('twoservers');
    s3 = await startS3();
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: inject('redisUrl'),
      REDIS_KEY_PREFIX: `two-${crypto.randomBytes(3).toString('hex')}:`,
      STORAGE_URL: s3.storageUrl,
      DEMO_APP_RATE_LIMIT_PER_MINUTE: '25',
    };
    servers.push(await testApp(idleBackend, env), await testApp(idleBackend, env));
    await servers[0]!.ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Quota app',
        api_key: 'quota-app-key',
        api_secret_hash: hashSecret('quota-app-secret'),
        scopes: '',
        status: AppStatus.enabled,
        daily_quota: 1000,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    for (const { app } of servers) await app.close();
    await s3?.stop();
    await pg?.drop();
  });

  /** Sends `n` calls alternately to the two servers, `parallel` at a time; answers their ErrorCodes. */
  async function spread(n: number, parallel: number, url: string): Promise<number[]> {
    const codes: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < n) {
          const i = next++;
          // An empty body: the call is admitted (and counted), then refused as 10000.
          const res = await servers[i % 2]!.app.inject({ method: 'POST', url, payload: {} });
          codes.push(res.json().ErrorCode);
        }
      }),
    );
    return codes;
  }

  it('a daily quota of 1000 admits exactly 1000 calls spread over both servers in parallel', async () => {
    const codes = await spread(1100, 48, '/v2/facepoints?api_key=quota-app-key&api_secret=quota-app-secret');
    expect(codes.filter((c) => c === 10000)).toHaveLength(1000);
    expect(codes.filter((c) => c === 10029)).toHaveLength(100);
    // The database holds the same count, the durable record the counters start from.
    const { admitted } = await servers[1]!.ctx.db.kysely
      .selectFrom('api_usage')
      .innerJoin('apps', 'apps.id', 'api_usage.app_id')
      .where('apps.api_key', '=', 'quota-app-key')
      .select((eb) => eb.fn.sum<number>('api_usage.calls').as('admitted'))
      .executeTakeFirstOrThrow();
    expect(Number(admitted)).toBe(1100);
    const appId = (
      await servers[0]!.ctx.db.kysely
        .selectFrom('apps')
        .where('api_key', '=', 'quota-app-key')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await servers[0]!.ctx.usage.remaining(appId, 1000)).toBe(0);
  });

  it('a rate limit holds across both servers', async () => {
    const codes = await spread(
      40,
      16,
      '/v2/facepoints?api_key=pixora-demo-key&api_secret=pixora-demo-secret',
    );
    expect(codes.filter((c) => c === 10000)).toHaveLength(25);
    expect(codes.filter((c) => c === 10029)).toHaveLength(15);
  });

  it('a signed call’s nonce used on one server is refused on the other', async () => {
    const body = JSON.stringify({ parameter: {}, extra: {}, media_info_list: [] });
    const { headers } = signRequest({
      apiKey: 'pixora-demo-key',
      secret: 'pixora-demo-secret',
      method: 'POST',
      url: '/v2/facepoints',
      host: 'localhost:80',
      contentType: 'application/json',
      body,
    });
    // The demo app's minute is used up (the test before): its refusal (10029) comes after the
    // signature and the nonce passed.
    const first = await servers[0]!.app.inject({
      method: 'POST',
      url: '/v2/facepoints',
      headers,
      payload: body,
    });
    expect(first.json().ErrorCode).toBe(10029);
    const replay = await servers[1]!.app.inject({
      method: 'POST',
      url: '/v2/facepoints',
      headers,
      payload: body,
    });
    expect([replay.statusCode, replay.json().ErrorCode]).toEqual([401, 10027]);
  });

  it('a result URL made on one server downloads from the other, and from the bucket directly', async () => {
    const [a, b] = servers.map(({ ctx }) => createResultMedia(ctx.storage, ctx.config));
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const { url, expiresAt } = await a!.publish('http://server-a', png, 'png');
    expect(url.startsWith(s3.endpoint)).toBe(true);
    expect(url).toContain(`X-Amz-Expires=${servers[0]!.ctx.config.RESULT_URL_TTL_SECONDS}`);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await b!.read(url))?.bytes.equals(png)).toBe(true);
    const direct = await fetch(url);
    expect(Buffer.from(await direct.arrayBuffer()).equals(png)).toBe(true);
    const name = new URL(url).pathname.split('/').pop()!;
    const served = await servers[1]!.app.inject(`/api/v1/media/results/${name}`);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('reports Redis and the bucket ready on both servers', async () => {
    for (const { app } of servers) {
      const res = await app.inject('/readyz');
      expect(res.json()).toMatchObject({ database: true, redis: true, storage: true });
    }
  });
});

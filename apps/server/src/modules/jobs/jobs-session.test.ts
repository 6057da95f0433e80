import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, sessionAppFixture, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';

// The studio page runs jobs as a signed-in developer's own app: the session goes as a bearer
// token, the app by its id (as on the gateway); the job, its items and its quota are that app's.
describe('jobs as a signed-in developer’s own app (the studio page)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let fixture: Awaited<ReturnType<typeof sessionAppFixture>>;
  let photo: Buffer;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    fixture = await sessionAppFixture(ctx, 'studio', 2);
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => app?.close());

  const asOwner = () => fixture.asOwner;
  const job = (items: number) => ({
    capability: 'v1/studio',
    items: Array.from({ length: items }, () => ({
      media_info_list: [{ media_data: photo.toString('base64'), media_profiles: { media_data_type: 'jpg' } }],
    })),
  });
  const submit = (headers: Record<string, string>, items = 1) =>
    app.inject({ method: 'POST', url: '/v1/jobs', payload: job(items), headers });

  it('lets the owner submit, read and download a job as the app, its items counted in the app’s quota', async () => {
    // The app's daily quota is 2: a job of three items is refused whole, so the job was the app's.
    const tooMany = await submit(asOwner(), 3);
    expect([tooMany.statusCode, tooMany.json().ErrorCode]).toEqual([429, 10029]);
    const res = await submit(asOwner(), 2);
    expect(res.statusCode).toBe(202);
    const id = (res.json() as { job_id: string }).job_id;
    const row = await ctx.db.kysely
      .selectFrom('jobs')
      .select('app_id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.app_id).toBe(fixture.appId);
    const view = await app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: asOwner() });
    expect([view.statusCode, view.json().total]).toEqual([200, 2]);
    const zip = await app.inject({ method: 'GET', url: `/v1/jobs/${id}/results.zip`, headers: asOwner() });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from('job.json'))).toBe(true);
    // Each item that ran is one call of the app in its usage (this test's engine fails them all).
    for (let i = 0; i < 100; i++) {
      const job = (await app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: asOwner() })).json() as {
        status: string;
      };
      if (job.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await ctx.usage.flush();
    const usage = await ctx.db.kysely
      .selectFrom('api_usage')
      .select(['app_id', 'capability_id', 'calls'])
      .where('app_id', '=', fixture.appId)
      .execute();
    expect(usage.map((row) => [row.capability_id, row.calls])).toEqual([[176, 2]]);
  });

  it('refuses another user, no session, a cookie instead of the bearer header, or a malformed id on every job route', async () => {
    const res = await submit(asOwner(), 1);
    const id = (res.json() as { job_id: string }).job_id;
    for (const headers of fixture.refused) {
      for (const answer of [
        await submit(headers),
        await app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers }),
        await app.inject({ method: 'GET', url: `/v1/jobs/${id}/results.zip`, headers }),
      ])
        expect([answer.statusCode, answer.json().ErrorCode]).toEqual([401, 10021]);
    }
    // The session and query credentials at once are refused too.
    const both = await app.inject({
      method: 'GET',
      url: `/v1/jobs/${id}?api_key=${fixture.apiKey}&api_secret=${fixture.apiSecret}`,
      headers: asOwner(),
    });
    expect(both.json().ErrorCode).toBe(10021);
  });
});

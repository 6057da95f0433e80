import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, insertUser, sessionFor, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { hashSecret } from '../apps/secrets.ts';
import { SESSION_APP_HEADER } from '../gateway/caller.ts';

// The studio page runs jobs as a signed-in developer's own app: the session goes as a bearer
// token, the app by its id (as on the gateway); the job, its items and its quota are that app's.
describe('jobs as a signed-in developer’s own app (the studio page)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let ownerToken: string;
  let strangerToken: string;
  let appId: number;
  let photo: Buffer;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    const owner = await insertUser(ctx, 'studio-owner@example.com');
    const stranger = await insertUser(ctx, 'studio-stranger@example.com');
    ownerToken = await sessionFor(ctx, owner);
    strangerToken = await sessionFor(ctx, stranger);
    ({ id: appId } = await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Studio app',
        api_key: 'studio-app-key',
        api_secret_hash: hashSecret('studio-app-secret'),
        scopes: '',
        status: AppStatus.enabled,
        created_at: new Date().toISOString(),
        user_id: owner,
        daily_quota: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => app?.close());

  const asOwner = () => ({ authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: String(appId) });
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
    expect(row?.app_id).toBe(appId);
    const view = await app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: asOwner() });
    expect([view.statusCode, view.json().total]).toEqual([200, 2]);
    const zip = await app.inject({ method: 'GET', url: `/v1/jobs/${id}/results.zip`, headers: asOwner() });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from('job.json'))).toBe(true);
  });

  it('refuses another user, no session, a cookie instead of the bearer header, or a malformed id on every job route', async () => {
    const res = await submit(asOwner(), 1);
    const id = (res.json() as { job_id: string }).job_id;
    const refused: Record<string, string>[] = [
      { authorization: `Bearer ${strangerToken}`, [SESSION_APP_HEADER]: String(appId) },
      { [SESSION_APP_HEADER]: String(appId) },
      { cookie: `Admin-Token=${ownerToken}`, [SESSION_APP_HEADER]: String(appId) },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: 'studio-app-key' },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: '999999' },
    ];
    for (const headers of refused) {
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
      url: `/v1/jobs/${id}?api_key=studio-app-key&api_secret=studio-app-secret`,
      headers: asOwner(),
    });
    expect(both.json().ErrorCode).toBe(10021);
  });
});

import type { JobList, JobSummary } from '@pixora/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, idleBackend, sessionAppFixture, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';

// `GET /v1/jobs`: the caller app's jobs, newest first, a page at a time, never another app's.
describe('listing an app’s jobs', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let fixture: Awaited<ReturnType<typeof sessionAppFixture>>;
  let demoAppId: number;
  const statuses = ['done', 'cancelled', 'running', 'done', 'queued', 'done', 'cancelled'] as const;
  /** The fixture app's jobs as inserted, oldest first. */
  const ownIds: string[] = [];

  /** Inserts a job row (no items, so the runner leaves it alone) created `minutesAgo` ago. */
  const insertJob = async (
    appId: number,
    id: string,
    status: string,
    minutesAgo: number,
    expired = false,
    endpoint = 'v1/studio',
  ) => {
    const created = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await ctx.db.kysely
      .insertInto('jobs')
      .values({
        id,
        app_id: appId,
        capability_id: endpoint === 'v1/studio' ? 176 : 3,
        endpoint,
        status,
        total: 4,
        succeeded: status === 'done' ? 3 : 0,
        failed: status === 'done' ? 1 : 0,
        cancelled: status === 'cancelled' ? 4 : 0,
        parameter: '{}',
        origin: 'http://localhost',
        callback_url: null,
        created_at: created,
        updated_at: created,
        finished_at: status === 'done' || status === 'cancelled' ? created : null,
        callback_next_at: null,
        expires_at: new Date(Date.now() + (expired ? -1 : 1) * 3_600_000).toISOString(),
      })
      .execute();
  };

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    fixture = await sessionAppFixture(ctx, 'lister', 1000);
    demoAppId = (
      await ctx.db.kysely
        .selectFrom('apps')
        .select('id')
        .where('api_key', '=', 'pixora-demo-key')
        .executeTakeFirstOrThrow()
    ).id;
    // Seven jobs of the fixture app a minute apart; two of them share a creation time, so the
    // order falls back to the id; another app's jobs and an expired one interleave.
    for (const [i, status] of statuses.entries()) {
      const id = `job_${String(i).padStart(2, '0')}${'a'.repeat(22)}`;
      ownIds.push(id);
      await insertJob(fixture.appId, id, status, i === 4 ? 60 - 3 : 60 - i);
      await insertJob(demoAppId, `job_${String(i).padStart(2, '0')}${'b'.repeat(22)}`, status, 60 - i);
    }
    await insertJob(fixture.appId, `job_99${'c'.repeat(22)}`, 'done', 1, true);
  });
  afterAll(async () => app?.close());

  const list = async (query: string, headers: Record<string, string> = fixture.asOwner) => {
    const res = await app.inject({ method: 'GET', url: `/v1/jobs${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobList;
  };

  it('answers the app’s own jobs newest first (creation time, then id), without items, expired ones left out', async () => {
    const page = await list('');
    // Jobs 3 and 4 were created at the same minute: the larger id first.
    expect(page.jobs.map((j) => j.job_id)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => ownIds[i]));
    expect(page.next_cursor).toBeNull();
    const first = page.jobs[0]!;
    expect(first).toEqual({
      job_id: ownIds[6],
      capability: 'v1/studio',
      status: 'cancelled',
      total: 4,
      succeeded: 0,
      failed: 0,
      cancelled: 4,
      progress: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      finished_at: expect.any(String),
      expires_at: expect.any(String),
    } satisfies Record<keyof JobSummary, unknown>);
    expect(first).not.toHaveProperty('items');
    // The demo app, by its key in the query, sees its own seven jobs only.
    const demo = await list(`?${DEMO_KEY}`, {});
    expect(demo.jobs.map((j) => j.job_id).every((id) => id.endsWith('b'.repeat(22)))).toBe(true);
    expect(demo.jobs).toHaveLength(7);
  });

  it('pages with limit and cursor: no job twice or missed, the last page has no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: JobList = await list(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.jobs.length).toBeLessThanOrEqual(3);
      seen.push(...page.jobs.map((j) => j.job_id));
      cursor = page.next_cursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => ownIds[i]));
    // A full last page still says there is nothing after it.
    const exact = await list('?limit=7');
    expect([exact.jobs.length, exact.next_cursor]).toEqual([7, null]);
  });

  it('keeps one status with `status`, paging within it', async () => {
    const done = await list('?status=done');
    expect(done.jobs.map((j) => j.job_id)).toEqual([5, 3, 0].map((i) => ownIds[i]));
    const first = await list('?status=cancelled&limit=1');
    expect(first.jobs.map((j) => j.job_id)).toEqual([ownIds[6]]);
    const second = await list(`?status=cancelled&limit=1&cursor=${first.next_cursor!}`);
    expect([second.jobs.map((j) => j.job_id), second.next_cursor]).toEqual([[ownIds[1]], null]);
  });

  it('lists a job just submitted through the API with the app’s credentials', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/jobs?api_key=${fixture.apiKey}&api_secret=${fixture.apiSecret}`,
      payload: {
        capability: 'v1/studio',
        items: [
          {
            media_info_list: [
              { media_data: 'http://127.0.0.1:9/a.jpg', media_profiles: { media_data_type: 'url' } },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { job_id: string }).job_id;
    const page = await list('?limit=1');
    expect(page.jobs.map((j) => [j.job_id, j.total])).toEqual([[id, 1]]);
  });

  it('refuses bad pages (400 / 10000) and callers that are not the app (401 / 10021)', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=two',
      '?status=finished',
      '?cursor=bm90LWEtY3Vyc29y',
      '?capability=v9/nothing',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/v1/jobs${query}`, headers: fixture.asOwner });
      expect([res.statusCode, res.json().ErrorCode], query).toEqual([400, 10000]);
    }
    for (const headers of fixture.refused) {
      const res = await app.inject({ method: 'GET', url: '/v1/jobs', headers });
      expect([res.statusCode, res.json().ErrorCode]).toEqual([401, 10021]);
    }
    const noKey = await app.inject({ method: 'GET', url: '/v1/jobs' });
    expect(noKey.statusCode).toBe(401);
    const wrongSecret = await app.inject({
      method: 'GET',
      url: '/v1/jobs?api_key=pixora-demo-key&api_secret=nope',
    });
    expect(wrongSecret.statusCode).toBe(401);
  });

  it('keeps one capability’s jobs with `capability` (an endpoint), with `status` and paging', async () => {
    const older = `job_98${'d'.repeat(22)}`;
    const oldest = `job_97${'d'.repeat(22)}`;
    await insertJob(fixture.appId, older, 'done', 90, false, 'v2/facepoints');
    await insertJob(fixture.appId, oldest, 'queued', 95, false, 'v2/facepoints');
    await insertJob(demoAppId, `job_96${'d'.repeat(22)}`, 'done', 90, false, 'v2/facepoints');
    const faces = await list('?capability=v2/facepoints');
    expect([faces.jobs.map((j) => [j.job_id, j.capability]), faces.next_cursor]).toEqual([
      [
        [older, 'v2/facepoints'],
        [oldest, 'v2/facepoints'],
      ],
      null,
    ]);
    expect((await list('?capability=/v2/facepoints&status=queued')).jobs.map((j) => j.job_id)).toEqual([
      oldest,
    ]);
    const first = await list('?capability=v2/facepoints&limit=1');
    const second = await list(`?capability=v2/facepoints&limit=1&cursor=${first.next_cursor!}`);
    expect([first.jobs[0]?.job_id, second.jobs[0]?.job_id, second.next_cursor]).toEqual([
      older,
      oldest,
      null,
    ]);
    const studio = await list('?capability=v1/studio&limit=100');
    expect(studio.jobs.length).toBeGreaterThanOrEqual(statuses.length);
    expect(studio.jobs.every((j) => j.capability === 'v1/studio')).toBe(true);
  });
});

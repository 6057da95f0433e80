import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { VISITS_PER_MINUTE } from './analytics.routes.ts';

const visit = {
  url: '/algorithm/faceTechnology/facepointdetect?t=1732240000000',
  duration_ms: 5230,
  logged_in: true,
  opened_at: '2026-11-22 10:00:00',
  channel: 'mobile',
  location: 'Asia/Shanghai',
};

describe('visit analytics', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => {
    ({ app, ctx } = await testApp(idle));
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    ctx.rateLimiter.clear();
    await ctx.db.kysely.deleteFrom('visits').execute();
  });

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/analytics/visit', payload: payload as object, headers });
  const rows = () => ctx.db.kysely.selectFrom('visits').selectAll().orderBy('id').execute();

  it('stores every field of the event with the address and time it arrived', async () => {
    const res = await send(visit);
    expect([res.statusCode, res.json().code]).toEqual([200, 0]);
    const [row] = await rows();
    expect(row).toMatchObject({
      url: visit.url,
      duration_ms: 5230,
      logged_in: 1,
      opened_at: '2026-11-22 10:00:00',
      channel: 'mobile',
      location: 'Asia/Shanghai',
      ip: '127.0.0.1',
    });
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
  });

  it('reads the login flag the same whether it comes as JSON or as form text', async () => {
    await send({ ...visit, logged_in: false });
    await send({ ...visit, logged_in: 'false' });
    await send({ ...visit, logged_in: '1' });
    const form = new URLSearchParams({ ...visit, duration_ms: '12', logged_in: 'false' }).toString();
    await send(form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect((await rows()).map((r) => [r.logged_in, r.duration_ms])).toEqual([
      [0, 5230],
      [0, 5230],
      [1, 5230],
      [0, 12],
    ]);
  });

  it('fills the optional fields of a first page view', async () => {
    const { url, opened_at, channel } = visit;
    expect((await send({ url, opened_at, channel })).statusCode).toBe(200);
    expect(await rows()).toMatchObject([{ duration_ms: 0, logged_in: 0, location: '' }]);
  });

  it('refuses malformed events with 400 / 10000 and stores nothing', async () => {
    for (const bad of [
      { ...visit, channel: 'tv' },
      { ...visit, url: '   ' },
      { ...visit, duration_ms: -1 },
      { ...visit, logged_in: 'maybe' },
      { ...visit, opened_at: '' },
      { ...visit, location: 'x'.repeat(201) },
    ]) {
      const res = await send(bad);
      expect([res.statusCode, res.json().ErrorCode], JSON.stringify(bad)).toEqual([400, 10000]);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('answers 429 / 10029 once an address sends too many events in a minute', async () => {
    for (let i = 0; i < VISITS_PER_MINUTE; i += 1) await ctx.rateLimiter.hit('visit:127.0.0.1', 1e9, 60_000);
    const res = await send(visit);
    expect([res.statusCode, res.json().ErrorCode]).toEqual([429, 10029]);
    expect(await rows()).toHaveLength(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { AppStatus } from './apps.repository.ts';
import { EVERY_CAPABILITY } from './scopes.ts';
import { UsageRepository } from './usage.repository.ts';
import { nextUsageDayStart, shiftDay, usageDay, UsageMeter, type CallOutcome } from './usage.ts';

/**
 * A call through the meter as the gateway's caller hooks make it: begin once the secret is right,
 * admit within the quota, then count the answer (the refusal's, when admit throws).
 */
async function gatewayCall(
  meter: UsageMeter,
  app: { id: number; daily_quota: number | null },
  capabilityId = 86,
  answer: CallOutcome = { status: 200, errorCode: 0, ms: 40 },
) {
  const call = meter.begin(app.id, capabilityId);
  let outcome = answer;
  try {
    await meter.admit(call, app.daily_quota);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    outcome = { status: error.status, errorCode: error.code, ms: answer.ms };
  }
  meter.count(call, outcome);
  return outcome.status;
}

describe('usage days', () => {
  it('start at 00:00 in Beijing (UTC+8)', () => {
    expect(usageDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(usageDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(shiftDay('2026-03-01', 1)).toBe('2026-02-28');
    expect(shiftDay('2024-02-28', -1)).toBe('2024-02-29');
    expect(nextUsageDayStart(Date.parse('2026-03-01T15:59:59Z'))).toBe(Date.parse('2026-03-01T16:00:00Z'));
    expect(nextUsageDayStart(Date.parse('2026-03-01T16:00:00Z'))).toBe(Date.parse('2026-03-02T16:00:00Z'));
  });
});

describe('usage meter', () => {
  let db: Db;
  let repo: UsageRepository;
  let clock: number;
  const meters: UsageMeter[] = [];
  const meter = () => {
    const m = new UsageMeter(repo, () => clock, 60_000);
    meters.push(m);
    return m;
  };
  const stored = () =>
    db.kysely.selectFrom('api_usage').selectAll().orderBy('day').orderBy('status').execute();

  beforeEach(async () => {
    db = openDatabase('sqlite::memory:');
    await migrateToLatest(db.kysely, db.dialect);
    for (const key of ['a', 'b'])
      await db.kysely
        .insertInto('apps')
        .values({
          name: key,
          api_key: key,
          api_secret_hash: '',
          scopes: EVERY_CAPABILITY,
          status: AppStatus.enabled,
          created_at: '',
        })
        .execute();
    repo = new UsageRepository(db.kysely);
    clock = Date.parse('2026-05-04T02:00:00Z');
  });
  afterEach(async () => {
    for (const m of meters.splice(0)) await m.close();
    await db.close();
  });

  it('adds calls up per day, capability, status and code, with their time', async () => {
    const m = meter();
    const app = { id: 1, daily_quota: null };
    await gatewayCall(m, app, 86, { status: 200, errorCode: 0, ms: 30 });
    await gatewayCall(m, app, 86, { status: 200, errorCode: 0, ms: 50 });
    await gatewayCall(m, app, 86, { status: 400, errorCode: 20003, ms: 5 });
    await m.flush();
    await gatewayCall(m, app, 86, { status: 200, errorCode: 0, ms: 70 });
    await m.flush();
    expect(await stored()).toEqual([
      {
        app_id: 1,
        day: '2026-05-04',
        capability_id: 86,
        status: 200,
        error_code: 0,
        calls: 3,
        total_ms: 150,
        max_ms: 70,
      },
      {
        app_id: 1,
        day: '2026-05-04',
        capability_id: 86,
        status: 400,
        error_code: 20003,
        calls: 1,
        total_ms: 5,
        max_ms: 5,
      },
    ]);
  });

  it('refuses calls beyond the daily quota until the next day in Beijing', async () => {
    const m = meter();
    const app = { id: 1, daily_quota: 3 };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await gatewayCall(m, app));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Refused calls are counted, but not against the quota.
    await m.flush();
    expect(await repo.admittedCalls(1, '2026-05-04')).toBe(3);
    expect((await stored()).map((r) => [r.status, r.error_code, r.calls])).toEqual([
      [200, 0, 3],
      [429, 10029, 2],
    ]);
    // The refusal says when the quota renews: 02:00 UTC is 10:00 in Beijing, 14 hours before midnight.
    const refusal = await m.admit(m.begin(app.id, 86), app.daily_quota).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).retryAfterSeconds).toBe(14 * 3600);
    // Another app has its own quota.
    expect(await gatewayCall(m, { id: 2, daily_quota: 3 })).toBe(200);
    clock = Date.parse('2026-05-04T16:00:00Z');
    expect(await gatewayCall(m, app)).toBe(200);
  });

  it('reads the day count once stored, so a restarted server keeps the quota', async () => {
    const first = meter();
    const app = { id: 1, daily_quota: 2 };
    await gatewayCall(first, app);
    await gatewayCall(first, app);
    await first.close();
    const restarted = meter();
    expect(await gatewayCall(restarted, app)).toBe(429);
  });

  it("sees another server's calls after writing its own", async () => {
    const one = meter();
    const two = meter();
    const app = { id: 1, daily_quota: 4 };
    expect(await gatewayCall(one, app)).toBe(200);
    expect(await gatewayCall(two, app)).toBe(200);
    await one.flush();
    await two.flush();
    await gatewayCall(one, app);
    await one.flush();
    // Server two wrote before server one's last call: it reads the shared count again when it writes.
    expect(await gatewayCall(two, app)).toBe(200);
    await two.flush();
    expect(await gatewayCall(two, app)).toBe(429);
    // Server one has not seen two's last call yet: it admits one more (at most one write interval
    // of the other servers' calls beyond the quota), and refuses once it has written.
    expect(await gatewayCall(one, app)).toBe(200);
    await one.flush();
    expect(await gatewayCall(one, app)).toBe(429);
  });

  it('leaves out the calls of an app deleted before they were written', async () => {
    const m = meter();
    await gatewayCall(m, { id: 1, daily_quota: null });
    await gatewayCall(m, { id: 2, daily_quota: null });
    await db.kysely.deleteFrom('apps').where('id', '=', 2).execute();
    await m.flush();
    expect((await stored()).map((r) => r.app_id)).toEqual([1]);
  });

  it('keeps counts a failed write could not store for the next write', async () => {
    const m = meter();
    const errors: unknown[] = [];
    m.log = (err) => errors.push(err);
    await gatewayCall(m, { id: 1, daily_quota: null });
    await db.kysely.schema.alterTable('api_usage').renameTo('api_usage_away').execute();
    await m.flush();
    expect(errors).toHaveLength(1);
    await gatewayCall(m, { id: 1, daily_quota: null });
    await db.kysely.schema.alterTable('api_usage_away').renameTo('api_usage').execute();
    await m.flush();
    expect((await stored()).map((r) => r.calls)).toEqual([2]);
  });
});

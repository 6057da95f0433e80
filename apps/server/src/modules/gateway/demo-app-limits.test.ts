import { describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../../test/helpers.ts';
import { loadConfig } from '../../platform/config.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { hashSecret } from '../apps/secrets.ts';

const DEMO = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

/** Status, ErrorCode and Retry-After of `n` calls in a row (an empty body: admitted, then refused as 10000). */
async function calls(app: Awaited<ReturnType<typeof testApp>>['app'], n: number, query = DEMO) {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const res = await app.inject({ method: 'POST', url: `/v2/facepoints?${query}`, payload: {} });
    out.push([res.statusCode, res.json().ErrorCode]);
  }
  return out;
}

describe('the seeded demo app, whose key is public', () => {
  it('is limited per minute (DEMO_APP_RATE_LIMIT_PER_MINUTE, 60 by default)', async () => {
    expect(loadConfig({}).DEMO_APP_RATE_LIMIT_PER_MINUTE).toBe(60);
    const { app } = await testApp(idle, { DEMO_APP_RATE_LIMIT_PER_MINUTE: '60' });
    const answers = await calls(app, 61);
    expect(answers.slice(0, 60).every(([status]) => status === 400)).toBe(true);
    expect(answers[60]).toEqual([429, 10029]);
    const limited = await app.inject({ method: 'POST', url: `/v2/facepoints?${DEMO}`, payload: {} });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await app.close();
  });

  it('has a daily quota (DEMO_APP_DAILY_QUOTA, 2000 by default) that other apps do not share', async () => {
    expect(loadConfig({}).DEMO_APP_DAILY_QUOTA).toBe(2000);
    const { app, ctx } = await testApp(idle, { DEMO_APP_DAILY_QUOTA: '3' });
    expect((await calls(app, 4)).map(([, code]) => code)).toEqual([10000, 10000, 10000, 10029]);
    await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Own app',
        api_key: 'own-app-key',
        api_secret_hash: hashSecret('own-app-secret'),
        scopes: '',
        status: AppStatus.enabled,
        created_at: new Date().toISOString(),
      })
      .execute();
    const own = await calls(app, 5, 'api_key=own-app-key&api_secret=own-app-secret');
    expect(own.map(([, code]) => code)).toEqual([10000, 10000, 10000, 10000, 10000]);
    await app.close();
  });
});

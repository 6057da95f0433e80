import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gatewayBody, idleBackend, testApp, unservedCapability } from '../../../test/helpers.ts';
import { UNBOUND_ID } from '../../../test/unbound.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { EVERY_CAPABILITY } from '../apps/scopes.ts';
import { hashSecret } from '../apps/secrets.ts';

// A capability of the catalogue without a binding (added to the catalogue before it is served).
// Every capability has one today, so this file takes baby recognition's away.
vi.mock('./bindings.ts', async (original) =>
  (await import('../../../test/unbound.ts')).withoutBinding(await original(), 131),
);

describe('a capability that is not served', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => ({ app, ctx } = await testApp(idleBackend)));
  afterAll(async () => app?.close());

  it('is the capability this file unbinds', () => {
    expect(unservedCapability().id).toBe(UNBOUND_ID);
  });

  it('answers 404 with 10023 before the caller is checked, and counts nothing against a quota', async () => {
    await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Quota one',
        api_key: 'quota-one',
        api_secret_hash: hashSecret('secret'),
        scopes: EVERY_CAPABILITY,
        status: AppStatus.enabled,
        daily_quota: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const unserved = unservedCapability();
    const call = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/${unserved.endpoint}?${query}`,
        payload: gatewayBody(Buffer.from('not read')),
      });
    for (const query of ['api_key=quota-one&api_secret=secret', 'api_key=quota-one&api_secret=wrong', '']) {
      const res = await call(query);
      expect([res.statusCode, res.json().ErrorCode], query).toEqual([404, 10023]);
    }
    await ctx.usage.flush();
    expect(await ctx.db.kysely.selectFrom('api_usage').selectAll().execute()).toEqual([]);
  });

  it('is documented as not open, with its error and a sample photo', async () => {
    const unserved = unservedCapability();
    expect(unserved.extension.doc).toBeDefined();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/doc/${unserved.extension.doc}`,
      headers: { cookie: 'language=zh' },
    });
    const closed = res.json().data;
    expect(closed.Content).toContain('## 错误码');
    expect(closed.Content).toContain('| 10023 | 404 |');
    expect(closed.Content).toContain('"ErrorCode":10023');
    expect(closed.Content).toContain('/samples/');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, insertUser, sessionFor, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { hashSecret } from '../apps/secrets.ts';
import { SESSION_APP_HEADER } from './caller.ts';

// A signed-in developer calls a capability from the docs centre as one of their own apps:
// the session goes as a bearer token, the app by its id; the call is that app's.
describe('calls as a signed-in developer’s own app (the docs centre’s try-it panel)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let ownerToken: string;
  let strangerToken: string;
  let appId: number;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    const owner = await insertUser(ctx, 'try-owner@example.com');
    const stranger = await insertUser(ctx, 'try-stranger@example.com');
    ownerToken = await sessionFor(ctx, owner);
    strangerToken = await sessionFor(ctx, stranger);
    ({ id: appId } = await ctx.db.kysely
      .insertInto('apps')
      .values({
        name: 'Try app',
        api_key: 'try-app-key',
        api_secret_hash: hashSecret('try-app-secret'),
        scopes: '',
        status: AppStatus.enabled,
        created_at: new Date().toISOString(),
        user_id: owner,
        daily_quota: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => app?.close());

  // An empty body: admitted as the app, then refused as 10000; a refused caller answers 401 first.
  const call = (headers: Record<string, string>, query = '') =>
    app.inject({ method: 'POST', url: `/v2/facepoints${query}`, payload: {}, headers });

  it('lets the owner in as the app, counting the call against its quota', async () => {
    const asOwner = { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: String(appId) };
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await call(asOwner)).json().ErrorCode);
    // Its daily quota is 2: the third call is refused as over quota, so the calls were the app's.
    expect(codes).toEqual([10000, 10000, 10029]);
  });

  it('refuses another user, no session, a cookie instead of the bearer header, or a malformed id alike', async () => {
    const refused: Record<string, string>[] = [
      { authorization: `Bearer ${strangerToken}`, [SESSION_APP_HEADER]: String(appId) },
      { [SESSION_APP_HEADER]: String(appId) },
      { cookie: `Admin-Token=${ownerToken}`, [SESSION_APP_HEADER]: String(appId) },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: 'try-app-key' },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: '999999' },
    ];
    for (const headers of refused) {
      const res = await call(headers);
      expect([res.statusCode, res.json().ErrorCode]).toEqual([401, 10021]);
    }
    const both = await call(
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: String(appId) },
      '?api_key=try-app-key&api_secret=try-app-secret',
    );
    expect(both.json().ErrorCode).toBe(10021);
  });
});

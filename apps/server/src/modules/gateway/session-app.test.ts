import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, sessionAppFixture, testApp } from '../../../test/helpers.ts';

// A signed-in developer calls a capability from the docs centre as one of their own apps:
// the session goes as a bearer token, the app by its id; the call is that app's.
describe('calls as a signed-in developer’s own app (the docs centre’s try-it panel)', () => {
  let app: FastifyInstance;
  let fixture: Awaited<ReturnType<typeof sessionAppFixture>>;

  beforeAll(async () => {
    const started = await testApp(idleBackend);
    app = started.app;
    fixture = await sessionAppFixture(started.ctx, 'try', 2);
  });
  afterAll(async () => app?.close());

  // An empty body: admitted as the app, then refused as 10000; a refused caller answers 401 first.
  const call = (headers: Record<string, string>, query = '') =>
    app.inject({ method: 'POST', url: `/v2/facepoints${query}`, payload: {}, headers });

  it('lets the owner in as the app, counting the call against its quota', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await call(fixture.asOwner)).json().ErrorCode);
    // Its daily quota is 2: the third call is refused as over quota, so the calls were the app's.
    expect(codes).toEqual([10000, 10000, 10029]);
  });

  it('refuses another user, no session, a cookie instead of the bearer header, or a malformed id alike', async () => {
    for (const headers of fixture.refused) {
      const res = await call(headers);
      expect([res.statusCode, res.json().ErrorCode]).toEqual([401, 10021]);
    }
    const both = await call(fixture.asOwner, `?api_key=${fixture.apiKey}&api_secret=${fixture.apiSecret}`);
    expect(both.json().ErrorCode).toBe(10021);
  });
});

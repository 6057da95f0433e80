import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { capabilities, ROLES, type Capability } from '@pixora/catalog';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { openDatabase } from '../src/db/database.ts';
import type { UsersTable } from '../src/db/schema.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import type { AppContext } from '../src/platform/context.ts';
import { isServed } from '../src/modules/gateway/bindings.ts';
import { AppStatus } from '../src/modules/apps/apps.repository.ts';
import { hashSecret } from '../src/modules/apps/secrets.ts';
import { SESSION_APP_HEADER } from '../src/modules/gateway/caller.ts';

export async function skimagePhoto(name: 'astronaut' | 'chelsea' | 'coffee'): Promise<Buffer> {
  // @ts-expect-error plain JavaScript helper shared with scripts/test.mjs
  const { ensureSkimageData } = await import('../../../scripts/photos.mjs');
  return fs.readFileSync(path.join((ensureSkimageData as () => string)(), `${name}.png`));
}

/** A scikit-image photo as a JPEG, as clients send photos. */
export async function skimageJpeg(name: 'astronaut' | 'chelsea' | 'coffee'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(await skimagePhoto(name))
    .jpeg()
    .toBuffer();
}

/** A backend for tests that never reach the engine (accounts, content, menu). */
export const idleBackend: InferenceBackend = {
  run: () => Promise.reject(new Error('this test does not use the engine')),
  ready: () => Promise.resolve(),
  stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
  close: () => Promise.resolve(),
};

/** An app on a fresh in-memory database with the given backend and configuration overrides. */
export async function testApp(backend: InferenceBackend, env: Record<string, string> = {}) {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Pixora</title><div id="root"></div>',
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-data-'));
  const config: Config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: webDist,
    DATA_DIR: dataDir,
    DATABASE_URL: 'sqlite::memory:',
    CHECK_ANSWERS: 'true',
    // Tests that want the capability pages' examples make them themselves (effects.test.ts).
    EFFECT_EXAMPLES: 'false',
    // Tests of other things call the demo app far more often than its public limits allow.
    DEMO_APP_RATE_LIMIT_PER_MINUTE: '1000000',
    DEMO_APP_DAILY_QUOTA: '1000000',
    ...env,
  });
  const { ctx, close } = await createContext(config, { backend });
  // A test hands over a backend that is ready (or never used): /healthz answers 200 at once.
  ctx.readiness.modelsLoaded = true;
  const app = await buildApp(ctx);
  app.addHook('onClose', async () => {
    await close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ctx };
}

/**
 * A database of its own on the test PostgreSQL cluster (`DATABASE_URL` for testApp), so that other
 * test files' schemas are untouched; `drop` removes it.
 */
export async function privatePostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = openDatabase(inject('databaseUrl'));
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await sql.raw(`create database ${name}`).execute(admin.kysely);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Wait for the closed app's connections to finish leaving: a forced drop while a client is
      // still saying goodbye sends it a FATAL that nothing listens to any more (an unhandled error).
      for (let i = 0; i < 50; i++) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.kysely);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.kysely);
      await admin.close();
    },
  };
}

export const gatewayBody = (image: Buffer | string, type = 'jpg') => ({
  parameter: {},
  extra: {},
  media_info_list: [
    {
      media_data: typeof image === 'string' ? image : image.toString('base64'),
      media_profiles: { media_data_type: type },
    },
  ],
});

/** The demo app's key and secret, as a query string. */
export const DEMO_KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

/**
 * The gateway on the real engine (one worker), for tests of served capabilities: `post` sends a
 * photo to an endpoint with the demo key; `close` stops the app and the engine. `env` overrides
 * the configuration as for testApp.
 */
export async function engineGateway(env: Record<string, string> = {}) {
  const { createLocalBackend } = await import('@pixora/vision');
  const backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
  await backend.ready();
  const { app } = await testApp(backend, env);
  return {
    app,
    post: (endpoint: string, image: Buffer, parameter: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: `/${endpoint}?${DEMO_KEY}`,
        payload: { ...gatewayBody(image), parameter } as object,
      }),
    close: async () => {
      await app.close();
      await backend.close();
    },
  };
}

/** An account inserted directly, for tests about something else than registration. */
export async function insertUser(
  ctx: AppContext,
  email: string,
  fields: Partial<Omit<UsersTable, 'id'>> = {},
) {
  const stamp = new Date().toISOString();
  const { id } = await ctx.db.kysely
    .insertInto('users')
    .values({
      email,
      password_hash: 'not-a-password',
      username: email,
      real_name: '',
      phone: '',
      company: '',
      industry: '',
      company_size: 0,
      addr: '',
      business_id: 0,
      location_id: 0,
      role_permissions: '',
      agreement: '',
      created_at: stamp,
      updated_at: stamp,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A session as sign-in stores it (the token's SHA-256, with an expiry); returns the token. */
export async function sessionFor(ctx: AppContext, userId: number) {
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db.kysely
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      revoked_at: null,
      ip: '127.0.0.1',
    })
    .execute();
  return token;
}

/** A new captcha and its answer read from the database, asked for as a visitor at `from` would. */
export async function solvedCaptcha(
  app: FastifyInstance,
  ctx: AppContext,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/user/captcha', ...from });
  const id = res.json().data.captchaid as string;
  const row = await ctx.db.kysely
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { captcha_id: id, captcha: row.answer };
}

/**
 * A capability of the spec with a plain endpoint that this build does not bind (it answers 10023).
 * Throws once every one is served: the tests using it then need another way to reach an unbound
 * endpoint, rather than passing without checking anything.
 */
export function unservedCapability(): Capability & { endpoint: string } {
  const found = capabilities.find((c) => c.endpoint && !c.endpoint.includes('{') && !isServed(c.id));
  if (!found) throw new Error('every capability with an endpoint is served: no unbound one to test with');
  return found as Capability & { endpoint: string };
}

/** Session headers of one signed-in user per role (and one with no role), for role checks of admin routes. */
export async function sessionsByRole(ctx: AppContext, prefix: string) {
  const headers: Record<string, Record<string, string>> = {};
  for (const role of [...ROLES, 'none']) {
    const id = await insertUser(ctx, `${prefix}-${role}@example.com`, {
      role_permissions: role === 'none' ? '' : role,
    });
    headers[role] = { authorization: `Bearer ${await sessionFor(ctx, id)}` };
  }
  return headers;
}

/**
 * Asks a route as every role and as an anonymous visitor and returns who got in: those whose answer
 * was not 401 (signed out, 30006) or 403 (no permission, 30007). A route's test compares this with its
 * allowed roles, so a route that forgets its check fails.
 */
export async function rolesLetIn(
  app: FastifyInstance,
  sessions: Record<string, Record<string, string>>,
  request: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object },
): Promise<string[]> {
  const admitted: string[] = [];
  for (const [role, headers] of [['anonymous', {}] as const, ...Object.entries(sessions)]) {
    const res = await app.inject({ ...request, headers });
    if (res.statusCode !== 401 && res.statusCode !== 403) admitted.push(role);
  }
  return admitted.sort();
}

/**
 * A developer's enabled app with `daily_quota` calls a day, as a signed-in developer calls as it
 * (`x-pixora-app` with the session as a bearer token): the owner's headers, and the headers every
 * route admitting such calls answers 401 / 10021 to (another user, no session, the cookie instead
 * of the bearer token, an id that is not a number, an app that does not exist).
 */
export async function sessionAppFixture(ctx: AppContext, name: string, dailyQuota: number) {
  const owner = await insertUser(ctx, `${name}-owner@example.com`);
  const stranger = await insertUser(ctx, `${name}-stranger@example.com`);
  const ownerToken = await sessionFor(ctx, owner);
  const strangerToken = await sessionFor(ctx, stranger);
  const apiKey = `${name}-app-key`;
  const apiSecret = `${name}-app-secret`;
  const { id: appId } = await ctx.db.kysely
    .insertInto('apps')
    .values({
      name: `${name} app`,
      api_key: apiKey,
      api_secret_hash: hashSecret(apiSecret),
      scopes: '',
      status: AppStatus.enabled,
      created_at: new Date().toISOString(),
      user_id: owner,
      daily_quota: dailyQuota,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const app = String(appId);
  return {
    appId,
    apiKey,
    apiSecret,
    asOwner: { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: app },
    refused: [
      { authorization: `Bearer ${strangerToken}`, [SESSION_APP_HEADER]: app },
      { [SESSION_APP_HEADER]: app },
      { cookie: `Admin-Token=${ownerToken}`, [SESSION_APP_HEADER]: app },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: apiKey },
      { authorization: `Bearer ${ownerToken}`, [SESSION_APP_HEADER]: '999999' },
    ] as Array<Record<string, string>>,
  };
}

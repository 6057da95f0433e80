import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { type AppRow, AppsRepository, AppStatus } from '../apps/apps.repository.ts';
import { NonceStore, RedisNonceStore, type NonceRecorder } from '../apps/nonces.ts';
import { grantsCapability } from '../apps/scopes.ts';
import { isServed } from './bindings.ts';
import { hashSecret, sameSecret, SecretSealer } from '../apps/secrets.ts';
import {
  AUTHORIZATION_TYPE_HEADER,
  AUTHORIZATION_TYPE_SIGNED,
  canonicalRequest,
  isSignedAuthorization,
  NONCE_HEADER,
  NONCE_PATTERN,
  parseAuthorization,
  REQUIRED_SIGNED_HEADERS,
  sameSignature,
  type SignatureHeader,
  SIGNATURE_WINDOW_MS,
  signatureOf,
  stringToSign,
  TIMESTAMP_HEADER,
  TIMESTAMP_PATTERN,
} from '../apps/signing.ts';
import type { MeteredCall } from '../apps/usage.ts';
import { userForSessionToken } from '../account/account.service.ts';

/** Query of every gateway call: the app's credentials, when it is not a website demo call. */
export const gatewayQuery = z.looseObject({
  api_key: z.string().optional(),
  api_secret: z.string().optional(),
});

/**
 * How an app proves itself on the gateway, jobs and uploads, as the OpenAPI document states it
 * (securitySchemes in app.ts): api_key with api_secret in the query, or a signed request.
 */
export const APP_SECURITY: Array<Record<string, string[]>> = [
  { apiKey: [], apiSecret: [] },
  { signature: [] },
];

/** Header the website sets on demo calls made without credentials; those fall under the per-IP demo grant. */
export const DEMO_HEADER = 'x-pixora-demo';

/**
 * Header of a signed-in developer's call from the website (the docs centre's "try it" panel): the id
 * of one of their own apps, with the session as `Authorization: Bearer <token>`. The call is that
 * app's, counted and limited as if made with its key. Only the bearer header carries the session
 * (never the cookie), so another site cannot make a visitor's browser spend their quota.
 */
export const SESSION_APP_HEADER = 'x-pixora-app';

/**
 * Who is calling a capability: an app by its credentials, its call metered in the app's usage
 * (`admitted` once within its daily quota), or the website's demo grant.
 */
export type Caller = ({ kind: 'app' } & MeteredCall) | { kind: 'demo' };

/** A signed call whose headers passed (onRequest) and whose signature is checked once its body is read. */
interface PendingSignature {
  app: AppRow;
  header: SignatureHeader;
  timestamp: string;
  nonce: string;
  /** SHA-256 of the body bytes as they arrive (preParsing). */
  body: crypto.Hash;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a route that declares its capability, once registerCaller let them in; else null. */
    caller: Caller | null;
    /** A signed call waiting for its body to be checked; null otherwise. */
    signed: PendingSignature | null;
    /** The app whose credentials the call carried, once let in; null for website demo calls. */
    callerApp: AppRow | null;
  }
  interface FastifyContextConfig {
    /** The capability a route serves: registerCaller checks its callers against it and meters their calls. */
    capabilityId?: number;
    /**
     * A route for apps that is not itself a capability call (asynchronous jobs): registerCaller
     * lets in an enabled app by its credentials or signature, without metering; no demo calls.
     */
    appCall?: boolean;
  }
}

/**
 * The seeded demo app's key and secret are published (README, start banner), so its calls are
 * bounded for everybody at once: DEMO_APP_RATE_LIMIT_PER_MINUTE per minute (429 / 10029).
 */
async function admitDemoAppCall(ctx: AppContext, appId: number): Promise<void> {
  await enforceRateLimit(
    ctx.rateLimiter,
    `demo-app:${appId}`,
    ctx.config.DEMO_APP_RATE_LIMIT_PER_MINUTE,
    60_000,
  );
}

/** An app's daily quota; the demo app's is at most DEMO_APP_DAILY_QUOTA, whatever its row says. */
export function dailyQuotaOf(
  ctx: AppContext,
  app: { api_key: string; daily_quota: number | null },
): number | null {
  if (app.api_key !== ctx.config.DEMO_API_KEY) return app.daily_quota;
  return Math.min(app.daily_quota ?? Infinity, ctx.config.DEMO_APP_DAILY_QUOTA);
}

/**
 * Lets app `app`, whose credentials were right, call capability `capabilityId`, or throws: it must
 * be enabled (403 / 10022) and have quota left today (429 / 10029). An enabled app's key calls every
 * capability this build serves, ticked on its form or not (a capability not served never gets
 * here: it answers 10023 first); the scopes record what was applied for and granted by review.
 * From the right credentials on, the call is the app's and is counted, refused or not.
 */
async function admitApp(
  ctx: AppContext,
  request: FastifyRequest,
  app: AppRow,
  capabilityId: number | undefined,
): Promise<void> {
  request.callerApp = app;
  if (capabilityId === undefined) {
    if (app.status !== AppStatus.enabled) throw new ApiError(10022);
    return;
  }
  const caller = { kind: 'app' as const, ...ctx.usage.begin(app.id, capabilityId) };
  request.caller = caller;
  if (
    app.status !== AppStatus.enabled ||
    !(isServed(capabilityId) || grantsCapability(app.scopes, capabilityId))
  )
    throw new ApiError(10022);
  if (app.api_key === ctx.config.DEMO_API_KEY) await admitDemoAppCall(ctx, app.id);
  await ctx.usage.admit(caller, dailyQuotaOf(ctx, app));
}

/** Whether `secret` is the app's secret, or its previous one while a rotation is under way. */
function isAppSecret(app: AppRow, secret: string): boolean {
  const hash = hashSecret(secret);
  return (
    sameSecret(app.api_secret_hash, hash) ||
    (app.previous_secret_hash !== null && sameSecret(app.previous_secret_hash, hash))
  );
}

/** One header's value as text; a header sent twice is not one value. */
function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The checks of a signed call that need no body (modules/apps/signing.ts): the Authorization
 * header parses (else 401 / 10026), it is not mixed with query credentials, the timestamp is
 * within 5 minutes of the server's clock (10025), the nonce has its form, the signature covers
 * host, nonce, timestamp and, when there is a body, content-type, and the key names an app
 * (10028). The signature and the nonce are checked once the body is read (verifySignedCall).
 */
async function beginSignedCall(
  ctx: AppContext,
  request: FastifyRequest,
  authorization: string,
  query: { api_key?: string | undefined; api_secret?: string | undefined },
): Promise<void> {
  if (query.api_key !== undefined || query.api_secret !== undefined)
    throw new ApiError(10026, 'send a signature or api_key and api_secret, not both');
  const type = request.headers[AUTHORIZATION_TYPE_HEADER];
  if (type !== undefined && type !== AUTHORIZATION_TYPE_SIGNED)
    throw new ApiError(
      10026,
      `${AUTHORIZATION_TYPE_HEADER} is ${AUTHORIZATION_TYPE_SIGNED} for signed calls`,
    );
  const header = parseAuthorization(authorization);
  if (typeof header === 'string') throw new ApiError(10026, header);
  const timestamp = headerText(request, TIMESTAMP_HEADER);
  if (!timestamp || !TIMESTAMP_PATTERN.test(timestamp))
    throw new ApiError(10026, `${TIMESTAMP_HEADER} is the time in Unix seconds (ten digits)`);
  if (Math.abs(Number(timestamp) * 1000 - Date.now()) > SIGNATURE_WINDOW_MS) throw new ApiError(10025);
  const nonce = headerText(request, NONCE_HEADER);
  if (!nonce || !NONCE_PATTERN.test(nonce))
    throw new ApiError(10026, `${NONCE_HEADER} is 16 to 64 characters of A-Z a-z 0-9 _ -`);
  const hasBody =
    request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  const required = hasBody ? [...REQUIRED_SIGNED_HEADERS, 'content-type'] : REQUIRED_SIGNED_HEADERS;
  const missing = required.filter((h) => !header.signedHeaders.includes(h));
  if (missing.length > 0) throw new ApiError(10026, `SignedHeaders must include ${missing.join(', ')}`);
  // The body must be hashed as it arrives; multipart bodies are read past the parser, so they cannot be.
  if (request.headers['content-type']?.startsWith('multipart/'))
    throw new ApiError(10026, 'signed calls send JSON or url-encoded bodies');
  const app = await new AppsRepository(ctx.db.kysely).byApiKey(header.apiKey);
  if (!app) throw new ApiError(10028);
  request.signed = { app, header, timestamp, nonce, body: crypto.createHash('sha256') };
}

/** What checking signatures keeps between calls: the secrets' sealer and the nonce store. */
interface SigningState {
  sealer: SecretSealer;
  nonces: NonceRecorder;
}

/**
 * A signed call once its body is read: the signature is the HMAC of its canonical request under
 * the app's secret, or its previous secret while a rotation is under way (else 401 / 10026), and
 * its nonce was not used by the app within the window (10027); then the app is admitted.
 */
async function verifySignedCall(
  ctx: AppContext,
  signing: SigningState,
  request: FastifyRequest,
  pending: PendingSignature,
  capabilityId: number | undefined,
): Promise<void> {
  const { app, header } = pending;
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  const canonical = canonicalRequest({
    method: request.method,
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    headers: request.headers,
    signedHeaders: header.signedHeaders,
    bodySha256: pending.body.digest('hex'),
  });
  const toSign = stringToSign(pending.timestamp, pending.nonce, canonical);
  const secrets = await Promise.all([
    signing.sealer.open(app.api_secret_sealed),
    signing.sealer.open(app.previous_secret_sealed),
  ]);
  const usable = secrets.filter((s): s is string => s !== undefined && isAppSecret(app, s));
  if (usable.length === 0)
    throw new ApiError(
      10026,
      'the app secret was made before signed calls existed: reset or rotate it in the console',
    );
  if (!usable.some((secret) => sameSignature(signatureOf(secret, toSign), header.signature)))
    throw new ApiError(10026);
  const expires = new Date(Number(pending.timestamp) * 1000 + SIGNATURE_WINDOW_MS);
  if (!(await signing.nonces.record(app.id, pending.nonce, expires))) throw new ApiError(10027);
  await admitApp(ctx, request, app, capabilityId);
}

/**
 * The app a signed-in developer names in SESSION_APP_HEADER: it must be theirs, by a live session
 * sent as a bearer token; anything else is 401 / 10021 (which does not say whether the app exists).
 */
async function sessionAppOf(
  ctx: AppContext,
  request: FastifyRequest,
  header: string | string[],
): Promise<AppRow> {
  const authorization = headerText(request, 'authorization');
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const id = typeof header === 'string' && /^\d{1,10}$/.test(header) ? Number(header) : undefined;
  const user = id !== undefined ? await userForSessionToken(ctx.db.kysely, token) : undefined;
  const app = user ? await new AppsRepository(ctx.db.kysely).owned(user.id, id!) : undefined;
  if (!app) throw new ApiError(10021, `${SESSION_APP_HEADER} names one of the signed-in developer's apps`);
  return app;
}

/**
 * Lets the caller of capability `capabilityId` in, or throws. A signed call (Authorization
 * `PIXORA-HMAC-SHA256 ...`) passes its first checks here and is let in once its body is read
 * (verifySignedCall). With `api_key` + `api_secret`: the app must exist with that secret, or its
 * previous one while a rotation is under way (401 / 10021, which never says which of the two was
 * wrong), then admitApp. Without credentials: only website demo calls (DEMO_HEADER), within the
 * per-IP demo grant (decision 0003).
 */
async function admitCaller(
  ctx: AppContext,
  request: FastifyRequest,
  capabilityId: number | undefined,
): Promise<void> {
  // A key or secret given more than once (an array) or not as text names no app.
  const query = gatewayQuery.safeParse(request.query);
  if (!query.success) throw new ApiError(10021, 'api_key and api_secret are each given once, as text');
  const authorization = headerText(request, 'authorization');
  if (isSignedAuthorization(authorization)) return beginSignedCall(ctx, request, authorization, query.data);
  const { api_key: apiKey, api_secret: apiSecret } = query.data;
  const sessionApp = request.headers[SESSION_APP_HEADER];
  if (sessionApp !== undefined) {
    if (apiKey || apiSecret)
      throw new ApiError(10021, `send ${SESSION_APP_HEADER} or api_key and api_secret, not both`);
    return admitApp(ctx, request, await sessionAppOf(ctx, request, sessionApp), capabilityId);
  }
  if (apiKey || apiSecret) {
    const app = apiKey ? await new AppsRepository(ctx.db.kysely).byApiKey(apiKey) : undefined;
    if (!app || !apiSecret || !isAppSecret(app, apiSecret)) throw new ApiError(10021);
    return admitApp(ctx, request, app, capabilityId);
  }
  if (request.headers[DEMO_HEADER] === undefined || capabilityId === undefined) throw new ApiError(10021);
  await enforceRateLimit(
    ctx.rateLimiter,
    `demo:${request.ip}`,
    ctx.config.DEMO_RATE_LIMIT_PER_MINUTE,
    60_000,
  );
  request.caller = { kind: 'demo' };
}

/**
 * Caller authentication and metering for the routes of `app`'s scope that declare their capability
 * (`config: { capabilityId }`): before anything else of the request (onRequest), the caller is let
 * in (admitCaller) and set as `request.caller`; once the answer is decided (onSend), an app's call
 * is counted in its usage with the HTTP status, the ErrorCode the error handler recorded
 * (`request.apiErrorCode`) and the time taken, and the answer leaves only once that count is stored
 * (calls answered meanwhile share the one write): a server killed at any moment has lost no
 * answered call from its usage or its daily quotas. onSend rather than onResponse: a call whose
 * client left before the answer was still admitted and run, so it is counted. A call whose body
 * could not be read is neither counted nor charged to the quota. Routes without a
 * capability are left alone: an endpoint that is not served answers 10023 without a caller check
 * or a count.
 */
export function registerCaller(app: FastifyInstance, ctx: AppContext): void {
  // One sealer (its key read once) and one nonce store (its purge counts across calls) per scope.
  const signing: SigningState = {
    sealer: new SecretSealer(ctx.db.kysely, ctx.config.APP_SECRET_SEAL_KEY),
    // With several servers on one Redis the nonces are there; else the database's rows lock them.
    nonces: ctx.redis
      ? new RedisNonceStore(ctx.redis, ctx.config.REDIS_KEY_PREFIX)
      : new NonceStore(ctx.db.kysely),
  };
  app.decorateRequest('caller', null);
  app.decorateRequest('signed', null);
  app.decorateRequest('callerApp', null);
  app.addHook('onRequest', async (request) => {
    const { capabilityId, appCall } = request.routeOptions.config;
    if (capabilityId !== undefined || appCall) await admitCaller(ctx, request, capabilityId);
  });
  // A signed call's body is hashed as it arrives, byte for byte as the client sent it.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const pending = request.signed;
    if (!pending) return payload;
    let received = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        pending.body.update(chunk);
        received += chunk.length;
        Object.assign(hashing, { receivedEncodedLength: received });
        done(null, chunk);
      },
    });
    payload.on('error', (err) => hashing.destroy(err));
    return payload.pipe(hashing);
  });
  app.addHook('preValidation', async (request) => {
    if (request.signed)
      await verifySignedCall(ctx, signing, request, request.signed, request.routeOptions.config.capabilityId);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A body that could not be read (malformed JSON, beyond the JSON limits) never reached the
    // capability: the call gives its quota back and is not counted.
    if (request.caller?.kind === 'app' && request.caller.admitted && request.body === undefined) {
      ctx.usage.release(request.caller);
      return payload;
    }
    if (request.caller?.kind === 'app') {
      ctx.usage.count(request.caller, {
        status: reply.statusCode,
        errorCode: request.apiErrorCode,
        ms: reply.elapsedTime,
      });
      await ctx.usage.flush();
    }
    return payload;
  });
}

/** The app registerCaller let in on an `appCall` route; a route that reads it without declaring so is a bug. */
export function callerAppOf(request: FastifyRequest): AppRow {
  if (!request.callerApp) throw new Error(`${request.url}: no app; does the route declare appCall?`);
  return request.callerApp;
}

/** The caller registerCaller let in; a route that reads it without declaring its capability is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.url}: no caller; does the route declare its capabilityId?`);
  return request.caller;
}

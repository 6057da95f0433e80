import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { AppsRepository, AppStatus } from '../apps/apps.repository.ts';
import { grantsCapability } from '../apps/scopes.ts';
import { isServed } from './bindings.ts';
import { hashSecret, sameSecret } from '../apps/secrets.ts';
import type { MeteredCall } from '../apps/usage.ts';

/** Query of every gateway call: the app's credentials, when it is not a website demo call. */
export const gatewayQuery = z.looseObject({
  api_key: z.string().optional(),
  api_secret: z.string().optional(),
});

/** Header the website sets on demo calls made without credentials; those fall under the per-IP demo grant. */
export const DEMO_HEADER = 'x-pixora-demo';

/**
 * Who is calling a capability: an app by its credentials, its call metered in the app's usage
 * (`admitted` once within its daily quota), or the website's demo grant.
 */
export type Caller = ({ kind: 'app' } & MeteredCall) | { kind: 'demo' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a route that declares its capability, once registerCaller let them in; else null. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The capability a route serves: registerCaller checks its callers against it and meters their calls. */
    capabilityId?: number;
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
function dailyQuotaOf(ctx: AppContext, app: { api_key: string; daily_quota: number | null }): number | null {
  if (app.api_key !== ctx.config.DEMO_API_KEY) return app.daily_quota;
  return Math.min(app.daily_quota ?? Infinity, ctx.config.DEMO_APP_DAILY_QUOTA);
}

/**
 * Lets the caller of capability `capabilityId` in, or throws. With `api_key` + `api_secret`: the
 * app must exist with that secret (401 / 10021), be enabled (403 / 10022), and have quota left
 * today (429 / 10029). An enabled app's key calls every capability this build serves, ticked on
 * its form or not (a capability not served never gets here: it answers 10023 first); the scopes
 * record what was applied for and granted by review. From the right secret on, the call is
 * the app's and is counted, refused or not. Without credentials: only website demo calls
 * (DEMO_HEADER), within the per-IP demo grant (decision 0003).
 */
async function admitCaller(ctx: AppContext, request: FastifyRequest, capabilityId: number): Promise<void> {
  // A key or secret given more than once (an array) or not as text names no app.
  const query = gatewayQuery.safeParse(request.query);
  if (!query.success) throw new ApiError(10021, 'api_key and api_secret are each given once, as text');
  const { api_key: apiKey, api_secret: apiSecret } = query.data;
  if (apiKey || apiSecret) {
    const app = apiKey ? await new AppsRepository(ctx.db.kysely).byApiKey(apiKey) : undefined;
    if (!app || !apiSecret || !sameSecret(app.api_secret_hash, hashSecret(apiSecret)))
      throw new ApiError(10021);
    const caller = { kind: 'app' as const, ...ctx.usage.begin(app.id, capabilityId) };
    request.caller = caller;
    if (
      app.status !== AppStatus.enabled ||
      !(isServed(capabilityId) || grantsCapability(app.scopes, capabilityId))
    )
      throw new ApiError(10022);
    if (app.api_key === ctx.config.DEMO_API_KEY) await admitDemoAppCall(ctx, app.id);
    await ctx.usage.admit(caller, dailyQuotaOf(ctx, app));
    return;
  }
  if (request.headers[DEMO_HEADER] === undefined) throw new ApiError(10021);
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
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const { capabilityId } = request.routeOptions.config;
    if (capabilityId !== undefined) await admitCaller(ctx, request, capabilityId);
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

/** The caller registerCaller let in; a route that reads it without declaring its capability is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.url}: no caller; does the route declare its capabilityId?`);
  return request.caller;
}

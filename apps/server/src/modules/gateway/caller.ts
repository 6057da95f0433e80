import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { AppsRepository, AppStatus } from '../apps/apps.repository.ts';
import { grantsCapability } from '../apps/scopes.ts';
import { hashSecret, sameSecret } from '../apps/secrets.ts';

/** One media item of the gateway's request envelope (architecture.md). */
export const mediaItem = z.object({
  media_data: z.string(),
  media_profiles: z.looseObject({ media_data_type: z.string().optional() }).optional(),
  media_extra: z.record(z.string(), z.unknown()).optional(),
});

/** Query of every gateway call: the app's credentials, when it is not a website demo call. */
export const gatewayQuery = z.looseObject({
  api_key: z.string().optional(),
  api_secret: z.string().optional(),
});

/** Header the website sets on demo calls made without credentials; those fall under the per-IP demo grant. */
export const DEMO_HEADER = 'x-pixora-demo';

/** Who is calling a gateway endpoint: an app by its credentials, or the website's demo grant. */
export type Caller = { kind: 'app'; appId: number } | { kind: 'demo' };

/**
 * Authorises a call of capability `capabilityId`. With `api_key` + `api_secret`: the app must
 * exist with that secret (401 / 10021), be enabled and hold the capability in its scopes
 * (403 / 10022), and have quota left today (429 / 10029); the call is counted in its usage
 * (modules/apps/usage.ts; the plugin registers `apiUsage(ctx).onSend`). Without credentials:
 * only website demo calls (DEMO_HEADER), within the per-IP demo grant (decision 0003).
 */
export async function authoriseCaller(
  ctx: AppContext,
  request: FastifyRequest,
  capabilityId: number,
): Promise<Caller> {
  const { api_key: apiKey, api_secret: apiSecret } = request.query as z.infer<typeof gatewayQuery>;
  if (apiKey || apiSecret) {
    const app = apiKey ? await new AppsRepository(ctx.db.kysely).byApiKey(apiKey) : undefined;
    if (!app || !apiSecret || !sameSecret(app.api_secret_hash, hashSecret(apiSecret)))
      throw new ApiError(10021);
    ctx.usage.track(request, app.id, capabilityId);
    if (app.status !== AppStatus.enabled || !grantsCapability(app.scopes, capabilityId)) {
      throw new ApiError(10022);
    }
    await ctx.usage.admit(request, app);
    return { kind: 'app', appId: app.id };
  }
  if (request.headers[DEMO_HEADER] === undefined) throw new ApiError(10021);
  await enforceRateLimit(
    ctx.rateLimiter,
    `demo:${request.ip}`,
    ctx.config.DEMO_RATE_LIMIT_PER_MINUTE,
    60_000,
  );
  return { kind: 'demo' };
}

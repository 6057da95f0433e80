import crypto from 'node:crypto';
import { capabilities, type Capability } from '@pixora/catalog';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashSecret } from '../../db/seed.ts';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { apiUsage } from '../console/usage.ts';
import { gatewayAlgorithms, resultImage } from './algorithms.ts';
import { toApiError } from './engine-errors.ts';
import { loadMedia } from './media.ts';

const mediaItem = z.object({
  media_data: z.string(),
  media_profiles: z.looseObject({ media_data_type: z.string().optional() }).optional(),
  media_extra: z.record(z.string(), z.unknown()).optional(),
});

export const gatewayRequest = z.object({
  parameter: z.record(z.string(), z.unknown()).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
  media_info_list: z.array(mediaItem).min(1),
});

const gatewayQuery = z.looseObject({ api_key: z.string().optional(), api_secret: z.string().optional() });

/** Header the website sets on demo calls made without credentials; those fall under the per-IP demo grant. */
export const DEMO_HEADER = 'x-pixora-demo';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

async function authorise(ctx: AppContext, request: FastifyRequest, capability: Capability): Promise<void> {
  const { api_key: apiKey, api_secret: apiSecret } = request.query as z.infer<typeof gatewayQuery>;
  if (apiKey || apiSecret) {
    const app = apiKey
      ? await ctx.db.kysely.selectFrom('apps').selectAll().where('api_key', '=', apiKey).executeTakeFirst()
      : undefined;
    if (!app || !apiSecret || !sameSecret(app.api_secret_hash, hashSecret(apiSecret)))
      throw new ApiError(10021);
    // Usage per app (modules/console/usage.ts): counted from here, within the app's daily quota.
    apiUsage(ctx).track(request, app.id, capability.id);
    const scopes = app.scopes.split(',').map((s) => s.trim());
    if (app.status !== 1 || !(scopes.includes('*') || scopes.includes(String(capability.id)))) {
      throw new ApiError(10022);
    }
    await apiUsage(ctx).admit(request, app);
    return;
  }
  if (request.headers[DEMO_HEADER] === undefined) throw new ApiError(10021);
  const decision = await ctx.rateLimiter.hit(
    `demo:${request.ip}`,
    ctx.config.DEMO_RATE_LIMIT_PER_MINUTE,
    60_000,
  );
  if (!decision.allowed) throw new ApiError(10029);
}

export const gatewayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const algorithms = new Map(gatewayAlgorithms.map((a) => [a.endpoint, a]));
    app.addHook('onSend', apiUsage(ctx).onSend);
    // Base64 of the largest accepted image plus room for the JSON around it.
    const bodyLimit = Math.ceil((ctx.config.MAX_IMAGE_BYTES * 4) / 3) * 2 + 64 * 1024;

    for (const capability of capabilities) {
      if (!capability.endpoint) continue;
      const algorithm = algorithms.get(capability.endpoint);
      app.post(
        `/${capability.endpoint}`,
        {
          bodyLimit,
          schema: {
            tags: ['gateway'],
            summary: capability.name.en,
            description: capability.description.en,
            querystring: gatewayQuery,
            body: gatewayRequest,
          },
        },
        async (request, reply) => {
          await authorise(ctx, request, capability);
          if (!algorithm) throw new ApiError(10023, capability.endpoint);
          const { parameter, extra, media_info_list: media } = request.body;
          if (media.length < algorithm.images) {
            throw new ApiError(10000, `media_info_list needs ${algorithm.images} image(s)`);
          }
          const limits = {
            maxBytes: ctx.config.MAX_IMAGE_BYTES,
            urlTimeoutMs: ctx.config.URL_FETCH_TIMEOUT_MS,
            allowPrivateUrls: ctx.config.ALLOW_PRIVATE_URLS,
          };
          const t0 = performance.now();
          const images = await Promise.all(
            media.slice(0, algorithm.images).map((item) => loadMedia(item, limits)),
          );
          const t1 = performance.now();
          try {
            const mediaExtra = await algorithm.run({
              backend: ctx.backend,
              images,
              parameter,
              timeoutMs: ctx.config.INFERENCE_TIMEOUT_MS,
            });
            // Where the time went (W3C Server-Timing): reading the media (base64 or download), and
            // the engine (queue wait plus inference). Clients and `npm run bench` read it.
            reply.header(
              'server-timing',
              `media;dur=${(t1 - t0).toFixed(1)}, engine;dur=${(performance.now() - t1).toFixed(1)}`,
            );
            const image = resultImage(mediaExtra);
            return {
              parameter,
              extra,
              media_info_list: [
                {
                  ...(image ? { media_data: image.data } : {}),
                  media_profiles: {
                    media_data_type: image?.type ?? media[0]!.media_profiles?.media_data_type ?? 'jpg',
                  },
                  media_extra: mediaExtra,
                },
              ],
            };
          } catch (err) {
            const apiError = toApiError(err);
            if (apiError.code === 10009) request.log.error({ err }, 'algorithm failed');
            throw apiError;
          }
        },
      );
    }
  };

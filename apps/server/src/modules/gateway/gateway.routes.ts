import { capabilities } from '@pixora/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { apiUsage } from '../console/usage.ts';
import { gatewayAlgorithms } from './algorithms.ts';
import { authoriseCaller, gatewayQuery, mediaItem } from './caller.ts';
import { toApiError } from './engine-errors.ts';
import { loadMedia, mediaBodyLimit, mediaLimits } from './media.ts';
import { responseMediaType, type ResultMedia } from './result-media.ts';

export const gatewayRequest = z.object({
  parameter: z.record(z.string(), z.unknown()).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
  media_info_list: z.array(mediaItem).min(1),
});

export const gatewayRoutes =
  (ctx: AppContext, results: ResultMedia): FastifyPluginAsyncZod =>
  async (app) => {
    const algorithms = new Map(gatewayAlgorithms.map((a) => [a.endpoint, a]));
    app.addHook('onSend', apiUsage(ctx).onSend);
    const bodyLimit = mediaBodyLimit(ctx.config);
    const limits = mediaLimits(ctx.config);

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
          await authoriseCaller(ctx, request, capability.id);
          if (!algorithm) throw new ApiError(10023, capability.endpoint);
          const { parameter, extra, media_info_list: media } = request.body;
          if (media.length < algorithm.images) {
            throw new ApiError(10000, `media_info_list needs ${algorithm.images} image(s)`);
          }
          const rspMediaType = responseMediaType(parameter);
          const t0 = performance.now();
          const images = await Promise.all(
            media.slice(0, algorithm.images).map((item) => loadMedia(item, limits)),
          );
          const t1 = performance.now();
          try {
            const { mediaExtra, image } = await algorithm.run({
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
            let resultMedia: { media_data?: string; media_profiles: Record<string, string> } = {
              media_profiles: { media_data_type: media[0]!.media_profiles?.media_data_type ?? 'jpg' },
            };
            if (image && rspMediaType === 'url') {
              const { url, expiresAt } = await results.publish(request, image.bytes, image.type);
              resultMedia = {
                media_data: url,
                media_profiles: { media_data_type: 'url', expires_at: expiresAt.toISOString() },
              };
            } else if (image) {
              resultMedia = {
                media_data: image.bytes.toString('base64'),
                media_profiles: { media_data_type: image.type },
              };
            }
            return {
              parameter,
              extra,
              media_info_list: [{ ...resultMedia, media_extra: mediaExtra }],
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

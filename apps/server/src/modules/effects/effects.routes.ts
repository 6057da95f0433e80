import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import { EffectGallery } from './effects.service.ts';

/**
 * `GET /api/v1/effect/byAlgorithm?id=` answers a capability's before/after examples (EffectGallery),
 * `GET /api/v1/effect/image/<file>` their result images. The gallery is made once the models are
 * loaded, in the background, and stops with the server.
 */
export const effectRoutes =
  (ctx: AppContext, gallery = new EffectGallery(ctx)): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onReady', async () => {
      if (ctx.config.EFFECT_EXAMPLES === 'false') return;
      void ctx.backend
        .ready()
        .then(() => gallery.generate())
        .catch((err: unknown) => app.log.error({ err }, 'effect examples'));
    });
    app.addHook('preClose', async () => gallery.stop());
    app.get(
      '/api/v1/effect/byAlgorithm',
      {
        schema: {
          tags: ['effects'],
          summary:
            "A capability's before/after examples, made from the platform's own answers on its samples",
          querystring: z.object({ id: z.coerce.number().int().min(1) }),
        },
      },
      async (request) => ({
        code: 0,
        message: translate('ok', requestLanguage(request)),
        data: gallery.view(request.query.id),
      }),
    );
    app.get(
      '/api/v1/effect/image/:file',
      { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
      async (request, reply) => {
        const bytes = await gallery.image(request.params.file);
        if (!bytes) throw new ApiError(21017, request.params.file);
        return reply
          .type(request.params.file.endsWith('.png') ? 'image/png' : 'image/jpeg')
          .header('cache-control', 'public, max-age=3600')
          .send(bytes);
      },
    );
  };

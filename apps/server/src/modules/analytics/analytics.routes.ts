import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';

// The navigation guard's visit event (spec point 2): stored by the platform itself, no third-party script.
export const visitEvent = z.object({
  url: z.string().min(1).max(2000),
  duration_ms: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000)
    .default(0),
  logged_in: z.coerce.boolean().default(false),
  opened_at: z.string().max(40),
  channel: z.enum(['mobile', 'web']),
  location: z.string().max(200).default(''),
});

export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/analytics/visit',
      { schema: { tags: ['analytics'], summary: 'Record a page visit', body: visitEvent } },
      async (request) => {
        const decision = await ctx.rateLimiter.hit(`visit:${request.ip}`, 240, 60_000);
        if (!decision.allowed) throw new ApiError(10029);
        const v = request.body;
        await ctx.db.kysely
          .insertInto('visits')
          .values({
            url: v.url,
            duration_ms: v.duration_ms,
            logged_in: v.logged_in ? 1 : 0,
            opened_at: v.opened_at,
            channel: v.channel,
            location: v.location,
            ip: request.ip,
            created_at: new Date().toISOString(),
          })
          .execute();
        return { code: 0, message: 'ok', data: {} };
      },
    );
  };

import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // 200 only once the models are loaded and the database answers: load balancers wait for that.
    app.get(
      '/healthz',
      { schema: { tags: ['operations'], summary: 'Readiness' } },
      async (_request, reply) => {
        let database = true;
        try {
          await sql`select 1`.execute(ctx.db.kysely);
        } catch {
          database = false;
        }
        const ok = ctx.readiness.modelsLoaded && database;
        return reply.code(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'starting',
          models: ctx.readiness.modelsLoaded,
          database,
          inference: ctx.backend.stats(),
        });
      },
    );
  };

import { envelope, menuAnswer } from '@pixora/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuTree } from './menu.service.ts';
import type { AppContext } from '../../platform/context.ts';

export const menuRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/menu/',
      {
        schema: {
          tags: ['console'],
          summary: 'Menu of capabilities',
          response: { 200: envelope(menuAnswer) },
        },
      },
      async () => ({
        code: 0 as const,
        message: 'ok',
        data: { data: await menuTree(ctx.db.kysely) },
      }),
    );
  };

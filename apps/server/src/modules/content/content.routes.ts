import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage } from '../../platform/messages.ts';
import { DocsService } from './docs.service.ts';
import { figureFacts, fillFigures, fillSolution, type SiteMeasures } from './site-figures.ts';

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const docs = new DocsService(ctx.db.kysely, ctx.config);
    const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
    const entry = async (key: string) =>
      (await ctx.db.kysely.selectFrom('content').select('value').where('key', '=', key).executeTakeFirst())
        ?.value;

    app.get(
      '/api/v1/doc/',
      { schema: { tags: ['docs'], summary: 'Documentation tree' } },
      async (request) => ({
        code: 0,
        message: 'ok',
        data: { data: await docs.tree(requestLanguage(request)) },
      }),
    );

    app.get(
      '/api/v1/doc/:id',
      {
        schema: {
          tags: ['docs'],
          summary: 'One documentation page (markdown)',
          params: z.object({ id: z.coerce.number().int() }),
        },
      },
      async (request) => {
        const page = await docs.page(request.params.id, requestLanguage(request), origin(request));
        if (!page) throw new ApiError(21017, `doc ${request.params.id}`);
        return { code: 0, message: 'ok', data: page };
      },
    );

    app.get(
      '/api/v1/legal/:name',
      {
        schema: {
          tags: ['docs'],
          summary: 'A legal text in the visitor language',
          params: z.object({ name: z.string().regex(/^[a-z-]+$/) }),
        },
      },
      async (request) => {
        const language = requestLanguage(request);
        const value = await entry(`legal/${request.params.name}/${language}`);
        if (!value) throw new ApiError(21017, request.params.name);
        const legal = JSON.parse(value) as { title: string; updated: string; body: string };
        return { code: 0, message: 'ok', data: { ...legal, body: docs.substitute(legal.body, language) } };
      },
    );

    app.get(
      '/api/v1/content/:name',
      {
        schema: {
          tags: ['docs'],
          summary: 'Site content (banners, slides, ...)',
          params: z.object({ name: z.string().regex(/^[a-z-]+$/) }),
        },
      },
      async (request) => {
        const value = await entry(`site/${request.params.name}`);
        if (!value) throw new ApiError(21017, request.params.name);
        const language = requestLanguage(request);
        const text = docs.substitute(value, language);
        if (request.params.name !== 'figures' && request.params.name !== 'solution')
          return { code: 0, message: 'ok', data: JSON.parse(text) as unknown };
        const stored = await entry('site/measured');
        const measured = stored ? (JSON.parse(stored) as SiteMeasures) : undefined;
        if (request.params.name === 'solution')
          return { code: 0, message: 'ok', data: JSON.parse(fillSolution(text, measured)) as unknown };
        const facts = await figureFacts(ctx.db.kysely, measured);
        return { code: 0, message: 'ok', data: fillFigures(text, facts) };
      },
    );

    app.get(
      '/api/v1/site/config',
      { schema: { tags: ['docs'], summary: 'Public site settings' } },
      async () => ({
        code: 0,
        message: 'ok',
        data: {
          companyName: ctx.config.COMPANY_NAME,
          contactEmail: ctx.config.CONTACT_EMAIL,
          legalEmail: ctx.config.LEGAL_EMAIL,
          businessEmail: ctx.config.BUSINESS_EMAIL,
          telecomLicence: ctx.config.TELECOM_LICENCE,
          cultureLicence: ctx.config.CULTURE_LICENCE,
          outbox: ctx.mailer.local || ctx.sms.local,
        },
      }),
    );
  };

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, type Language } from '../../platform/messages.ts';
import { DocsService } from './docs.service.ts';
import { figureFacts, fillFigures, fillSolution, type SiteMeasures } from './site-figures.ts';

/**
 * A site content entry as the site is served it: configuration values substituted, and the figures
 * and the solution page with their measured or counted facts filled in. The personality editor's
 * preview shows an unsaved value through the same function.
 */
export async function servedContent(
  ctx: AppContext,
  docs: DocsService,
  name: string,
  value: string,
  language: Language,
): Promise<unknown> {
  const text = docs.substitute(value, language);
  if (name !== 'figures' && name !== 'solution') return JSON.parse(text) as unknown;
  const stored = await ctx.db.kysely
    .selectFrom('content')
    .select('value')
    .where('key', '=', 'site/measured')
    .executeTakeFirst();
  const measured = stored ? (JSON.parse(stored.value) as SiteMeasures) : undefined;
  if (name === 'solution') return JSON.parse(fillSolution(text, measured)) as unknown;
  return fillFigures(text, await figureFacts(ctx.db.kysely, measured));
}

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
        const data = await servedContent(ctx, docs, request.params.name, value, requestLanguage(request));
        return { code: 0, message: 'ok', data };
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, fileAnswer, siteReport as siteReportSchema } from '@pixora/catalog';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { CSV_TABLES, reportCsv, siteReport } from './site-analytics.ts';

/** Who reads the site analytics (admins hold every role). */
export const ANALYTICS_ROLES = ['admin', 'business'] as const;

const period = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

/**
 * Site analytics for the back office (admin, business), computed from what the platform itself
 * records (visits, accounts, api_usage): nothing is sent to a third party. `GET /api/v1/admin/analytics`
 * answers the report; `GET /api/v1/admin/analytics/export` one of its tables as a CSV download.
 */
export const siteAnalyticsRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/admin/analytics',
      {
        schema: {
          tags: ['admin'],
          summary: 'Site analytics of the last `days` days (admin, business)',
          querystring: period,
          response: { 200: envelope(siteReportSchema) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, ANALYTICS_ROLES);
        const report = await siteReport(ctx.db.kysely, request.query.days, ctx.config.DEMO_API_KEY);
        return { code: 0 as const, message: translate('ok', requestLanguage(request)), data: report };
      },
    );

    app.get(
      '/api/v1/admin/analytics/export',
      {
        schema: {
          tags: ['admin'],
          summary: 'One table of the site analytics as CSV (admin, business)',
          querystring: period.extend({ table: z.enum(CSV_TABLES) }),
          produces: ['text/csv'],
          response: { 200: fileAnswer('The table as CSV (UTF-8 with a byte-order mark), a download') },
        },
      },
      async (request, reply) => {
        await requireRoles(accounts, request, ANALYTICS_ROLES);
        const { days, table } = request.query;
        const report = await siteReport(ctx.db.kysely, days, ctx.config.DEMO_API_KEY);
        // A byte-order mark so that spreadsheet programs read the UTF-8 (Chinese page names) as such.
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="pixora-${table}-${report.from}-${report.to}.csv"`,
          )
          .header('cache-control', 'private, no-store')
          .send(`\ufeff${reportCsv(report, table)}`);
      },
    );
  };

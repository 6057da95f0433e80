import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, envelope } from '@pixora/catalog';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { listAudit } from './audit.service.ts';

/** The audit trail of the back office, for admins: `GET /api/v1/admin/audit`, newest first. */
export const auditRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/admin/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'The audit trail of back-office writes, newest first (admin)',
          querystring: auditQuery,
          response: { 200: envelope(auditPage) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, ['admin']);
        const entries = await listAudit(ctx.db.kysely, request.query);
        return { code: 0 as const, message: translate('ok', requestLanguage(request)), data: { entries } };
      },
    );
  };

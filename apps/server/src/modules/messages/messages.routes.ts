import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireUser } from '../account/auth.ts';
import { renderMessage, unreadCount } from './messages.service.ts';

const page = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['0', '1']).optional(),
});

/**
 * The signed-in user's in-product messages (review results, feedback replies, quota warnings), in
 * the reader's language: list, unread count, mark one or all read. Every route acts on the signed-in
 * user's own messages only; another user's message id answers 404 as if it did not exist.
 */
export const messageRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.db.kysely;
    const ok = <T>(request: Parameters<typeof requestLanguage>[0], data: T) => ({
      code: 0 as const,
      message: translate('ok', requestLanguage(request)),
      data,
    });

    app.get(
      '/api/v1/messages',
      { schema: { tags: ['messages'], summary: 'My messages, newest first', querystring: page } },
      async (request) => {
        const user = await requireUser(accounts, request);
        const { page: n, size, unread } = request.query;
        let query = db.selectFrom('messages').where('user_id', '=', user.id);
        if (unread === '1') query = query.where('read_at', 'is', null);
        const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const rows = await query
          .select(['id', 'kind', 'params', 'read_at', 'created_at'])
          .orderBy('id', 'desc')
          .limit(size)
          .offset((n - 1) * size)
          .execute();
        const language = requestLanguage(request);
        return ok(request, {
          total: Number(total.n),
          unread_count: await unreadCount(db, user.id),
          messages: rows.map((row) => renderMessage(row, language)),
        });
      },
    );

    app.get(
      '/api/v1/messages/unread_count',
      { schema: { tags: ['messages'], summary: 'How many of my messages are unread' } },
      async (request) => {
        const user = await requireUser(accounts, request);
        return ok(request, { unread_count: await unreadCount(db, user.id) });
      },
    );

    app.post(
      '/api/v1/messages/:id/read',
      {
        schema: {
          tags: ['messages'],
          summary: 'Mark one of my messages read',
          params: z.object({ id: z.coerce.number().int().min(1) }),
        },
      },
      async (request) => {
        const user = await requireUser(accounts, request);
        const found = await db
          .selectFrom('messages')
          .select(['id', 'read_at'])
          .where('id', '=', request.params.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!found) throw new ApiError(21017, `message ${request.params.id}`);
        if (found.read_at === null)
          await db
            .updateTable('messages')
            .set({ read_at: new Date().toISOString() })
            .where('id', '=', found.id)
            .where('user_id', '=', user.id)
            .execute();
        return ok(request, { unread_count: await unreadCount(db, user.id) });
      },
    );

    app.post(
      '/api/v1/messages/read_all',
      { schema: { tags: ['messages'], summary: 'Mark all my messages read' } },
      async (request) => {
        const user = await requireUser(accounts, request);
        await db
          .updateTable('messages')
          .set({ read_at: new Date().toISOString() })
          .where('user_id', '=', user.id)
          .where('read_at', 'is', null)
          .execute();
        return ok(request, { unread_count: 0 });
      },
    );
  };

import { envelope, fileAnswer } from '@pixora/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contains } from '../../db/search.ts';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { type Language, requestLanguage, translate } from '../../platform/messages.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { feedbackReplyMail, type FeedbackStatus } from './feedback.mail.ts';

/** Who works the feedback inbox (admins hold every role). */
export const INBOX_ROLES = ['admin', 'business'] as const;
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'done'] as const;
/** Where the reply mail sends the sender: the messages page of the site. */
export const MESSAGES_PAGE = '/own-space/messages';

const listQuery = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type_id: z.coerce.number().int().min(1).max(2).optional(),
  priority_id: z.coerce.number().int().min(1).max(3).optional(),
  /** Words searched in the title, the content and the sender's e-mail. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const idParams = z.object({ id: z.coerce.number().int().min(1) });
const statusBody = z.object({ status: z.enum(FEEDBACK_STATUSES) });
const replyBody = z.object({
  reply: z.string().trim().min(1).max(5000),
  /** The status the feedback takes with the reply; a new feedback becomes in progress by default. */
  status: z.enum(FEEDBACK_STATUSES).optional(),
});

/** One feedback as the inbox shows it: sender, status, reply and its attachments' addresses. */
const feedbackView = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  priority_id: z.number().int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string(),
  language: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  replied_at: z.string().nullable(),
  sender: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  attachments: z.array(z.object({ index: z.number().int(), type: z.string(), url: z.string() })),
});
const feedbackAnswer = envelope(feedbackView);
const inboxPage = envelope(
  z.object({
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    by_status: z.record(z.string(), z.number().int()),
    items: z.array(feedbackView),
  }),
);

/** Content types of the attachment kinds the feedback upload accepts; shown inline only when images. */
const ATTACHMENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

const asLanguage = (value: string): Language => (value === 'en' || value === 'zh_tw' ? value : 'zh');

/**
 * The feedback inbox of the back office (admin, business): every feedback with its sender,
 * attachments (served through an authorised route, never a public address), status and reply.
 * Status changes and replies are audited in the write's transaction; a reply reaches the sender as
 * an in-product message and by mail in the language the feedback was sent in.
 */
export const feedbackInboxRoutes =
  (ctx: AppContext, accounts: AccountService, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.db.kysely;
    const tags = ['admin'];
    const ok = <T>(request: Parameters<typeof requestLanguage>[0], data: T) => ({
      code: 0 as const,
      message: translate('ok', requestLanguage(request)),
      data,
    });

    const base = () =>
      db
        .selectFrom('feedback')
        .leftJoin('users', 'users.id', 'feedback.user_id')
        .select([
          'feedback.id',
          'feedback.type_id',
          'feedback.priority_id',
          'feedback.title',
          'feedback.content',
          'feedback.attachments',
          'feedback.status',
          'feedback.reply',
          'feedback.language',
          'feedback.created_at',
          'feedback.updated_at',
          'feedback.replied_at',
          'feedback.user_id',
          'users.email as sender_email',
          'users.username as sender_username',
          'users.real_name as sender_name',
        ]);
    type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
    const view = (row: Row) => {
      const keys = JSON.parse(row.attachments) as string[];
      return {
        id: row.id,
        type_id: row.type_id,
        priority_id: row.priority_id,
        title: row.title,
        content: row.content,
        status: row.status as FeedbackStatus,
        reply: row.reply,
        language: row.language,
        created_at: row.created_at,
        updated_at: row.updated_at || row.created_at,
        replied_at: row.replied_at,
        sender: {
          id: row.user_id,
          email: row.sender_email ?? '',
          name: row.sender_name?.trim() || row.sender_username || '',
        },
        attachments: keys.map((key, index) => ({
          index,
          type: key.split('.').pop() ?? '',
          url: `/api/v1/admin/feedback/${row.id}/attachments/${index}`,
        })),
      };
    };
    const byId = async (id: number) => {
      const row = await base().where('feedback.id', '=', id).executeTakeFirst();
      if (!row) throw new ApiError(21017, `feedback ${id}`);
      return row;
    };

    app.get(
      '/api/v1/admin/feedback',
      {
        schema: {
          tags,
          summary: 'The feedback inbox, newest first (admin, business)',
          querystring: listQuery,
          response: { 200: inboxPage },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, INBOX_ROLES);
        const f = request.query;
        let query = base();
        if (f.status) query = query.where('feedback.status', '=', f.status);
        if (f.type_id) query = query.where('feedback.type_id', '=', f.type_id);
        if (f.priority_id) query = query.where('feedback.priority_id', '=', f.priority_id);
        if (f.q) {
          const q = f.q;
          query = query.where((eb) =>
            eb.or([
              contains('feedback.title', q),
              contains('feedback.content', q),
              contains('users.email', q),
            ]),
          );
        }
        const total = await query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const counts = await db
          .selectFrom('feedback')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute();
        const rows = await query
          .orderBy('feedback.id', 'desc')
          .limit(f.size)
          .offset((f.page - 1) * f.size)
          .execute();
        return ok(request, {
          total: Number(total.n),
          page: f.page,
          size: f.size,
          by_status: Object.fromEntries(
            FEEDBACK_STATUSES.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)]),
          ),
          items: rows.map(view),
        });
      },
    );

    app.get(
      '/api/v1/admin/feedback/:id',
      {
        schema: {
          tags,
          summary: 'One feedback (admin, business)',
          params: idParams,
          response: { 200: feedbackAnswer },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, INBOX_ROLES);
        return ok(request, view(await byId(request.params.id)));
      },
    );

    app.get(
      '/api/v1/admin/feedback/:id/attachments/:index',
      {
        schema: {
          tags,
          summary: 'An attachment of a feedback (admin, business)',
          params: idParams.extend({ index: z.coerce.number().int().min(0) }),
          produces: [...new Set([...Object.values(ATTACHMENT_TYPES), 'application/octet-stream'])],
          response: {
            200: fileAnswer(
              'The attachment’s bytes: images, PDFs and text shown inline, anything else a download',
            ),
          },
        },
      },
      async (request, reply) => {
        await requireRoles(accounts, request, INBOX_ROLES);
        const row = await byId(request.params.id);
        const key = (JSON.parse(row.attachments) as string[])[request.params.index];
        const bytes = key ? await storage.get(key) : undefined;
        if (!key || !bytes) throw new ApiError(21017, `attachment ${request.params.index}`);
        const ext = key.split('.').pop()?.toLowerCase() ?? '';
        const type = ATTACHMENT_TYPES[ext] ?? 'application/octet-stream';
        const name = `feedback-${row.id}-${request.params.index + 1}${ext ? `.${ext}` : ''}`;
        // Images and PDFs open in the browser; everything else downloads. Never cached, never sniffed,
        // and sandboxed so that a file sent as feedback cannot run script on this site.
        const inline = type.startsWith('image/') || type === 'application/pdf' || type.startsWith('text/');
        return reply
          .type(type)
          .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          )
          .send(bytes);
      },
    );

    app.post(
      '/api/v1/admin/feedback/:id/status',
      {
        schema: {
          tags,
          summary: 'Set the status of a feedback (admin, business)',
          params: idParams,
          body: statusBody,
          response: { 200: feedbackAnswer },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, INBOX_ROLES);
        const before = await byId(request.params.id);
        const status = request.body.status;
        const stamp = new Date().toISOString();
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('feedback')
            .set({ status, updated_at: stamp })
            .where('id', '=', before.id)
            .execute();
          await recordAudit(trx, actor, {
            action: 'feedback.status',
            targetType: 'feedback',
            targetId: before.id,
            before: { status: before.status },
            after: { status },
          });
        });
        return ok(request, view(await byId(before.id)));
      },
    );

    app.post(
      '/api/v1/admin/feedback/:id/reply',
      {
        schema: {
          tags,
          summary: 'Reply to a feedback: message and mail to its sender (admin, business)',
          params: idParams,
          body: replyBody,
          response: { 200: feedbackAnswer },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, INBOX_ROLES);
        const before = await byId(request.params.id);
        const { reply } = request.body;
        const status = request.body.status ?? (before.status === 'new' ? 'in_progress' : before.status);
        const stamp = new Date().toISOString();
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('feedback')
            .set({ status, reply, replied_at: stamp, replier_id: actor.id, updated_at: stamp })
            .where('id', '=', before.id)
            .execute();
          await sendMessage(trx, before.user_id, {
            kind: 'feedbackReply',
            params: { feedback_id: before.id, title: before.title, reply },
          });
          await recordAudit(trx, actor, {
            action: 'feedback.reply',
            targetType: 'feedback',
            targetId: before.id,
            before: { status: before.status, reply: before.reply },
            after: { status, reply },
          });
        });
        if (before.sender_email) {
          const origin = ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
          try {
            await ctx.mailer.send(
              feedbackReplyMail({
                to: before.sender_email,
                language: asLanguage(before.language),
                title: before.title,
                reply,
                status: status as FeedbackStatus,
                href: `${origin}${MESSAGES_PAGE}`,
              }),
            );
          } catch (err) {
            // The reply is stored and the message delivered; a mail that fails is logged, not retried.
            request.log.error({ err }, `feedback reply mail to ${before.sender_email}`);
          }
        }
        return ok(request, view(await byId(before.id)));
      },
    );
  };

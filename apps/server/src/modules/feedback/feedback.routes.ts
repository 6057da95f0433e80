import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireUser } from '../account/auth.ts';
import { UPLOAD_PREFIX } from '../uploads/uploads.service.ts';

const UPLOAD_TYPES = /^(jpg|jpeg|png|gif|webp|bmp|pdf|txt|log|zip|mp4|mov|doc|docx|xls|xlsx)$/i;

/** Attachments one feedback may carry (the dialog uploads each one first and sends its key). */
export const MAX_ATTACHMENTS = 10;

const feedbackForm = z.object({
  type_id: z.coerce.number().int().min(1).max(2).default(2),
  title: z.string().max(200).default(''),
  content: z.string().max(10_000).default(''),
  priority_id: z.coerce.number().int().min(1).max(3).default(2),
  attachment: z.union([z.string(), z.array(z.string())]).optional(),
});

export const feedbackRoutes =
  (ctx: AppContext, accounts: AccountService, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    // Shared upload for attachments: the file extension is the type; answers the key.
    app.post(
      '/api/v1/upload',
      {
        schema: {
          tags: ['feedback'],
          summary: 'Upload an attachment',
          querystring: z.object({ type: z.string() }),
        },
      },
      async (request) => {
        await requireUser(accounts, request);
        if (!UPLOAD_TYPES.test(request.query.type)) throw new ApiError(20009, request.query.type);
        const body = request.body as Record<string, unknown> | undefined;
        const file = body && Object.values(body).find((v): v is Buffer => Buffer.isBuffer(v));
        if (!file || file.length === 0) throw new ApiError(10000, 'no file');
        const key = await storage.put('uploads', request.query.type, file);
        return { code: 0, message: 'ok', data: { key } };
      },
    );

    app.post(
      '/api/v1/feedback/',
      { schema: { tags: ['feedback'], summary: 'Send feedback', body: feedbackForm } },
      async (request) => {
        const user = await requireUser(accounts, request);
        const f = request.body;
        const language = requestLanguage(request);
        if (!f.title.trim()) {
          throw new ApiError(30003, 'title', { fields: [{ field: 'title', rule: 'titleRequired' }] });
        }
        // Repeated `attachment` fields arrive as a list; one field may also hold keys joined by commas.
        const attachments = [
          ...new Set(
            (Array.isArray(f.attachment) ? f.attachment : [f.attachment ?? ''])
              .flatMap((value) => value.split(','))
              .map((key) => key.trim())
              .filter(Boolean),
          ),
        ];
        if (attachments.length > MAX_ATTACHMENTS) throw new ApiError(10000, 'too many attachments');
        for (const [i, key] of attachments.entries()) {
          const bytes = await storage.get(key);
          if (!bytes) throw new ApiError(10000, `unknown attachment ${key}`);
          // A key of the shared upload service expires with its upload: the feedback keeps a copy.
          if (key.startsWith(`${UPLOAD_PREFIX}/`))
            attachments[i] = await storage.put('uploads', key.split('.').pop() ?? '', bytes);
        }
        await ctx.db.kysely
          .insertInto('feedback')
          .values({
            user_id: user.id,
            type_id: f.type_id,
            title: f.title.trim(),
            content: f.content,
            priority_id: f.priority_id,
            attachments: JSON.stringify(attachments),
            created_at: new Date().toISOString(),
            // The reply mail of the feedback inbox is written in the language the feedback was sent in.
            language,
          })
          .execute();
        return { code: 0, message: translate('feedbackThanks', language), data: { code: 0 } };
      },
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentForEditor,
  contentInput,
  contentPreviewInput,
  docDraftInput,
  docDraftSaved,
  docForEditor,
  docLanguageInput,
  docList,
  docRestored,
  docRestoreInput,
  docText,
  envelope,
} from '@pixora/catalog';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { assertEditable, ContentEditor, PERSONALITY_CONTENT } from './content.editor.ts';
import { servedContent } from './content.routes.ts';
import { DocsEditor } from './docs.editor.ts';
import { DocsService } from './docs.service.ts';

/** Who edits the docs centre's pages. */
export const DOC_EDITOR_ROLES = ['admin', 'editor'] as const;
/** Who edits the site's personalised content. */
export const PERSONALITY_ROLES = ['admin', 'personality'] as const;

const docId = z.object({ id: z.coerce.number().int().min(1).max(1_000_000) });
const contentName = z.object({ name: z.string().regex(/^[a-z-]+$/) });

/**
 * The docs editor (admin, editor: drafts, publish, history, restore, link check) and the
 * personality editor (admin, personality: the site's content entries, preview, history, restore;
 * the measured figures read-only). The public routes read the same tables on every request, so a
 * publish shows on the site's next request.
 */
export const editorRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    const docsService = new DocsService(ctx.db.kysely, ctx.config);
    const docs = new DocsEditor(ctx.db.kysely, docsService);
    const content = new ContentEditor(ctx.db.kysely);
    const ok = (request: Parameters<typeof requestLanguage>[0]) => translate('ok', requestLanguage(request));

    app.get(
      '/api/v1/admin/docs',
      {
        schema: {
          tags: ['admin'],
          summary: 'Doc pages (admin, editor)',
          response: { 200: envelope(docList) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, DOC_EDITOR_ROLES);
        return { code: 0 as const, message: ok(request), data: { docs: await docs.list() } };
      },
    );

    app.get(
      '/api/v1/admin/docs/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'A doc page with drafts and history (admin, editor)',
          params: docId,
          response: { 200: envelope(docForEditor) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, DOC_EDITOR_ROLES);
        const doc = await docs.get(request.params.id);
        if (!doc) throw new ApiError(21017, `doc ${request.params.id}`);
        return { code: 0 as const, message: ok(request), data: doc };
      },
    );

    app.put(
      '/api/v1/admin/docs/:id/draft',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save the draft of a doc page in one language; answers its broken links (admin, editor)',
          params: docId,
          body: docDraftInput,
          response: { 200: envelope(docDraftSaved) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, DOC_EDITOR_ROLES);
        return {
          code: 0 as const,
          message: ok(request),
          data: await docs.saveDraft(actor, request.params.id, request.body),
        };
      },
    );

    app.post(
      '/api/v1/admin/docs/:id/publish',
      {
        schema: {
          tags: ['admin'],
          summary: 'Publish the draft of a doc page in one language (admin, editor)',
          params: docId,
          body: docLanguageInput,
          response: { 200: envelope(docText) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, DOC_EDITOR_ROLES);
        return {
          code: 0 as const,
          message: ok(request),
          data: await docs.publish(actor, request.params.id, request.body.lang),
        };
      },
    );

    app.post(
      '/api/v1/admin/docs/:id/restore',
      {
        schema: {
          tags: ['admin'],
          summary: 'Publish an earlier version of a doc page again (admin, editor)',
          params: docId,
          body: docRestoreInput,
          response: { 200: envelope(docRestored) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, DOC_EDITOR_ROLES);
        return {
          code: 0 as const,
          message: ok(request),
          data: await docs.restore(actor, request.params.id, request.body.version_id),
        };
      },
    );

    app.get(
      '/api/v1/admin/content',
      {
        schema: {
          tags: ['admin'],
          summary: 'Editable site content and the measured figures (admin, personality)',
          // The measured figures are the bench's own JSON, shown read-only.
          response: { 200: envelope(z.object({ names: z.array(z.string()), measured: z.unknown() })) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, PERSONALITY_ROLES);
        const measured = await ctx.db.kysely
          .selectFrom('content')
          .select('value')
          .where('key', '=', 'site/measured')
          .executeTakeFirst();
        return {
          code: 0 as const,
          message: ok(request),
          data: {
            names: [...PERSONALITY_CONTENT],
            measured: measured ? (JSON.parse(measured.value) as unknown) : null,
          },
        };
      },
    );

    app.get(
      '/api/v1/admin/content/:name',
      {
        schema: {
          tags: ['admin'],
          summary: 'One site content entry with its history (admin, personality)',
          params: contentName,
          response: { 200: envelope(contentForEditor) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, PERSONALITY_ROLES);
        return { code: 0 as const, message: ok(request), data: await content.get(request.params.name) };
      },
    );

    app.put(
      '/api/v1/admin/content/:name',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save a site content entry: texts only, measured figures kept (admin, personality)',
          params: contentName,
          body: contentInput,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, PERSONALITY_ROLES);
        await content.save(actor, request.params.name, request.body.value);
        return { code: 0 as const, message: ok(request), data: null };
      },
    );

    app.post(
      '/api/v1/admin/content/:name/preview',
      {
        schema: {
          tags: ['admin'],
          summary:
            'A content value as the site would serve it, in one language, without saving it (admin, personality)',
          params: contentName,
          body: contentPreviewInput,
          // The entry as the site serves it: its own JSON, whose shape differs from entry to entry.
          response: { 200: envelope(z.unknown()) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, PERSONALITY_ROLES);
        await content.check(request.params.name, request.body.value);
        const data = await servedContent(
          ctx,
          docsService,
          request.params.name,
          JSON.stringify(request.body.value),
          request.body.lang,
        );
        return { code: 0 as const, message: ok(request), data };
      },
    );

    app.post(
      '/api/v1/admin/content/:name/restore',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save an earlier version of a site content entry again (admin, personality)',
          params: contentName,
          body: docRestoreInput,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, PERSONALITY_ROLES);
        assertEditable(request.params.name);
        await content.restore(actor, request.params.name, request.body.version_id);
        return { code: 0 as const, message: ok(request), data: null };
      },
    );
  };

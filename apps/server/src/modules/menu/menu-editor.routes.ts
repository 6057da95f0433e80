import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPage,
  envelope,
  menuAnswer,
  menuChange,
  menuOrder,
  menuSnapshot,
  menuSortMap,
} from '@pixora/catalog';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { listAudit } from '../audit/audit.service.ts';
import { changeMenu, reorderMenu, undoMenuAudit } from './menu.editor.ts';
import { menuTree } from './menu.service.ts';

/** Who edits the capability menu. */
export const MENU_EDITOR_ROLES = ['admin', 'editor'] as const;

/**
 * The capability menu's editor (admin, editor): the whole tree (hidden entries too), changes of an
 * entry's texts, visibility and status icons, the order under a parent, the menu's audit entries and
 * their undo. The public menu (`GET /api/v1/menu/`) reads the table on every request, so the site
 * shows a change on its next request; nothing in the server caches the menu.
 */
export const menuEditorRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = (request: Parameters<typeof requestLanguage>[0]) => translate('ok', requestLanguage(request));
    const db = ctx.db.kysely;

    app.get(
      '/api/v1/admin/menus',
      {
        schema: {
          tags: ['admin'],
          summary: 'The capability menu with hidden entries (admin, editor)',
          response: { 200: envelope(menuAnswer) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, MENU_EDITOR_ROLES);
        return { code: 0 as const, message: ok(request), data: { data: await menuTree(db) } };
      },
    );

    app.patch(
      '/api/v1/admin/menus/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a menu entry's names, comments, visibility or status icons (admin, editor)",
          params: z.object({ id: z.coerce.number().int() }),
          body: menuChange,
          response: { 200: envelope(menuSnapshot) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MENU_EDITOR_ROLES);
        const entry = await changeMenu(db, actor, request.params.id, request.body);
        return { code: 0 as const, message: ok(request), data: entry };
      },
    );

    app.put(
      '/api/v1/admin/menus/order',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reorder the children of one menu entry (admin, editor)',
          body: menuOrder,
          response: { 200: envelope(menuSortMap) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MENU_EDITOR_ROLES);
        return { code: 0 as const, message: ok(request), data: await reorderMenu(db, actor, request.body) };
      },
    );

    app.get(
      '/api/v1/admin/menus/audit',
      {
        schema: {
          tags: ['admin'],
          summary: "The menu's audit entries, newest first (admin, editor)",
          response: { 200: envelope(auditPage) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, MENU_EDITOR_ROLES);
        const [entries, orders] = await Promise.all([
          listAudit(db, { target_type: 'menu', limit: 50 }),
          listAudit(db, { target_type: 'menu-order', limit: 50 }),
        ]);
        const all = [...entries, ...orders].sort((a, b) => b.id - a.id).slice(0, 50);
        return { code: 0 as const, message: ok(request), data: { entries: all } };
      },
    );

    app.post(
      '/api/v1/admin/menus/undo/:auditId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Undo one audited menu change (admin, editor)',
          params: z.object({ auditId: z.coerce.number().int().positive() }),
          // An entry's fields back, or a parent's order back.
          response: { 200: envelope(z.union([menuSortMap, menuSnapshot])) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MENU_EDITOR_ROLES);
        const restored = await undoMenuAudit(db, actor, request.params.auditId);
        return { code: 0 as const, message: ok(request), data: restored };
      },
    );
  };

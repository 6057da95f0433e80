import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, insertUser, rolesLetIn, sessionsByRole, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { findAudit, recordAudit } from './audit.service.ts';

describe('the audit trail of the back office', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let sessions: Record<string, Record<string, string>>;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    sessions = await sessionsByRole(ctx, 'audit');
  });
  afterAll(async () => app?.close());

  it('keeps who changed what, before and after, and lists it newest first to admins only', async () => {
    const editorId = await insertUser(ctx, 'audit-writer@example.com', { role_permissions: 'editor' });
    const actor = { id: editorId, email: 'audit-writer@example.com' };
    await recordAudit(ctx.db.kysely, actor, {
      action: 'menu.update',
      targetType: 'menu',
      targetId: 76,
      before: { name: '人体检测', display: 0 },
      after: { name: '人体检测', display: 1 },
    });
    await recordAudit(ctx.db.kysely, actor, { action: 'doc.publish', targetType: 'doc', targetId: '105' });

    const all = await app.inject({ url: '/api/v1/admin/audit?limit=10', headers: sessions.admin });
    expect(all.statusCode).toBe(200);
    const entries = all.json().data.entries as { action: string; before: unknown; id: number }[];
    expect(entries.map((e) => e.action)).toEqual(['doc.publish', 'menu.update']);
    expect(entries[1]).toMatchObject({
      actor_email: 'audit-writer@example.com',
      target_type: 'menu',
      target_id: '76',
      before: { name: '人体检测', display: 0 },
      after: { name: '人体检测', display: 1 },
    });

    const menus = await app.inject({ url: '/api/v1/admin/audit?target_type=menu', headers: sessions.admin });
    expect(menus.json().data.entries.map((e: { target_id: string }) => e.target_id)).toEqual(['76']);
    expect((await findAudit(ctx.db.kysely, entries[1]!.id))?.action).toBe('menu.update');

    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/audit' })).toEqual(['admin']);
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, inferenceOverview, type InferenceOverview } from '@pixora/catalog';
import type { InferenceBackend } from '@pixora/vision';
import type { AppContext } from '../../platform/context.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';

/** The local pool's overview: its workers are this process's, with no heartbeats. */
export function localOverview(backend: InferenceBackend): InferenceOverview {
  const stats = backend.stats();
  return {
    backend: 'local',
    workers: [
      {
        id: 'local',
        pid: process.pid,
        concurrency: stats.ready ?? stats.workers,
        busy: stats.busy,
        jobs_done: stats.completed,
        ...(stats.lastCompletedAt ? { last_seen: new Date(stats.lastCompletedAt).toISOString() } : {}),
      },
    ],
    queue: { waiting: stats.queued, active: stats.busy, max_depth: stats.maxQueue },
    jobs_last_minute: null,
  };
}

/**
 * The inference overview for admins: the workers (a queue backend's heartbeats, or the local pool),
 * the queue's depth and the jobs answered in the last minute.
 */
export const workersRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/admin/workers',
      {
        schema: {
          tags: ['admin'],
          summary: 'Inference workers, queue depth and jobs of the last minute (admin)',
          response: { 200: envelope(inferenceOverview) },
        },
      },
      async (request) => {
        await requireRoles(accounts, request, ['admin']);
        const data = ctx.inferenceOverview ? await ctx.inferenceOverview() : localOverview(ctx.backend);
        return { code: 0 as const, message: translate('ok', requestLanguage(request)), data };
      },
    );
  };

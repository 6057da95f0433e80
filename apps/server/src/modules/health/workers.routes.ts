import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InferenceBackend } from '@pixora/vision';
import type { AppContext } from '../../platform/context.ts';
import type { InferenceOverview } from '../../platform/inference-queue.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles } from '../account/auth.ts';

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
      { schema: { tags: ['console'], summary: 'Inference workers, queue depth and throughput (admins)' } },
      async (request) => {
        await requireRoles(accounts, request, ['admin']);
        return ctx.inferenceOverview ? ctx.inferenceOverview() : localOverview(ctx.backend);
      },
    );
  };

import crypto from 'node:crypto';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, JobItemsTable, JobsTable } from '../../db/schema.ts';

export type JobRow = Selectable<JobsTable>;
export type JobItemRow = Selectable<JobItemsTable>;

const now = () => new Date().toISOString();

/** A new job id: `job_` and 96 random bits in hex, so ids cannot be guessed. */
export const newJobId = (): string => `job_${crypto.randomBytes(12).toString('hex')}`;

/**
 * Finishes `job` once every item has an outcome (succeeded, failed, or cancelled before it ran):
 * `done`, or `cancelled` for a cancelled job, with its callback due when it has one. Answers the
 * finished job, or undefined when items are still to come or another transaction finished it.
 */
async function closeIfComplete(trx: Transaction<Database>, job: JobRow): Promise<JobRow | undefined> {
  if (job.finished_at !== null || job.succeeded + job.failed + job.cancelled < job.total) return undefined;
  const stamp = now();
  return trx
    .updateTable('jobs')
    .set({
      status: job.status === 'cancelled' ? 'cancelled' : 'done',
      finished_at: stamp,
      ...(job.callback_url ? { callback_status: 'pending', callback_next_at: stamp } : {}),
    })
    .where('id', '=', job.id)
    .where('finished_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The jobs and job_items tables (modules/jobs). */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(job: Insertable<JobsTable>, inputKeys: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('jobs').values(job).execute();
      await trx
        .insertInto('job_items')
        .values(inputKeys.map((key, idx) => ({ job_id: job.id, idx, status: 'queued', input_key: key })))
        .execute();
    });
  }

  /** A job of `appId` that has not expired, or undefined (another app's job is not found either). */
  async owned(appId: number, id: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .where('expires_at', '>', now())
      .executeTakeFirst();
  }

  /**
   * Jobs of `appId` that have not expired, newest first (creation time, then id, both descending),
   * at most `limit`, those after the job `after` names, only those with `status` and of `endpoint`
   * when given.
   */
  async list(
    appId: number,
    options: {
      limit: number;
      after?: { createdAt: string; id: string } | undefined;
      status?: string | undefined;
      endpoint?: string | undefined;
    },
  ): Promise<JobRow[]> {
    let query = this.db
      .selectFrom('jobs')
      .selectAll()
      .where('app_id', '=', appId)
      .where('expires_at', '>', now());
    if (options.status) query = query.where('status', '=', options.status);
    if (options.endpoint) query = query.where('endpoint', '=', options.endpoint);
    const after = options.after;
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }

  async byId(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async items(jobId: string): Promise<JobItemRow[]> {
    return this.db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).orderBy('idx').execute();
  }

  /**
   * Claims the next queued item, oldest job first: the update succeeds for one server only, so
   * servers sharing the database never run an item twice at once. Undefined when none is queued.
   */
  async claimNext(): Promise<JobItemRow | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const next = await this.db
        .selectFrom('job_items')
        .innerJoin('jobs', 'jobs.id', 'job_items.job_id')
        .select(['job_items.job_id', 'job_items.idx'])
        .where('job_items.status', '=', 'queued')
        .where('jobs.status', '!=', 'cancelled')
        .where('jobs.expires_at', '>', now())
        .orderBy('jobs.created_at')
        .orderBy('job_items.job_id')
        .orderBy('job_items.idx')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      const stamp = now();
      const claimed = await this.db
        .updateTable('job_items')
        .set({ status: 'running', claimed_at: stamp })
        .where('job_id', '=', next.job_id)
        .where('idx', '=', next.idx)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await this.db
        .updateTable('jobs')
        .set({ status: 'running', updated_at: stamp })
        .where('id', '=', next.job_id)
        .where('status', '=', 'queued')
        .execute();
      return this.db
        .selectFrom('job_items')
        .selectAll()
        .where('job_id', '=', next.job_id)
        .where('idx', '=', next.idx)
        .executeTakeFirstOrThrow();
    }
    return undefined;
  }

  /** Puts a claimed item back in the queue (the engine was busy). */
  async requeue(item: JobItemRow): Promise<void> {
    await this.db
      .updateTable('job_items')
      .set({ status: 'queued', claimed_at: null })
      .where('job_id', '=', item.job_id)
      .where('idx', '=', item.idx)
      .execute();
  }

  /**
   * Items claimed before `staleBefore` and still running belong to a server that stopped (or
   * lost its database connection) mid-item: they run again.
   */
  async requeueStale(staleBefore: Date): Promise<number> {
    const result = await this.db
      .updateTable('job_items')
      .set({ status: 'queued', claimed_at: null })
      .where('status', '=', 'running')
      .where('claimed_at', '<', staleBefore.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Records an item's outcome and counts it in its job; answers the job once its last item is
   * done (the job is then marked done, its callback due when it has one), else undefined.
   */
  async finishItem(
    item: JobItemRow,
    outcome: { answer: string } | { errorCode: number; errorMsg: string },
  ): Promise<JobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const ok = 'answer' in outcome;
      const updated = await trx
        .updateTable('job_items')
        .set(
          ok
            ? { status: 'succeeded', answer: outcome.answer }
            : { status: 'failed', error_code: outcome.errorCode, error_msg: outcome.errorMsg },
        )
        .where('job_id', '=', item.job_id)
        .where('idx', '=', item.idx)
        .where('status', '=', 'running')
        .executeTakeFirst();
      // Requeued as stale meanwhile and finished by another server: counted there.
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      const stamp = now();
      const job = await trx
        .updateTable('jobs')
        .set(
          ok
            ? { succeeded: sql<number>`succeeded + 1`, updated_at: stamp }
            : { failed: sql<number>`failed + 1`, updated_at: stamp },
        )
        .where('id', '=', item.job_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return closeIfComplete(trx, job);
    });
  }

  /**
   * Cancels a job: its queued items are withdrawn (status `cancelled`, never run) and counted in
   * the job's `cancelled`, and the job's status becomes `cancelled`. Items already running are
   * left to finish and are counted as they finish; the job is finished once none is left. Called
   * again for a cancelled job, it withdraws items put back in the queue since (a busy engine, a
   * stopping server). Answers the job when this call finished it (its callback is then due), else
   * undefined; a job already done is left as it is.
   */
  async cancel(jobId: string): Promise<JobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const withdrawn = await trx
        .updateTable('job_items')
        .set({ status: 'cancelled' })
        .where('job_id', '=', jobId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      const count = Number(withdrawn.numUpdatedRows);
      let update = trx
        .updateTable('jobs')
        .set({ status: 'cancelled', cancelled: sql<number>`cancelled + ${count}`, updated_at: now() })
        .where('id', '=', jobId)
        .where('status', '!=', 'done');
      if (!count) update = update.where('status', '!=', 'cancelled');
      const job = await update.returningAll().executeTakeFirst();
      return job ? closeIfComplete(trx, job) : undefined;
    });
  }

  /** Cancelled jobs with items back in the queue (requeued after the cancellation). */
  async cancelledWithQueuedItems(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('job_items')
      .innerJoin('jobs', 'jobs.id', 'job_items.job_id')
      .select('job_items.job_id')
      .distinct()
      .where('jobs.status', '=', 'cancelled')
      .where('job_items.status', '=', 'queued')
      .execute();
    return rows.map((r) => r.job_id);
  }

  /** Jobs whose callback is due. */
  async dueCallbacks(limit = 10): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('callback_status', '=', 'pending')
      .where('callback_next_at', '<=', now())
      .orderBy('callback_next_at')
      .limit(limit)
      .execute();
  }

  /** Records a delivery attempt: delivered, failed for good, or due again at `nextAt`. */
  async callbackAttempt(
    job: JobRow,
    status: 'delivered' | 'failed' | 'pending',
    nextAt?: Date,
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        callback_status: status,
        callback_attempts: job.callback_attempts + 1,
        callback_next_at: nextAt?.toISOString() ?? null,
        updated_at: now(),
      })
      .where('id', '=', job.id)
      .where('callback_attempts', '=', job.callback_attempts)
      .execute();
  }

  /** Deletes jobs past their expiry with their items; answers the input keys they held. */
  async deleteExpired(): Promise<number> {
    const expired = await this.db.selectFrom('jobs').select('id').where('expires_at', '<=', now()).execute();
    if (!expired.length) return 0;
    const ids = expired.map((j) => j.id);
    await this.db.deleteFrom('job_items').where('job_id', 'in', ids).execute();
    await this.db.deleteFrom('jobs').where('id', 'in', ids).execute();
    return ids.length;
  }
}

import { sql, type Kysely } from 'kysely';
import type { ApiUsageTable, Database } from '../../db/schema.ts';

/**
 * Codes of calls refused before anything was computed: they do not count against the daily quota.
 * 10022 no right, 10029 over a limit, 10015 busy (no worker ready, queue full, over the deadline).
 */
export const NOT_ADMITTED_CODES = [10022, 10029, 10015] as const;

export type UsageRow = ApiUsageTable;

/** Calls, errors and time of a group of usage rows. */
export interface UsageTotals {
  calls: number;
  /** Calls answered with an HTTP status of 400 or more. */
  errors: number;
  totalMs: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** A statement refused for a foreign key: SQLite's SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL's 23503. */
const isForeignKeyViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
};

/** The api_usage table: counts added in batches, read back per app, day and capability. */
export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds counted calls to the stored ones (one statement for the batch). Rows of apps deleted
   * meanwhile are left out, so that one deleted app cannot fail everyone's batch: the batch is
   * written as it is, and only when the database refuses it for a missing app (foreign key) are
   * the apps looked up and the batch written again without the deleted ones.
   */
  async add(rows: readonly UsageRow[]): Promise<void> {
    if (!rows.length) return;
    try {
      await this.upsert(rows);
      return;
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
    }
    const ids = [...new Set(rows.map((r) => r.app_id))];
    const existing = await this.db.selectFrom('apps').select('id').where('id', 'in', ids).execute();
    const alive = new Set(existing.map((r) => r.id));
    const kept = rows.filter((r) => alive.has(r.app_id));
    if (kept.length) await this.upsert(kept);
  }

  private async upsert(rows: readonly UsageRow[]): Promise<void> {
    await this.db
      .insertInto('api_usage')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['app_id', 'day', 'capability_id', 'status', 'error_code']).doUpdateSet({
          calls: sql`api_usage.calls + excluded.calls`,
          total_ms: sql`api_usage.total_ms + excluded.total_ms`,
          max_ms: sql`case when excluded.max_ms > api_usage.max_ms then excluded.max_ms else api_usage.max_ms end`,
        }),
      )
      .execute();
  }

  /** Calls of `appId` on `day` that count against its quota (admitted ones). */
  async admittedCalls(appId: number, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_usage')
      .select((eb) => eb.fn.sum<number | string | null>('calls').as('calls'))
      .where('app_id', '=', appId)
      .where('day', '=', day)
      .where('error_code', 'not in', NOT_ADMITTED_CODES)
      .executeTakeFirst();
    return num(row?.calls);
  }

  /** Admitted calls per app on `day`, for the apps listed. */
  async admittedCallsByApp(appIds: readonly number[], day: string): Promise<Map<number, number>> {
    if (!appIds.length) return new Map();
    const rows = await this.db
      .selectFrom('api_usage')
      .select(['app_id', (eb) => eb.fn.sum<number | string>('calls').as('calls')])
      .where('app_id', 'in', appIds)
      .where('day', '=', day)
      .where('error_code', 'not in', NOT_ADMITTED_CODES)
      .groupBy('app_id')
      .execute();
    return new Map(rows.map((r) => [r.app_id, num(r.calls)]));
  }

  /**
   * Every counted call of the apps listed between two days (inclusive), grouped by `by` plus the
   * HTTP status class, summed in the database.
   */
  async totals<K extends 'day' | 'capability_id' | 'app_id'>(
    appIds: readonly number[],
    from: string,
    to: string,
    by: K,
  ): Promise<Array<{ key: UsageRow[K] } & UsageTotals>> {
    if (!appIds.length) return [];
    const rows = await this.db
      .selectFrom('api_usage')
      .select((eb) => [
        eb.ref(by).as('key'),
        eb.fn.sum<number | string>('calls').as('calls'),
        eb.fn
          .sum<number | string>(eb.case().when('status', '>=', 400).then(eb.ref('calls')).else(0).end())
          .as('errors'),
        eb.fn.sum<number | string>('total_ms').as('total_ms'),
      ])
      .where('app_id', 'in', appIds)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(by)
      .orderBy(by)
      .execute();
    return rows.map((r) => ({
      key: r.key as UsageRow[K],
      calls: num(r.calls),
      errors: num(r.errors),
      totalMs: num(r.total_ms),
    }));
  }

  /** Calls per HTTP status and error code between two days, most frequent first. */
  async outcomes(appIds: readonly number[], from: string, to: string) {
    if (!appIds.length) return [];
    const rows = await this.db
      .selectFrom('api_usage')
      .select(['status', 'error_code', (eb) => eb.fn.sum<number | string>('calls').as('calls')])
      .where('app_id', 'in', appIds)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['status', 'error_code'])
      .execute();
    return rows
      .map((r) => ({ status: r.status, error_code: r.error_code, calls: num(r.calls) }))
      .sort((a, b) => b.calls - a.calls || a.status - b.status);
  }
}

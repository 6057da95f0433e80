import { tooFrequent } from '../../platform/error-catalogue.ts';
import type { UsageRepository, UsageRow } from './usage.repository.ts';
import type { SharedQuota } from './usage-shared.ts';

/** Usage days and daily quotas follow China Standard Time (UTC+8, no daylight saving): a day starts at 00:00 in Beijing. */
const DAY_OFFSET_MS = 8 * 3600_000;
/** How often counted calls not yet written (the gateway writes before answering) are written, failed writes again. */
export const USAGE_FLUSH_MS = 5_000;

/** The usage day (YYYY-MM-DD, UTC+8) of a moment. */
export const usageDay = (time: number = Date.now()): string =>
  new Date(time + DAY_OFFSET_MS).toISOString().slice(0, 10);

/** The moment (ms) the usage day after the one of `time` starts: the next 00:00 in UTC+8. */
export const nextUsageDayStart = (time: number): number =>
  Date.parse(`${usageDay(time)}T00:00:00Z`) - DAY_OFFSET_MS + 86_400_000;

/** The day `n` days before `day` (negative: after). */
export function shiftDay(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * A call of an app on a capability, from the moment its key and secret are right: the usage day
 * it counts on, and whether it was admitted within the app's daily quota.
 */
export interface MeteredCall {
  appId: number;
  capabilityId: number;
  day: string;
  admitted: boolean;
}

/** How a metered call was answered: HTTP status, the ErrorCode of an error (0 for none) and the time taken. */
export interface CallOutcome {
  status: number;
  errorCode: number;
  ms: number;
}

/** Today's admitted calls of one app: what the database held at the last sync, plus this process's since. */
interface Counter {
  day: string;
  stored: number;
  /** Admitted here and not yet written (in flight, or counted in the buffer). */
  unflushed: number;
  loading: Promise<void> | null;
  /** The highest quota warning level (QUOTA_WARNING_LEVELS) reported this day; 0 for none. */
  warned: number;
}

/** Shares of a daily quota, in percent, at which the app's owner is warned (once per level and day). */
export const QUOTA_WARNING_LEVELS = [80, 100] as const;

/** The highest warning level `used` calls of `quota` reach; 0 below the first. */
export function quotaLevel(used: number, quota: number): number {
  let reached = 0;
  for (const level of QUOTA_WARNING_LEVELS) if (quota > 0 && used * 100 >= quota * level) reached = level;
  return reached;
}

interface Pending extends UsageRow {
  /** Admitted calls among `calls`, taken off the counter once written. */
  admitted: number;
}

/**
 * Counts the calls of apps on the gateway and enforces their daily quotas: a call costs a few map
 * operations; counts are written in one batch by `flush` (the gateway's, before each answer: calls
 * answered at the same time share the write) and every USAGE_FLUSH_MS (what a failed write kept). The
 * first call of an app with a quota each day reads its stored count once; after each write the
 * counts of the apps written are read again, so that several servers sharing a database keep
 * each other's calls in view (a server may admit up to one flush interval of the others' calls
 * beyond the quota). With a `shared` quota store (Redis, for several servers) the quota is checked
 * and counted there atomically instead, and holds exactly across servers; the database stays the
 * durable record of every call.
 */
export class UsageMeter {
  private buffer = new Map<string, Pending>();
  private readonly counters = new Map<number, Counter>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  /** Where failed database reads and writes are reported (the server's logger, once the app is built). */
  log: (err: unknown) => void = (err) => console.error('usage meter:', err);
  /**
   * Told when an app's admitted calls of the day reach a warning level of its quota, once per level
   * and day in this process (the receiver keeps one warning per app, day and level across servers).
   */
  onQuotaLevel: ((appId: number, day: string, level: number, quota: number) => void) | null = null;

  constructor(
    private readonly repo: UsageRepository,
    private readonly now: () => number = Date.now,
    flushMs: number = USAGE_FLUSH_MS,
    private readonly shared?: SharedQuota,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** A call of `appId` on `capabilityId`, on today's usage day, not admitted yet. */
  begin(appId: number, capabilityId: number): MeteredCall {
    return { appId, capabilityId, day: usageDay(this.now()), admitted: false };
  }

  /**
   * Admits `call` within its app's daily quota (null: unlimited) and marks it admitted, or throws
   * 429 / 10029 once the day's quota is used.
   */
  async admit(call: MeteredCall, dailyQuota: number | null): Promise<void> {
    if (dailyQuota !== null && this.shared) {
      if (!(await this.shared.admit(call.appId, call.day, dailyQuota, this.stored(call.appId, call.day))))
        throw this.quotaUsed(dailyQuota);
    } else if (dailyQuota !== null) {
      const counter = this.counter(call.appId, call.day);
      if (counter.loading) await counter.loading;
      if (counter.stored + counter.unflushed >= dailyQuota) throw this.quotaUsed(dailyQuota);
      counter.unflushed += 1;
      const level = quotaLevel(counter.stored + counter.unflushed, dailyQuota);
      if (level > counter.warned) {
        counter.warned = level;
        this.onQuotaLevel?.(call.appId, call.day, level, dailyQuota);
      }
    }
    call.admitted = true;
  }

  private quotaUsed(dailyQuota: number) {
    return tooFrequent(
      nextUsageDayStart(this.now()) - this.now(),
      `daily quota of ${dailyQuota} calls used; it renews at 00:00 China Standard Time (UTC+8)`,
    );
  }

  /** Reads the stored admitted calls of an app's day (what a shared counter starts from). */
  private stored(appId: number, day: string) {
    return () => this.repo.admittedCalls(appId, day);
  }

  /** Calls `appId` may still make today within `dailyQuota` (Infinity when unlimited). */
  async remaining(appId: number, dailyQuota: number | null): Promise<number> {
    if (dailyQuota === null) return Infinity;
    if (this.shared) {
      const day = usageDay(this.now());
      return Math.max(0, dailyQuota - (await this.shared.admitted(appId, day, this.stored(appId, day))));
    }
    const counter = this.counter(appId, usageDay(this.now()));
    if (counter.loading) await counter.loading;
    return Math.max(0, dailyQuota - counter.stored - counter.unflushed);
  }

  /**
   * Gives back the quota an admitted call took, for a call that never became one (its body could
   * not be read): it is not counted either.
   */
  release(call: MeteredCall): void {
    if (!call.admitted) return;
    call.admitted = false;
    if (this.shared) {
      this.shared.release(call.appId, call.day).catch((err: unknown) => this.log(err));
      return;
    }
    const counter = this.counters.get(call.appId);
    if (counter?.day === call.day && counter.unflushed > 0) counter.unflushed -= 1;
  }

  /** Counts how `call` was answered; refused calls (10022, 10029) too: the usage shows them. */
  count(call: MeteredCall, { status, errorCode: code, ms }: CallOutcome): void {
    const key = `${call.appId}|${call.day}|${call.capabilityId}|${status}|${code}`;
    let row = this.buffer.get(key);
    if (!row) {
      row = {
        app_id: call.appId,
        day: call.day,
        capability_id: call.capabilityId,
        status,
        error_code: code,
        calls: 0,
        total_ms: 0,
        max_ms: 0,
        admitted: 0,
      };
      this.buffer.set(key, row);
    }
    row.calls += 1;
    row.total_ms += ms;
    if (ms > row.max_ms) row.max_ms = ms;
    if (call.admitted) row.admitted += 1;
  }

  private counter(appId: number, day: string): Counter {
    const known = this.counters.get(appId);
    if (known?.day === day) return known;
    const counter: Counter = { day, stored: 0, unflushed: 0, loading: null, warned: 0 };
    counter.loading = this.repo.admittedCalls(appId, day).then(
      (stored) => {
        counter.stored = stored;
        counter.loading = null;
      },
      (err: unknown) => {
        // Without the stored count the quota is checked against this process's calls only.
        this.log(err);
        counter.loading = null;
      },
    );
    this.counters.set(appId, counter);
    return counter;
  }

  /** Writes what was counted; resolves once everything counted before the call is stored. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (!this.buffer.size) return;
    const pending = [...this.buffer.values()];
    this.buffer = new Map();
    try {
      await this.repo.add(pending.map(({ admitted: _admitted, ...row }) => row));
    } catch (err) {
      // Kept for the next write: counts are added, never lost to one failed statement.
      this.log(err);
      for (const row of pending) {
        const key = `${row.app_id}|${row.day}|${row.capability_id}|${row.status}|${row.error_code}`;
        const newer = this.buffer.get(key);
        if (!newer) this.buffer.set(key, row);
        else {
          newer.calls += row.calls;
          newer.total_ms += row.total_ms;
          newer.max_ms = Math.max(newer.max_ms, row.max_ms);
          newer.admitted += row.admitted;
        }
      }
      return;
    }
    const written = new Map<number, { day: string; admitted: number }[]>();
    for (const row of pending) {
      const list = written.get(row.app_id) ?? [];
      list.push({ day: row.day, admitted: row.admitted });
      written.set(row.app_id, list);
    }
    await Promise.all(
      [...written].map(async ([appId, rows]) => {
        const counter = this.counters.get(appId);
        if (!counter || counter.loading) return;
        const day = counter.day;
        const admitted = rows.filter((r) => r.day === day).reduce((n, r) => n + r.admitted, 0);
        try {
          const stored = await this.repo.admittedCalls(appId, day);
          if (this.counters.get(appId) !== counter) return;
          counter.stored = stored;
          counter.unflushed = Math.max(0, counter.unflushed - admitted);
        } catch (err) {
          this.log(err);
        }
      }),
    );
  }

  /** Forgets an app's count (its quota changed, or it was deleted): the next call reads it again. */
  forget(appId: number): void {
    this.counters.delete(appId);
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

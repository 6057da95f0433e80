import type { UsageReport } from '../../api/console.ts';

export interface Bar {
  day: string;
  calls: number;
  errors: number;
  /** Heights in percent of the chart: answered without error, and with an error. */
  okPercent: number;
  errorPercent: number;
}

/** One bar per day, scaled to the busiest day (an empty range stays flat). */
export function chartBars(days: UsageReport['days']): Bar[] {
  const max = Math.max(0, ...days.map((d) => d.calls));
  return days.map((d) => ({
    day: d.day,
    calls: d.calls,
    errors: d.errors,
    okPercent: max ? ((d.calls - d.errors) / max) * 100 : 0,
    errorPercent: max ? (d.errors / max) * 100 : 0,
  }));
}

export interface Summary {
  calls: number;
  errors: number;
  /** Errors over calls, 0 to 1 (0 without calls). */
  errorRate: number;
  /** Mean answer time over every call of the range, in ms. */
  avgMs: number;
  today: number;
}

export function summarise(report: UsageReport): Summary {
  const calls = report.days.reduce((n, d) => n + d.calls, 0);
  const errors = report.days.reduce((n, d) => n + d.errors, 0);
  const totalMs = report.days.reduce((n, d) => n + d.avg_ms * d.calls, 0);
  return {
    calls,
    errors,
    errorRate: calls ? errors / calls : 0,
    avgMs: calls ? totalMs / calls : 0,
    today: report.days.at(-1)?.calls ?? 0,
  };
}

/** Short day label: month-day of a YYYY-MM-DD day. */
export const shortDay = (day: string) => day.slice(5);

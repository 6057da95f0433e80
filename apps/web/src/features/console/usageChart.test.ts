import { describe, expect, it } from 'vitest';
import { chartBars, shortDay, summarise } from './usageChart.ts';
import type { UsageReport } from '../../api/console.ts';

const report: UsageReport = {
  from: '2026-05-01',
  to: '2026-05-03',
  days: [
    { day: '2026-05-01', calls: 0, errors: 0, avg_ms: 0 },
    { day: '2026-05-02', calls: 200, errors: 50, avg_ms: 80 },
    { day: '2026-05-03', calls: 100, errors: 0, avg_ms: 20 },
  ],
  capabilities: [],
  apps: [],
  outcomes: [],
};

describe('usage chart', () => {
  it('scales bars to the busiest day, errors stacked on the rest', () => {
    expect(chartBars(report.days)).toEqual([
      { day: '2026-05-01', calls: 0, errors: 0, okPercent: 0, errorPercent: 0 },
      { day: '2026-05-02', calls: 200, errors: 50, okPercent: 75, errorPercent: 25 },
      { day: '2026-05-03', calls: 100, errors: 0, okPercent: 50, errorPercent: 0 },
    ]);
    expect(chartBars(report.days.slice(0, 1))[0]).toMatchObject({ okPercent: 0, errorPercent: 0 });
  });

  it('sums the range: calls, error rate, time weighted by calls, and today', () => {
    expect(summarise(report)).toEqual({ calls: 300, errors: 50, errorRate: 50 / 300, avgMs: 60, today: 100 });
    expect(summarise({ ...report, days: [] })).toEqual({
      calls: 0,
      errors: 0,
      errorRate: 0,
      avgMs: 0,
      today: 0,
    });
    expect(shortDay('2026-05-03')).toBe('05-03');
  });
});

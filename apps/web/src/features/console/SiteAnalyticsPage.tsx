import { useMemo, useState } from 'react';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analyticsApi, type CsvTable, type SiteReport } from '../../api/backOffice.ts';
import { intlLocale } from '../../i18n/language.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { capabilityNames, nameOf } from './capabilities.ts';
import { shortDay } from './usageChart.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';

const RANGES = [7, 30, 90] as const;

/** The CSV download of one table of the report (a plain link: the session cookie authorises it). */
function CsvLink({ days, table }: { days: number; table: CsvTable }) {
  const { t } = useTranslation();
  return (
    <a href={analyticsApi.exportUrl(days, table)} download data-testid={`analytics-csv-${table}`}>
      <DownloadOutlined /> {t('siteAnalytics.csv')}
      <span className={styles.visuallyHidden}> {t(`siteAnalytics.tables.${table}`)}</span>
    </a>
  );
}

/** Rows of label and count as bars scaled to the largest. */
function BarList({ rows, testId }: { rows: { label: string; value: number }[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  if (!rows.length) return <Empty description={t('siteAnalytics.none')} />;
  const most = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className={styles.barList} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.label}>
          <span className={styles.barLabel} title={row.label}>
            {row.label}
          </span>
          <span className={styles.shareTrack} aria-hidden>
            <span
              className={styles.shareFill}
              style={{ width: `${(row.value / most) * 100}%`, display: 'block' }}
            />
          </span>
          <span className={styles.number}>{number.format(row.value)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Visits per day as bars, the unique visitors the darker part of each. */
function DailyChart({ report }: { report: SiteReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const most = Math.max(0, ...report.daily.map((d) => d.visits));
  return (
    <>
      <ul
        className={styles.chart}
        aria-label={t('siteAnalytics.chartLabel')}
        data-testid="analytics-chart"
        style={{ listStyle: 'none', margin: 0 }}
      >
        {report.daily.map((d) => {
          const label = t('siteAnalytics.barLabel', {
            day: d.day,
            visits: number.format(d.visits),
            visitors: number.format(d.visitors),
          });
          return (
            <li key={d.day} className={styles.bar} tabIndex={0} title={label} aria-label={label}>
              <span className={styles.barOk} style={{ height: `${most ? (d.visitors / most) * 100 : 0}%` }} />
              <span
                className={styles.barRepeat}
                style={{ height: `${most ? ((d.visits - d.visitors) / most) * 100 : 0}%` }}
              />
            </li>
          );
        })}
      </ul>
      <div className={styles.axis} aria-hidden>
        <span>{shortDay(report.from)}</span>
        <span>{shortDay(report.to)}</span>
      </div>
      <div className={styles.legend}>
        <span>
          <span className={styles.legendSwatch} style={{ background: 'var(--brand)' }} />
          {t('siteAnalytics.legend.visitors')}
        </span>
        <span>
          <span className={styles.legendSwatch} style={{ background: '#a5b4fc' }} />
          {t('siteAnalytics.legend.repeat')}
        </span>
      </div>
    </>
  );
}

/**
 * Site analytics for admin and business (/admin/siteAnalytics), from what the platform records
 * itself: visits and visitors per day, top pages, referrers, languages, demo calls per capability,
 * and the funnel from visit to registration to first API call; every table downloads as CSV.
 */
export function SiteAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const report = useQuery({ queryKey: ['site-analytics', days], queryFn: () => analyticsApi.report(days) });
  const { language, menu } = useMenuData();
  const names = useMemo(() => capabilityNames(menu.data ?? [], language), [menu.data, language]);

  let body;
  if (report.isPending) body = <Skeleton active />;
  else if (report.isError) body = <LoadError error={report.error} />;
  else {
    const r = report.data;
    const f = r.funnel;
    const share = (part: number, whole: number) => (whole ? percent.format(part / whole) : '–');
    body = (
      <>
        <div className={styles.stats} data-testid="analytics-stats">
          {(
            [
              ['visits', number.format(r.totals.visits)],
              ['visitors', number.format(r.totals.visitors)],
              ['registrations', `${number.format(f.registrations)} (${share(f.registrations, f.visitors)})`],
              [
                'firstCall',
                `${number.format(f.first_api_call)} (${share(f.first_api_call, f.registrations)})`,
              ],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className={styles.stat} data-testid={`analytics-stat-${key}`}>
              <span className={styles.statLabel}>{t(`siteAnalytics.stats.${key}`, { days })}</span>
              <span className={styles.statValue}>{value}</span>
            </div>
          ))}
        </div>
        <Card
          className={accountStyles.panel}
          title={t('siteAnalytics.tables.daily')}
          extra={<CsvLink days={days} table="daily" />}
        >
          <DailyChart report={r} />
        </Card>
        <Card
          className={accountStyles.panel}
          title={t('siteAnalytics.tables.funnel')}
          extra={<CsvLink days={days} table="funnel" />}
        >
          <BarList
            testId="analytics-funnel"
            rows={[
              { label: t('siteAnalytics.funnel.visitors'), value: f.visitors },
              { label: t('siteAnalytics.funnel.registrations'), value: f.registrations },
              { label: t('siteAnalytics.funnel.firstCall'), value: f.first_api_call },
            ]}
          />
        </Card>
        <div className={styles.twoColumns}>
          {(
            [
              ['pages', r.pages.map((p) => ({ label: p.page, value: p.visits }))],
              ['referrers', r.referrers.map((p) => ({ label: p.referrer, value: p.visits }))],
              [
                'languages',
                r.languages.map((p) => ({
                  label: t(`siteAnalytics.languages.${p.language}`, { defaultValue: p.language }),
                  value: p.visits,
                })),
              ],
              [
                'demo_calls',
                r.demo_calls.map((p) => ({ label: nameOf(names, p.capability_id), value: p.calls })),
              ],
            ] as const
          ).map(([table, rows]) => (
            <Card
              key={table}
              className={accountStyles.panel}
              title={t(`siteAnalytics.tables.${table}`)}
              extra={<CsvLink days={days} table={table} />}
            >
              <BarList rows={rows} testId={`analytics-${table}`} />
            </Card>
          ))}
        </div>
      </>
    );
  }

  return (
    <ConsoleShell
      title={t('siteAnalytics.title')}
      subtitle={t('siteAnalytics.subtitle')}
      testId="analytics-page"
    >
      <div className={accountStyles.stack}>
        <div className={styles.toolbar}>
          <Segmented
            value={days}
            onChange={(value) => setDays(value as (typeof RANGES)[number])}
            options={RANGES.map((n) => ({ value: n, label: t('siteAnalytics.range', { days: n }) }))}
            data-testid="analytics-range"
          />
        </div>
        {body}
      </div>
    </ConsoleShell>
  );
}

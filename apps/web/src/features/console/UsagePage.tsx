import { useMemo } from 'react';
import { Card, Empty, Segmented, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { consoleApi, type UsageReport, type UsageTotals } from '../../api/console.ts';
import { codeKey, ERROR_CODES, HTTP_STATUSES, statusKey } from '../../api/errors.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { APPS_QUERY_KEY } from './AppsPage.tsx';
import { capabilityNames, nameOf } from './capabilities.ts';
import { chartBars, shortDay, summarise } from './usageChart.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';

const RANGES = [7, 30, 90] as const;
const KNOWN_CODES: ReadonlySet<number> = new Set(ERROR_CODES);
const KNOWN_STATUSES: ReadonlySet<number> = new Set(HTTP_STATUSES);

/** The translation key saying what an answer of `status` with `code` meant. */
export function outcomeKey(status: number, code: number): string {
  if (status < 400) return 'consoleUsage.success';
  if (KNOWN_CODES.has(code)) return codeKey(code);
  if (KNOWN_STATUSES.has(status)) return statusKey(status);
  return 'errors.status.other';
}

function DayChart({ report }: { report: UsageReport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const bars = chartBars(report.days);
  return (
    <>
      <ul
        className={styles.chart}
        aria-label={t('consoleUsage.chartLabel')}
        data-testid="usage-chart"
        style={{ listStyle: 'none', margin: 0 }}
      >
        {bars.map((bar) => {
          const label = t('consoleUsage.barLabel', {
            day: bar.day,
            calls: number.format(bar.calls),
            errors: number.format(bar.errors),
          });
          return (
            <li
              key={bar.day}
              className={styles.bar}
              tabIndex={0}
              title={label}
              aria-label={label}
              data-calls={bar.calls}
            >
              <span className={styles.barOk} style={{ height: `${bar.okPercent}%` }} />
              <span className={styles.barError} style={{ height: `${bar.errorPercent}%` }} />
            </li>
          );
        })}
      </ul>
      <div className={styles.axis} aria-hidden>
        <span>{shortDay(report.from)}</span>
        <span>{shortDay(report.days[Math.floor(report.days.length / 2)]?.day ?? report.from)}</span>
        <span>{shortDay(report.to)}</span>
      </div>
      <div className={styles.legend}>
        <span>
          <span className={styles.legendSwatch} style={{ background: 'var(--brand)' }} />
          {t('consoleUsage.legend.ok')}
        </span>
        <span>
          <span className={styles.legendSwatch} style={{ background: '#f59e0b' }} />
          {t('consoleUsage.legend.errors')}
        </span>
        <span>{t('consoleUsage.legend.days')}</span>
      </div>
    </>
  );
}

/** Calls of the developer's apps: per day (bars), per capability, per app and per outcome (/admin/appManager/usage). */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const [params, setParams] = useSearchParams();
  const appId = Number(params.get('app')) || undefined;
  const requested = Number(params.get('days'));
  const days = (RANGES as readonly number[]).includes(requested) ? requested : 30;
  const { language, menu } = useMenuData();
  const names = useMemo(() => capabilityNames(menu.data ?? [], language), [menu.data, language]);
  const apps = useQuery({ queryKey: APPS_QUERY_KEY, queryFn: consoleApi.apps });
  const usage = useQuery({
    queryKey: ['console-usage', days, appId],
    queryFn: () => consoleApi.usage(days, appId),
  });

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const share = (calls: number, total: number) => (
    <span className={styles.share}>
      <span className={styles.shareTrack} aria-hidden>
        <span
          className={styles.shareFill}
          style={{ width: `${total ? (calls / total) * 100 : 0}%`, display: 'block' }}
        />
      </span>
      <span className={styles.number}>{total ? `${((calls / total) * 100).toFixed(1)}%` : '–'}</span>
    </span>
  );
  const totalsColumns = <T extends UsageTotals>(total: number): TableColumnsType<T> => [
    {
      title: t('consoleUsage.columns.calls'),
      dataIndex: 'calls',
      align: 'right',
      render: (v: number) => number.format(v),
    },
    {
      title: t('consoleUsage.columns.errors'),
      dataIndex: 'errors',
      align: 'right',
      render: (v: number) => number.format(v),
    },
    {
      title: t('consoleUsage.columns.avg'),
      dataIndex: 'avg_ms',
      align: 'right',
      render: (v: number) => `${v.toFixed(1)} ms`,
    },
    {
      title: t('consoleUsage.columns.share'),
      key: 'share',
      width: 200,
      render: (_v, row) => share(row.calls, total),
    },
  ];

  let content;
  if (usage.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (usage.isError) content = <LoadError error={usage.error} />;
  else {
    const report = usage.data;
    const summary = summarise(report);
    content = (
      <>
        <div className={styles.stats} data-testid="usage-stats">
          {(
            [
              ['calls', number.format(summary.calls)],
              ['today', number.format(summary.today)],
              ['errorRate', `${(summary.errorRate * 100).toFixed(1)}%`],
              ['avg', `${summary.avgMs.toFixed(1)} ms`],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className={styles.stat} data-testid={`usage-stat-${key}`}>
              <span className={styles.statLabel}>{t(`consoleUsage.stats.${key}`, { days })}</span>
              <span className={styles.statValue}>{value}</span>
            </div>
          ))}
        </div>
        <Card
          className={accountStyles.panel}
          title={t('consoleUsage.perDay', { from: report.from, to: report.to })}
        >
          <DayChart report={report} />
        </Card>
        <Card className={accountStyles.panel} title={t('consoleUsage.perCapability')}>
          {report.capabilities.length ? (
            <Table
              rowKey="capability_id"
              size="middle"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={report.capabilities}
              data-testid="usage-capabilities"
              columns={[
                {
                  title: t('consoleUsage.columns.capability'),
                  dataIndex: 'capability_id',
                  render: (id: number) => nameOf(names, id),
                },
                ...totalsColumns<UsageReport['capabilities'][number]>(summary.calls),
              ]}
            />
          ) : (
            <Empty description={t('consoleUsage.none')} />
          )}
        </Card>
        {appId === undefined && report.apps.length > 0 && (
          <Card className={accountStyles.panel} title={t('consoleUsage.perApp')}>
            <Table
              rowKey="app_id"
              size="middle"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={report.apps}
              columns={[
                { title: t('consoleUsage.columns.app'), dataIndex: 'name' },
                ...totalsColumns<UsageReport['apps'][number]>(summary.calls),
              ]}
            />
          </Card>
        )}
        {report.outcomes.length > 0 && (
          <Card className={accountStyles.panel} title={t('consoleUsage.perOutcome')}>
            <Table
              rowKey={(row) => `${row.status}-${row.error_code}`}
              size="middle"
              pagination={false}
              scroll={{ x: 560 }}
              dataSource={report.outcomes}
              data-testid="usage-outcomes"
              columns={[
                { title: t('consoleUsage.columns.status'), dataIndex: 'status', width: 100 },
                {
                  title: t('consoleUsage.columns.code'),
                  dataIndex: 'error_code',
                  width: 110,
                  render: (code: number) => code || '–',
                },
                {
                  title: t('consoleUsage.columns.meaning'),
                  key: 'meaning',
                  render: (_v, row) => t(outcomeKey(row.status, row.error_code)),
                },
                {
                  title: t('consoleUsage.columns.calls'),
                  dataIndex: 'calls',
                  align: 'right',
                  render: (v: number) => number.format(v),
                },
              ]}
            />
          </Card>
        )}
      </>
    );
  }

  return (
    <ConsoleShell title={t('consoleUsage.title')} subtitle={t('consoleUsage.subtitle')} testId="usage-page">
      <div className={accountStyles.stack}>
        <div className={styles.toolbar}>
          <Select
            value={appId ?? 0}
            onChange={(value: number) => setParam('app', value ? String(value) : undefined)}
            style={{ minWidth: 240 }}
            aria-label={t('consoleUsage.app')}
            options={[
              { value: 0, label: t('consoleUsage.allApps') },
              ...(apps.data ?? []).map((app) => ({ value: app.id, label: app.name })),
            ]}
            data-testid="usage-app"
          />
          <Segmented
            value={days}
            onChange={(value) => setParam('days', String(value))}
            options={RANGES.map((n) => ({ value: n, label: t('consoleUsage.range', { days: n }) }))}
            aria-label={t('consoleUsage.rangeLabel')}
          />
        </div>
        {content}
      </div>
    </ConsoleShell>
  );
}

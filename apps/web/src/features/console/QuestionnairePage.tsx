import { useState } from 'react';
import { Card, Empty, Input, Rate, Segmented, Skeleton, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SURVEY_RATINGS } from '@pixora/catalog';
import { questionnaireApi, type QuestionnaireSummary } from '../../api/questionnaire.ts';
import { formatDateTime } from '../account/format.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';

const RANGES = [7, 30, 90, 365] as const;
/** Colours of the ratings 1 (very dissatisfied) to 5 (very satisfied) in the trend chart. */
const RATING_COLOURS = ['#dc2626', '#f97316', '#a3a3a3', '#60a5fa', '#3b5bdb'] as const;

/** The ratings given per day or week: one stacked bar per period, scaled to the busiest. */
function TrendChart({ summary }: { summary: QuestionnaireSummary }) {
  const { t } = useTranslation();
  if (!summary.trend.length) return <Empty description={t('consoleSurvey.none')} />;
  const most = Math.max(1, ...summary.trend.map((p) => p.count));
  return (
    <>
      <ul
        className={styles.chart}
        aria-label={t('consoleSurvey.trendLabel')}
        data-testid="survey-trend"
        style={{ listStyle: 'none', margin: 0 }}
      >
        {summary.trend.map((p) => {
          const label = t('consoleSurvey.trendBar', {
            period: p.period,
            count: p.count,
            ratings: p.ratings.map((n, i) => `${i + 1}★ ${n}`).join(', '),
          });
          return (
            <li key={p.period} className={styles.bar} tabIndex={0} title={label} aria-label={label}>
              {p.ratings.map((n, i) => (
                <span key={i} style={{ height: `${(n / most) * 100}%`, background: RATING_COLOURS[i] }} />
              ))}
            </li>
          );
        })}
      </ul>
      <div className={styles.axis} aria-hidden>
        <span>{summary.trend[0]!.period}</span>
        <span>{summary.trend.at(-1)!.period}</span>
      </div>
      <div className={styles.legend}>
        {RATING_COLOURS.map((colour, i) => (
          <span key={colour}>
            <span className={styles.legendSwatch} style={{ background: colour }} />
            {t(`toolbox.survey.rating${i + 1}`)}
          </span>
        ))}
      </div>
    </>
  );
}

type Answer = QuestionnaireSummary['answers'][number];

/**
 * The visitors' satisfaction questionnaire for admins (/admin/questionnaire): how many answered
 * in the period, the mean rating, the five ratings' counts and their distribution per day or week,
 * and the latest answers, searched by words of their comment (admin, business).
 */
export function QuestionnairePage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [bucket, setBucket] = useState<'day' | 'week'>('day');
  const [q, setQ] = useState('');
  const summary = useQuery({
    queryKey: ['questionnaire', days, bucket, q],
    queryFn: () => questionnaireApi.summary(days, bucket, q),
  });
  const number = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 2 });

  let body;
  if (summary.isPending) body = <Skeleton active />;
  else if (summary.isError) body = <LoadError error={summary.error} />;
  else {
    const s = summary.data;
    const most = Math.max(1, ...s.ratings);
    body = (
      <>
        <div className={styles.stats} data-testid="survey-stats">
          {(
            [
              ['count', number.format(s.count)],
              ['mean', s.mean === null ? '–' : number.format(s.mean)],
              ['comments', number.format(s.with_comment)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className={styles.stat} data-testid={`survey-stat-${key}`}>
              <span className={styles.statLabel}>{t(`consoleSurvey.stats.${key}`, { days })}</span>
              <span className={styles.statValue}>{value}</span>
            </div>
          ))}
        </div>
        <Card className={accountStyles.panel} title={t('consoleSurvey.distribution')}>
          <ul className={styles.surveyBars} data-testid="survey-distribution">
            {[...SURVEY_RATINGS].reverse().map((rating) => {
              const n = s.ratings[rating - 1]!;
              return (
                <li key={rating} aria-label={t('consoleSurvey.bar', { rating, count: n })}>
                  <span className={styles.surveyBarLabel}>{t(`toolbox.survey.rating${rating}`)}</span>
                  <span className={styles.shareTrack} aria-hidden>
                    <span
                      className={styles.shareFill}
                      style={{ width: `${(n / most) * 100}%`, display: 'block' }}
                    />
                  </span>
                  <span className={styles.number}>{number.format(n)}</span>
                </li>
              );
            })}
          </ul>
        </Card>
        <Card
          className={accountStyles.panel}
          title={t('consoleSurvey.trend')}
          extra={
            <Segmented
              value={bucket}
              onChange={(value) => setBucket(value as 'day' | 'week')}
              options={(['day', 'week'] as const).map((b) => ({
                value: b,
                label: t(`consoleSurvey.buckets.${b}`),
              }))}
              data-testid="survey-bucket"
            />
          }
        >
          <TrendChart summary={s} />
        </Card>
        <Card
          className={accountStyles.panel}
          title={s.q ? t('consoleSurvey.matches', { count: s.matches, q: s.q }) : t('consoleSurvey.latest')}
        >
          {s.answers.length ? (
            <Table<Answer>
              rowKey="id"
              size="middle"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 720 }}
              dataSource={s.answers}
              data-testid="survey-answers"
              columns={[
                {
                  title: t('consoleSurvey.columns.time'),
                  dataIndex: 'created_at',
                  width: 170,
                  render: (v: string) => <span className={styles.number}>{formatDateTime(v)}</span>,
                },
                {
                  title: t('consoleSurvey.columns.rating'),
                  dataIndex: 'rating',
                  width: 150,
                  render: (v: number) => <Rate disabled value={v} style={{ fontSize: 14 }} />,
                },
                {
                  title: t('consoleSurvey.columns.comment'),
                  dataIndex: 'comment',
                  render: (v: string) => v || '–',
                },
                {
                  title: t('consoleSurvey.columns.page'),
                  dataIndex: 'page',
                  render: (v: string) => <code>{v || '/'}</code>,
                },
                { title: t('consoleSurvey.columns.language'), dataIndex: 'language', width: 90 },
              ]}
            />
          ) : (
            <Empty description={t('consoleSurvey.none')} />
          )}
        </Card>
      </>
    );
  }

  return (
    <ConsoleShell
      title={t('consoleSurvey.title')}
      subtitle={t('consoleSurvey.subtitle')}
      testId="survey-page"
    >
      <div className={accountStyles.stack}>
        <div className={styles.toolbar}>
          <Segmented
            value={days}
            onChange={(value) => setDays(value as (typeof RANGES)[number])}
            options={RANGES.map((n) => ({ value: n, label: t('consoleSurvey.range', { days: n }) }))}
            data-testid="survey-range"
          />
          <Input.Search
            allowClear
            aria-label={t('consoleSurvey.search')}
            placeholder={t('consoleSurvey.search')}
            onSearch={(value) => setQ(value.trim())}
            style={{ maxWidth: 280 }}
            data-testid="survey-search"
          />
        </div>
        {body}
      </div>
    </ConsoleShell>
  );
}

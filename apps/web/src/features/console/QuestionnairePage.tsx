import { useState } from 'react';
import { Card, Empty, Rate, Segmented, Skeleton, Table } from 'antd';
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

type Answer = QuestionnaireSummary['answers'][number];

/**
 * The visitors' satisfaction questionnaire for admins (/admin/questionnaire): how many answered
 * in the period, the mean rating, the five ratings' counts, and the latest answers with comments.
 */
export function QuestionnairePage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const summary = useQuery({
    queryKey: ['questionnaire', days],
    queryFn: () => questionnaireApi.summary(days),
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
        <Card className={accountStyles.panel} title={t('consoleSurvey.latest')}>
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
        </div>
        {body}
      </div>
    </ConsoleShell>
  );
}

import { Alert, Card, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope, InferenceOverview, InferenceWorker } from '@pixora/catalog';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { request } from '../../api/http.ts';
import { intlLocale } from '../../i18n/language.ts';
import styles from '../account/Account.module.css';
import consoleStyles from './Console.module.css';
import own from './WorkersPanel.module.css';

/** How often the overview is read again while the page is open. */
const REFRESH_MS = 5_000;

const fetchOverview = () =>
  request<Envelope<InferenceOverview>>('/api/v1/admin/workers').then((answer) => answer.data);

/**
 * The inference at a glance, for admins on the console overview: the workers (Redis queue workers by
 * their heartbeats, or the server's local pool), the queue's depth and the jobs of the last minute.
 */
export function WorkersPanel() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const overview = useQuery({
    queryKey: ['admin', 'workers'],
    queryFn: fetchOverview,
    refetchInterval: REFRESH_MS,
  });
  const data = overview.data;
  const shown = (value: number | null | undefined) =>
    data && value !== null && value !== undefined ? number.format(value) : '–';
  const stats = [
    ['workers', data?.workers.length],
    ['waiting', data?.queue.waiting],
    ['active', data?.queue.active],
    ['maxDepth', data?.queue.max_depth],
    ['lastMinute', data?.jobs_last_minute],
  ] as const;
  const columns: TableColumnsType<InferenceWorker> = [
    {
      title: t('consoleWorkers.columns.id'),
      dataIndex: 'id',
      render: (id: string, worker) => (
        <span className={own.worker}>
          {id}
          {worker.host ? (
            <span className={own.workerHost}>
              {worker.host}
              {worker.pid ? ` · ${worker.pid}` : ''}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      title: t('consoleWorkers.columns.busy'),
      dataIndex: 'busy',
      render: (busy: number, worker) => `${busy} / ${worker.concurrency}`,
    },
    {
      title: t('consoleWorkers.columns.jobs'),
      dataIndex: 'jobs_done',
      render: (n: number) => number.format(n),
    },
    {
      title: t('consoleWorkers.columns.lastSeen'),
      dataIndex: 'last_seen',
      render: (at?: string) => (at ? new Date(at).toLocaleTimeString(intlLocale(i18n.language)) : '–'),
    },
  ];

  return (
    <Card
      className={styles.panel}
      title={`${t('consoleWorkers.title')}${data ? ` · ${t(`consoleWorkers.backend.${data.backend}`)}` : ''}`}
      data-testid="workers-panel"
    >
      {overview.isError ? (
        <Alert
          type="error"
          showIcon
          title={consoleErrorText(overview.error, t) ?? t('consoleWorkers.error')}
        />
      ) : (
        <div className={styles.stack}>
          <div className={own.figures}>
            {stats.map(([key, value]) => (
              <div key={key} className={consoleStyles.stat}>
                <span className={consoleStyles.statLabel}>{t(`consoleWorkers.stats.${key}`)}</span>
                <span className={consoleStyles.statValue}>{shown(value)}</span>
              </div>
            ))}
          </div>
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data?.workers ?? []}
            loading={overview.isLoading}
            pagination={false}
            locale={{ emptyText: t('consoleWorkers.none') }}
          />
        </div>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Button, Card, Input, Select, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_STATUSES,
  inboxApi,
  type FeedbackStatus,
  type InboxFilter,
  type InboxItem,
} from '../../api/backOffice.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { formatDateTime } from '../account/format.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import { FEEDBACK_PRIORITIES, FEEDBACK_TYPES } from '../feedback/feedbackForm.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';

// Dark text on a light tint: antd's preset tag colours are below the contrast of 4.5:1 on their tint.
const STATUS_COLORS: Record<FeedbackStatus, { color: string; background: string; borderColor: string }> = {
  new: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  in_progress: { color: '#874d00', background: '#fffbe6', borderColor: '#ffe58f' },
  done: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
};
const PAGE_SIZE = 20;
const INBOX_KEY = 'feedbackInbox';

/** The content as the sender wrote it: the feedback dialog sends newlines escaped. */
const unescapeNewlines = (text: string) => text.replaceAll('\\n', '\n');

/** One feedback opened: its content, attachments, status and the reply to its sender. */
function FeedbackDetail({ item, onChanged }: { item: InboxItem; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const [reply, setReply] = useState('');
  const [status, setStatus] = useState<FeedbackStatus>(item.status === 'new' ? 'in_progress' : item.status);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success({ content: t(done), duration: MESSAGE_DURATION_MS / 1000 });
      await onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={accountStyles.stack} data-testid="inbox-detail">
      <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{unescapeNewlines(item.content) || '–'}</p>
      {item.attachments.length ? (
        <div className={styles.filters}>
          {item.attachments.map((a) => (
            <a key={a.index} href={a.url} target="_blank" rel="noreferrer" data-testid="inbox-attachment">
              <PaperClipOutlined /> {t('inbox.attachment', { n: a.index + 1, type: a.type })}
            </a>
          ))}
        </div>
      ) : null}
      {item.reply ? (
        <div className={styles.messageBody}>
          <strong>{t('inbox.lastReply', { time: formatDateTime(item.replied_at) })}</strong>
          <p>{item.reply}</p>
        </div>
      ) : null}
      <div className={styles.filters}>
        <span id={`inbox-status-${item.id}`}>{t('inbox.columns.status')}</span>
        <Select<FeedbackStatus>
          value={status}
          onChange={setStatus}
          aria-labelledby={`inbox-status-${item.id}`}
          style={{ minWidth: 140 }}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`inbox.statuses.${s}`) }))}
          data-testid="inbox-status"
        />
        <Button
          disabled={busy || status === item.status}
          onClick={() => void run(() => inboxApi.setStatus(item.id, status), 'inbox.statusSaved')}
          data-testid="inbox-save-status"
        >
          {t('inbox.saveStatus')}
        </Button>
      </div>
      <Input.TextArea
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        rows={3}
        maxLength={5000}
        aria-label={t('inbox.replyLabel')}
        placeholder={t('inbox.replyPlaceholder')}
        data-testid="inbox-reply"
      />
      <div>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={busy}
          disabled={!reply.trim()}
          onClick={() =>
            void run(async () => {
              await inboxApi.reply(item.id, reply.trim(), status);
              setReply('');
            }, 'inbox.replied')
          }
          data-testid="inbox-send-reply"
        >
          {t('inbox.sendReply')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The feedback inbox for admin and business (/admin/feedbackInbox): every feedback with type,
 * priority, sender, attachments and status, filtered and paged by the server; a reply reaches the
 * sender by mail and as a message.
 */
export function FeedbackInboxPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<InboxFilter>({ page: 1, size: PAGE_SIZE });
  const list = useQuery({ queryKey: [INBOX_KEY, filter], queryFn: () => inboxApi.list(filter) });
  const set = (change: Partial<InboxFilter>) => setFilter((f) => ({ ...f, page: 1, ...change }));

  const columns: TableColumnsType<InboxItem> = [
    {
      title: t('inbox.columns.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => <span className={styles.number}>{formatDateTime(v)}</span>,
    },
    { title: t('inbox.columns.title'), dataIndex: 'title' },
    {
      title: t('inbox.columns.type'),
      dataIndex: 'type_id',
      width: 130,
      render: (v: number) =>
        t(`feedback.types.${FEEDBACK_TYPES.find((x) => x.value === v)?.key ?? 'defect'}`),
    },
    {
      title: t('inbox.columns.priority'),
      dataIndex: 'priority_id',
      width: 90,
      render: (v: number) =>
        t(`feedback.priorities.${FEEDBACK_PRIORITIES.find((x) => x.value === v)?.key ?? 'medium'}`),
    },
    {
      title: t('inbox.columns.sender'),
      dataIndex: 'sender',
      render: (s: InboxItem['sender']) => (s.name && s.name !== s.email ? `${s.name} <${s.email}>` : s.email),
    },
    {
      title: t('inbox.columns.attachments'),
      dataIndex: 'attachments',
      width: 80,
      render: (a: InboxItem['attachments']) => (a.length ? a.length : '–'),
    },
    {
      title: t('inbox.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: FeedbackStatus) => <Tag style={STATUS_COLORS[s]}>{t(`inbox.statuses.${s}`)}</Tag>,
    },
  ];

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else
    body = (
      <Table<InboxItem>
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        dataSource={list.data.items}
        columns={columns}
        data-testid="inbox-table"
        locale={{ emptyText: t('inbox.none') }}
        expandable={{
          expandRowByClick: true,
          expandedRowRender: (item) => (
            <FeedbackDetail
              key={`${item.id}-${item.updated_at}`}
              item={item}
              onChanged={() => client.invalidateQueries({ queryKey: [INBOX_KEY] })}
            />
          ),
        }}
        pagination={{
          current: filter.page,
          pageSize: filter.size,
          total: list.data.total,
          hideOnSinglePage: true,
          onChange: (page, size) => setFilter((f) => ({ ...f, page, size })),
        }}
      />
    );

  const counts = list.data?.by_status;
  return (
    <ConsoleShell title={t('inbox.title')} subtitle={t('inbox.subtitle')} testId="inbox-page">
      <Card className={accountStyles.panel}>
        <div className={accountStyles.stack}>
          <div className={styles.filters} role="group" aria-label={t('inbox.filters')}>
            <Select<FeedbackStatus | 'all'>
              value={filter.status ?? 'all'}
              onChange={(v) => set({ status: v === 'all' ? undefined : v })}
              aria-label={t('inbox.columns.status')}
              style={{ minWidth: 150 }}
              data-testid="inbox-filter-status"
              options={[
                { value: 'all', label: t('inbox.allStatuses') },
                ...FEEDBACK_STATUSES.map((s) => ({
                  value: s,
                  label: counts ? `${t(`inbox.statuses.${s}`)} (${counts[s]})` : t(`inbox.statuses.${s}`),
                })),
              ]}
            />
            <Select<number>
              value={filter.type_id ?? 0}
              onChange={(v) => set({ type_id: v || undefined })}
              aria-label={t('inbox.columns.type')}
              style={{ minWidth: 170 }}
              options={[
                { value: 0, label: t('inbox.allTypes') },
                ...FEEDBACK_TYPES.map((x) => ({ value: x.value, label: t(`feedback.types.${x.key}`) })),
              ]}
            />
            <Select<number>
              value={filter.priority_id ?? 0}
              onChange={(v) => set({ priority_id: v || undefined })}
              aria-label={t('inbox.columns.priority')}
              style={{ minWidth: 130 }}
              options={[
                { value: 0, label: t('inbox.allPriorities') },
                ...FEEDBACK_PRIORITIES.map((x) => ({
                  value: x.value,
                  label: t(`feedback.priorities.${x.key}`),
                })),
              ]}
            />
            <Input.Search
              allowClear
              aria-label={t('inbox.search')}
              placeholder={t('inbox.search')}
              onSearch={(q) => set({ q: q.trim() || undefined })}
              style={{ maxWidth: 280 }}
              data-testid="inbox-search"
            />
          </div>
          {body}
        </div>
      </Card>
    </ConsoleShell>
  );
}

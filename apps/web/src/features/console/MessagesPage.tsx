import { useState } from 'react';
import { Badge, Button, Card, Empty, List, Skeleton, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messagesApi, type Message } from '../../api/backOffice.ts';
import { formatDateTime } from '../account/format.ts';
import { setUnreadCount } from '../account/session.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';

const PAGE_SIZE = 20;
export const MESSAGES_QUERY_KEY = 'messages';

/**
 * The signed-in user's messages (/own-space/messages): review results, feedback replies and quota
 * warnings, newest first, in the language of the site; each is marked read when opened, or all at once.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const showError = useConsoleError();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [MESSAGES_QUERY_KEY, page, i18n.language],
    queryFn: async () => {
      const answer = await messagesApi.list(page, PAGE_SIZE);
      setUnreadCount(answer.unread_count);
      return answer;
    },
  });
  const refresh = () => client.invalidateQueries({ queryKey: [MESSAGES_QUERY_KEY] });

  const read = async (message: Message) => {
    setOpen(open === message.id ? null : message.id);
    if (message.read) return;
    try {
      setUnreadCount(await messagesApi.read(message.id));
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const readAll = async () => {
    try {
      setUnreadCount(await messagesApi.readAll());
      await refresh();
    } catch (error) {
      showError(error);
    }
  };

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <LoadError error={list.error} />;
  else if (!list.data.messages.length) body = <Empty description={t('messages.none')} />;
  else
    body = (
      <List<Message>
        dataSource={list.data.messages}
        data-testid="messages-list"
        pagination={
          list.data.total > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: list.data.total, onChange: setPage }
            : false
        }
        renderItem={(message) => (
          <List.Item data-testid="message" data-read={message.read ? '1' : '0'}>
            <div style={{ width: '100%' }}>
              <button
                type="button"
                className={styles.messageTitle}
                aria-expanded={open === message.id}
                onClick={() => void read(message)}
                data-testid="message-open"
              >
                <Badge status={message.read ? 'default' : 'processing'} />
                <span style={{ fontWeight: message.read ? 400 : 600 }}>{message.title}</span>
                <Tag>{t(`messages.kinds.${message.kind}`)}</Tag>
                <span className={styles.number} style={{ marginInlineStart: 'auto', color: '#646a80' }}>
                  {formatDateTime(message.created_at)}
                </span>
              </button>
              {open === message.id ? (
                <div className={styles.messageBody} data-testid="message-body">
                  {message.body.split('\n').map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
                  {message.link ? <Link to={message.link}>{t('messages.open')}</Link> : null}
                </div>
              ) : null}
            </div>
          </List.Item>
        )}
      />
    );

  return (
    <ConsoleShell title={t('messages.title')} subtitle={t('messages.subtitle')} testId="messages-page">
      <Card
        className={accountStyles.panel}
        title={t('messages.unread', { count: list.data?.unread_count ?? 0 })}
        extra={
          <Button
            icon={<CheckOutlined />}
            onClick={() => void readAll()}
            disabled={!list.data?.unread_count}
            data-testid="messages-read-all"
          >
            {t('messages.readAll')}
          </Button>
        }
      >
        {body}
      </Card>
    </ConsoleShell>
  );
}

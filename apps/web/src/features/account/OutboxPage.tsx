import { Alert, Button, Card, Empty, Result, Spin, Tag } from 'antd';
import { MailOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApi, type OutboxMessage } from '../../api/account.ts';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { isApiError } from '../../api/http.ts';
import { NavButton } from '../../components/NavButton.tsx';
import { AccountShell } from './AccountShell.tsx';
import { formatDateTime } from './format.ts';
import styles from './Account.module.css';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Message text with its addresses as links. */
export function linkify(text: string) {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className={styles.outboxLink} data-testid="outbox-link">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const mail = message.channel === 'mail';
  return (
    <Card className={styles.panel} size="small" data-testid="outbox-message" data-channel={message.channel}>
      <div className={styles.outboxHead}>
        <Tag icon={mail ? <MailOutlined /> : <MessageOutlined />} color={mail ? 'blue' : 'green'}>
          {t(mail ? 'outbox.mail' : 'outbox.sms')}
        </Tag>
        <h2 className={styles.outboxSubject}>{mail ? message.subject : t('outbox.smsSubject')}</h2>
      </div>
      <dl className={styles.outboxMeta}>
        <div>
          <dt>{t('outbox.to')}</dt>
          <dd data-testid="outbox-recipient">{message.recipient}</dd>
        </div>
        <div>
          <dt>{t('outbox.at')}</dt>
          <dd>{formatDateTime(message.created_at)}</dd>
        </div>
      </dl>
      <p className={styles.outboxText}>{linkify(message.text)}</p>
    </Card>
  );
}

/**
 * The local outbox (/outbox): mail and text messages the platform keeps when it runs without an
 * SMTP server or SMS gateway, newest first, so registration can be finished with nothing installed.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useQuery({
    queryKey: ['outbox'],
    queryFn: async () => (await accountApi.outbox()).data.messages,
    retry: false,
  });

  if (outbox.isError && isApiError(outbox.error) && outbox.error.status === 404) {
    return (
      <div className="wrap">
        <Result
          status="404"
          title={t('outbox.unavailableTitle')}
          subTitle={t('outbox.unavailable')}
          extra={
            <NavButton type="primary" to="/index">
              {t('notFound.backHome')}
            </NavButton>
          }
          data-testid="outbox-unavailable"
        />
      </div>
    );
  }

  const messages = [...(outbox.data ?? [])].sort((a, b) => b.id - a.id);
  let content;
  if (outbox.isPending) content = <Spin />;
  else if (outbox.isError)
    content = (
      <Alert type="error" showIcon title={consoleErrorText(outbox.error, t) ?? t('errors.network')} />
    );
  else if (!messages.length) content = <Empty description={t('outbox.empty')} />;
  else
    content = (
      <div className={styles.stack} data-testid="outbox-list">
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </div>
    );

  return (
    <AccountShell
      title={t('outbox.title')}
      subtitle={t('outbox.intro')}
      width="medium"
      testId="outbox-page"
      aside={
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          {t('outbox.refresh')}
        </Button>
      }
    >
      {content}
    </AccountShell>
  );
}

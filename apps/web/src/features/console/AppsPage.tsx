import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Popconfirm, Progress, Skeleton, Tooltip } from 'antd';
import {
  BarChartOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_APPS_PER_USER } from '@pixora/catalog';
import { consoleApi, type AppWithSecret, type ConsoleApp } from '../../api/console.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { APP_APPLY_PATH, USAGE_PATH } from '../account/adminRoutes.ts';
import { formatDateTime } from '../account/format.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { capabilityNames, exampleCall } from './capabilities.ts';
import { CopyField } from './CopyField.tsx';
import { SecretModal } from './SecretModal.tsx';

type SecretMode = 'reset' | 'rotated';
import { AppStatusTag, ReviewTag } from './StatusTags.tsx';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError, ScopeTags } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';

export const APPS_QUERY_KEY = ['console-apps'] as const;

/** The page of the API application form: a new app, or more for an existing one. */
export const applyLink = (appId?: number) =>
  `${APP_APPLY_PATH}?type=api${appId === undefined ? '' : `&app=${appId}`}`;

function QuotaFact({ app }: { app: ConsoleApp }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  if (app.daily_quota === null)
    return (
      <span className={styles.quotaText}>
        {t('consoleApps.quota.unlimited', { calls: number.format(app.today_calls) })}
      </span>
    );
  const percent = Math.min(100, Math.round((app.today_calls / Math.max(1, app.daily_quota)) * 100));
  return (
    <span className={styles.quota}>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        aria-label={t('consoleApps.fields.quota')}
      />
      <span className={styles.quotaText} data-testid="app-quota">
        {t('consoleApps.quota.used', {
          calls: number.format(app.today_calls),
          quota: number.format(app.daily_quota),
        })}
      </span>
      {app.requested_quota !== null && (
        <span className={styles.quotaText}>
          {t('consoleApps.quota.requested', { quota: number.format(app.requested_quota) })}
        </span>
      )}
    </span>
  );
}

function AppCard({
  app,
  names,
  onSecret,
}: {
  app: ConsoleApp;
  names: ReadonlyMap<number, string>;
  onSecret: (created: AppWithSecret, mode: SecretMode) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (what: string, run: () => Promise<unknown>, done?: string) => {
    setBusy(what);
    try {
      await run();
      if (done) void message.success({ content: t(done), duration: MESSAGE_DURATION_MS / 1000 });
      await queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const enabled = app.status === 'enabled';
  const actions = [
    <Button
      key="usage"
      type="link"
      icon={<BarChartOutlined aria-hidden />}
      onClick={() => void navigate(`${USAGE_PATH}?app=${app.id}`)}
    >
      {t('consoleApps.actions.usage')}
    </Button>,
    <Button
      key="edit"
      type="link"
      icon={<EditOutlined aria-hidden />}
      onClick={() => void navigate(applyLink(app.id))}
      data-testid="app-edit"
    >
      {t('consoleApps.actions.edit')}
    </Button>,
    app.status === 'suspended' ? (
      <Tooltip key="toggle" title={t('consoleApps.suspendedHint')}>
        <Button type="link" disabled icon={<PlayCircleOutlined aria-hidden />}>
          {t('consoleApps.actions.enable')}
        </Button>
      </Tooltip>
    ) : (
      <Popconfirm
        key="toggle"
        title={t(enabled ? 'consoleApps.confirm.disable' : 'consoleApps.confirm.enable')}
        onConfirm={() =>
          act(
            'toggle',
            () => consoleApi.setEnabled(app.id, !enabled),
            enabled ? 'consoleApps.done.disabled' : 'consoleApps.done.enabled',
          )
        }
        okText={t('consoleApps.confirm.ok')}
        cancelText={t('consoleApps.confirm.cancel')}
      >
        <Button
          type="link"
          loading={busy === 'toggle'}
          icon={enabled ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
          data-testid="app-toggle"
        >
          {t(enabled ? 'consoleApps.actions.disable' : 'consoleApps.actions.enable')}
        </Button>
      </Popconfirm>
    ),
    <Popconfirm
      key="delete"
      title={t('consoleApps.confirm.delete', { name: app.name })}
      description={t('consoleApps.confirm.deleteHint')}
      okButtonProps={{ danger: true }}
      okText={t('consoleApps.actions.delete')}
      cancelText={t('consoleApps.confirm.cancel')}
      onConfirm={() => act('delete', () => consoleApi.deleteApp(app.id), 'consoleApps.done.deleted')}
    >
      <Button
        type="link"
        danger
        loading={busy === 'delete'}
        icon={<DeleteOutlined aria-hidden />}
        data-testid="app-delete"
      >
        {t('consoleApps.actions.delete')}
      </Button>
    </Popconfirm>,
  ];

  return (
    <Card
      className={styles.appCard}
      title={
        <span className={styles.appHeader}>
          <h2 className={styles.appName}>{app.name}</h2>
          <AppStatusTag status={app.status} />
          <ReviewTag status={app.review_status} />
        </span>
      }
      data-testid="app-card"
      data-app-id={app.id}
    >
      {app.description && <p className={styles.appDescription}>{app.description}</p>}
      <dl className={styles.facts}>
        <dt>{t('consoleApps.fields.apiKey')}</dt>
        <dd>
          <CopyField value={app.api_key} label="API Key" testId="app-key" />
        </dd>
        <dt>{t('consoleApps.fields.apiSecret')}</dt>
        <dd className={styles.secretFact}>
          <span className={styles.copyField}>
            <span className={styles.quotaText}>{t('consoleApps.secretHidden')}</span>
            <Popconfirm
              title={t('consoleApps.confirm.reset')}
              description={t('consoleApps.confirm.resetHint')}
              okText={t('consoleApps.actions.reset')}
              cancelText={t('consoleApps.confirm.cancel')}
              onConfirm={() =>
                act('reset', async () => onSecret(await consoleApi.resetSecret(app.id), 'reset'))
              }
            >
              <Button
                size="small"
                icon={<KeyOutlined aria-hidden />}
                loading={busy === 'reset'}
                data-testid="app-reset"
              >
                {t('consoleApps.actions.reset')}
              </Button>
            </Popconfirm>
            {app.previous_secret_since === null && (
              <Popconfirm
                title={t('consoleApps.confirm.rotate')}
                description={t('consoleApps.confirm.rotateHint')}
                okText={t('consoleApps.actions.rotate')}
                cancelText={t('consoleApps.confirm.cancel')}
                onConfirm={() =>
                  act('rotate', async () => onSecret(await consoleApi.rotateSecret(app.id), 'rotated'))
                }
              >
                <Button
                  size="small"
                  icon={<SyncOutlined aria-hidden />}
                  loading={busy === 'rotate'}
                  data-testid="app-rotate"
                >
                  {t('consoleApps.actions.rotate')}
                </Button>
              </Popconfirm>
            )}
          </span>
          {app.previous_secret_since !== null && (
            <span className={styles.copyField} data-testid="app-previous-secret">
              <span className={styles.quotaText}>
                {t('consoleApps.previousSecret', { time: formatDateTime(app.previous_secret_since) })}
              </span>
              <Popconfirm
                title={t('consoleApps.confirm.revoke')}
                description={t('consoleApps.confirm.revokeHint')}
                okButtonProps={{ danger: true }}
                okText={t('consoleApps.actions.revoke')}
                cancelText={t('consoleApps.confirm.cancel')}
                onConfirm={() =>
                  act('revoke', () => consoleApi.revokePreviousSecret(app.id), 'consoleApps.done.revoked')
                }
              >
                <Button size="small" danger loading={busy === 'revoke'} data-testid="app-revoke">
                  {t('consoleApps.actions.revoke')}
                </Button>
              </Popconfirm>
            </span>
          )}
          {!app.can_sign && (
            <span className={styles.quotaText} data-testid="app-cannot-sign">
              {t('consoleApps.cannotSign')}
            </span>
          )}
        </dd>
        <dt>{t('consoleApps.fields.capabilities')}</dt>
        <dd>
          <ScopeTags
            scopes={app.scopes}
            requested={app.requested_scopes}
            names={names}
            askedKey="consoleApps.underReview"
            testId="app-scopes"
          />
          {!app.scopes.length && !app.requested_scopes.length && (
            <span className={styles.quotaText}>{t('consoleApps.noCapabilities')}</span>
          )}
        </dd>
        <dt>{t('consoleApps.fields.quota')}</dt>
        <dd>
          <QuotaFact app={app} />
        </dd>
        <dt>{t('consoleApps.fields.created')}</dt>
        <dd className={styles.number}>{formatDateTime(app.created_at)}</dd>
      </dl>
      {app.review_status === 'rejected' && (
        <Alert
          className={styles.notice}
          type="error"
          showIcon
          title={t('consoleApps.rejected')}
          description={app.review_note || undefined}
        />
      )}
      {app.review_status === 'approved' && app.review_note && (
        <Alert
          className={styles.notice}
          type="success"
          showIcon
          title={t('consoleApps.approved')}
          description={app.review_note}
        />
      )}
      {app.review_status === 'pending' && (
        <Alert className={styles.notice} type="info" showIcon title={t('consoleApps.pending')} />
      )}
      <div className={styles.appActions}>{actions}</div>
    </Card>
  );
}

/** My apps (/admin/appManager): every app of the developer with its key, scopes, status, quota and today's calls. */
export function AppsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, menu } = useMenuData();
  const names = useMemo(() => capabilityNames(menu.data ?? [], language), [menu.data, language]);
  const apps = useQuery({ queryKey: APPS_QUERY_KEY, queryFn: consoleApi.apps });
  const [secret, setSecret] = useState<{ created: AppWithSecret; mode: SecretMode } | null>(null);

  const list = apps.data ?? [];
  const full = list.length >= MAX_APPS_PER_USER;
  const create = (
    <Tooltip title={full ? t('consoleApps.full', { max: MAX_APPS_PER_USER }) : undefined}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={full}
        onClick={() => void navigate(applyLink())}
        data-testid="apps-create"
      >
        {t('consoleApps.create')}
      </Button>
    </Tooltip>
  );

  let content;
  if (apps.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (apps.isError) content = <LoadError error={apps.error} />;
  else if (!list.length)
    content = (
      <Card className={accountStyles.panel}>
        <div className={styles.empty} data-testid="apps-empty">
          <Empty description={t('consoleApps.empty.title')} />
          <ol className={styles.steps}>
            {(['create', 'key', 'call'] as const).map((step) => (
              <li key={step}>
                <span className={styles.stepTitle}>{t(`consoleApps.empty.steps.${step}.title`)}</span>
                <span className={styles.stepBody}>{t(`consoleApps.empty.steps.${step}.body`)}</span>
              </li>
            ))}
          </ol>
          {create}
        </div>
      </Card>
    );
  else
    content = (
      <div className={styles.appGrid}>
        {list.map((app) => (
          <AppCard
            key={app.id}
            app={app}
            names={names}
            onSecret={(created, mode) => setSecret({ created, mode })}
          />
        ))}
      </div>
    );

  return (
    <ConsoleShell title={t('consoleApps.title')} subtitle={t('consoleApps.subtitle')} testId="apps-page">
      <div className={accountStyles.stack}>
        <div className={styles.toolbar}>
          <h2 className={styles.toolbarTitle}>
            {t('consoleApps.count', { count: list.length, max: MAX_APPS_PER_USER })}
          </h2>
          <div className={styles.toolbarActions}>
            <Button icon={<BarChartOutlined aria-hidden />} onClick={() => void navigate(USAGE_PATH)}>
              {t('consoleApps.actions.usage')}
            </Button>
            {create}
          </div>
        </div>
        {content}
      </div>
      <SecretModal
        created={secret?.created ?? null}
        call={exampleCall(menu.data ?? [], secret?.created.app.scopes[0])}
        mode={secret?.mode}
        onDone={() => setSecret(null)}
      />
    </ConsoleShell>
  );
}

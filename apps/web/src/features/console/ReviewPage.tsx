import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tabs,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { MAX_DAILY_QUOTA } from '@pixora/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  consoleApi,
  type ReviewInput,
  type ReviewListQuery,
  type ReviewedApp,
  type ReviewedSdkRequest,
} from '../../api/console.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { formatDateTime } from '../account/format.ts';
import { useSession } from '../account/session.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { capabilityNames } from './capabilities.ts';
import { ModuleTags, platformName } from './SdkRequestsPage.tsx';
import { AppStatusTag, ReviewTag, SdkStatusTag } from './StatusTags.tsx';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError, ScopeTags } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';

type Scope = ReviewListQuery['status'];

/** What is being decided: an app's application or an SDK request, approve or reject. */
interface Pending {
  kind: 'app' | 'sdk';
  id: number;
  name: string;
  decision: ReviewInput['decision'];
  /** Apps: the quota offered on approval. */
  quota: number | null;
}

function DecisionModal({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ note: string; daily_quota: number | null }>();
  const [saving, setSaving] = useState(false);

  const decide = async (values: { note?: string; daily_quota?: number | null }) => {
    if (!pending) return;
    const decision: ReviewInput = { decision: pending.decision, note: (values.note ?? '').trim() };
    if (pending.kind === 'app' && pending.decision === 'approve' && values.daily_quota)
      decision.daily_quota = values.daily_quota;
    setSaving(true);
    try {
      if (pending.kind === 'app') await consoleApi.reviewApp(pending.id, decision);
      else await consoleApi.reviewSdkRequest(pending.id, decision);
      void message.success({ content: t('consoleReview.done'), duration: MESSAGE_DURATION_MS / 1000 });
      await queryClient.invalidateQueries({ queryKey: ['console-review'] });
      form.resetFields();
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const approve = pending?.decision === 'approve';
  return (
    <Modal
      open={pending !== null}
      title={t(approve ? 'consoleReview.approveTitle' : 'consoleReview.rejectTitle', {
        name: pending?.name ?? '',
      })}
      okText={t(approve ? 'consoleReview.approve' : 'consoleReview.reject')}
      okButtonProps={{ danger: !approve, loading: saving, id: 'review-confirm' }}
      cancelText={t('consoleApps.confirm.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ note: '', daily_quota: pending?.quota ?? null }}
        onFinish={(values) => void decide(values)}
      >
        {pending?.kind === 'app' && approve && (
          <Form.Item name="daily_quota" label={t('consoleReview.quota')} extra={t('consoleReview.quotaHint')}>
            <InputNumber
              min={1}
              max={MAX_DAILY_QUOTA}
              precision={0}
              style={{ width: 220 }}
              data-testid="review-quota"
            />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('consoleReview.note')}
          extra={t('consoleReview.noteHint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!approve && !(value ?? '').trim()) throw new Error(t('consoleReview.noteRequired'));
                if ([...(value ?? '')].length > 500) throw new Error(t('consoleForm.max', { max: 500 }));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} data-testid="review-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DecisionButtons({ onDecide }: { onDecide: (decision: ReviewInput['decision']) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        onClick={() => onDecide('approve')}
        data-testid="review-approve"
      >
        {t('consoleReview.approve')}
      </Button>
      <Button
        size="small"
        danger
        icon={<CloseOutlined aria-hidden />}
        onClick={() => onDecide('reject')}
        data-testid="review-reject"
      >
        {t('consoleReview.reject')}
      </Button>
    </Space>
  );
}

/**
 * Reviews (/admin/reviewManager, roles admin and business): API applications asking for
 * capabilities not open yet or a higher quota, and SDK licence requests. Admins also suspend apps.
 */
export function ReviewPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const { roles } = useSession();
  const isAdmin = (roles ?? []).includes('admin');
  const showError = useConsoleError();
  const queryClient = useQueryClient();
  const { language, menu } = useMenuData();
  const names = useMemo(() => capabilityNames(menu.data ?? [], language), [menu.data, language]);
  const [scope, setScope] = useState<Scope>('pending');
  const [pending, setPending] = useState<Pending | null>(null);
  const apps = useQuery({
    queryKey: ['console-review', 'apps', scope],
    queryFn: () => consoleApi.reviewApps(scope),
  });
  const sdk = useQuery({
    queryKey: ['console-review', 'sdk', scope],
    queryFn: () => consoleApi.reviewSdkRequests(scope),
  });

  const suspend = async (app: ReviewedApp, suspended: boolean) => {
    try {
      await consoleApi.suspendApp(app.id, suspended);
      await queryClient.invalidateQueries({ queryKey: ['console-review'] });
    } catch (error) {
      showError(error);
    }
  };

  const appColumns: TableColumnsType<ReviewedApp> = [
    {
      title: t('consoleReview.columns.app'),
      key: 'app',
      width: 260,
      render: (_v, app) => (
        <span className={styles.reviewDetails}>
          <strong>{app.name}</strong>
          <span>{app.owner_email}</span>
          {app.owner_company && <span>{app.owner_company}</span>}
          <span>{app.contact_phone}</span>
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.scenario'),
      dataIndex: 'scenario',
      width: 260,
      render: (scenario: string, app) => (
        <span className={styles.reviewDetails}>
          <span>{scenario}</span>
          {app.description && <span>{app.description}</span>}
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.capabilities'),
      key: 'capabilities',
      width: 260,
      render: (_v, app) => (
        <ScopeTags
          scopes={app.scopes}
          requested={app.requested_scopes}
          names={names}
          askedKey="consoleReview.asked"
        />
      ),
    },
    {
      title: t('consoleReview.columns.quota'),
      key: 'quota',
      width: 190,
      render: (_v, app) => (
        <span className={styles.reviewDetails}>
          <span>
            {app.daily_quota === null
              ? t('consoleReview.unlimited')
              : t('consoleReview.quotaNow', { quota: number.format(app.daily_quota) })}
          </span>
          {app.requested_quota !== null && (
            <strong>{t('consoleReview.quotaAsked', { quota: number.format(app.requested_quota) })}</strong>
          )}
          <span>{t('consoleReview.today', { calls: number.format(app.today_calls) })}</span>
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.state'),
      key: 'state',
      width: 200,
      render: (_v, app) => (
        <span className={styles.reviewDetails}>
          <span>
            <AppStatusTag status={app.status} />
            <ReviewTag status={app.review_status} />
          </span>
          <span className={styles.number}>{formatDateTime(app.updated_at)}</span>
          {app.review_note && <span>{app.review_note}</span>}
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, app) => (
        <Flex vertical gap={6} align="flex-start">
          {app.review_status === 'pending' && (
            <DecisionButtons
              onDecide={(decision) =>
                setPending({
                  kind: 'app',
                  id: app.id,
                  name: app.name,
                  decision,
                  quota: app.requested_quota ?? app.daily_quota,
                })
              }
            />
          )}
          {isAdmin && app.status !== 'disabled' && (
            <Popconfirm
              title={t(
                app.status === 'suspended' ? 'consoleReview.resumeConfirm' : 'consoleReview.suspendConfirm',
                {
                  name: app.name,
                },
              )}
              okText={t('consoleApps.confirm.ok')}
              cancelText={t('consoleApps.confirm.cancel')}
              onConfirm={() => suspend(app, app.status !== 'suspended')}
            >
              <Button size="small" danger={app.status !== 'suspended'} data-testid="review-suspend">
                {t(app.status === 'suspended' ? 'consoleReview.resume' : 'consoleReview.suspend')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  const sdkColumns: TableColumnsType<ReviewedSdkRequest> = [
    {
      title: t('consoleReview.columns.product'),
      key: 'product',
      width: 240,
      render: (_v, row) => (
        <span className={styles.reviewDetails}>
          <strong>{row.app_name}</strong>
          <span>
            {platformName(row.platform)} · <code>{row.package_name}</code>
          </span>
          <span>{t('consoleReview.mau', { mau: number.format(row.expected_mau) })}</span>
          {row.description && <span>{row.description}</span>}
        </span>
      ),
    },
    {
      title: t('consoleSdk.fields.modules'),
      dataIndex: 'modules',
      width: 240,
      render: (modules: string[]) => <ModuleTags modules={modules} />,
    },
    {
      title: t('consoleReview.columns.contact'),
      key: 'contact',
      width: 240,
      render: (_v, row) => (
        <span className={styles.reviewDetails}>
          <strong>{row.company}</strong>
          <span>
            {row.contact_name} · {row.contact_phone}
          </span>
          <span>{row.contact_email}</span>
          <span>{t('consoleReview.account', { email: row.owner_email })}</span>
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.state'),
      key: 'state',
      width: 180,
      render: (_v, row) => (
        <span className={styles.reviewDetails}>
          <span>
            <SdkStatusTag status={row.status} />
          </span>
          <span className={styles.number}>{formatDateTime(row.created_at)}</span>
          {row.review_note && <span>{row.review_note}</span>}
        </span>
      ),
    },
    {
      title: t('consoleReview.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, row) =>
        row.status === 'pending' ? (
          <DecisionButtons
            onDecide={(decision) =>
              setPending({ kind: 'sdk', id: row.id, name: row.app_name, decision, quota: null })
            }
          />
        ) : null,
    },
  ];

  const table = <T extends { id: number }>(
    query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown },
    columns: TableColumnsType<T>,
    testId: string,
  ) =>
    query.isError ? (
      <LoadError error={query.error} />
    ) : (
      <Table
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={query.data ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: t(scope === 'pending' ? 'consoleReview.nothingPending' : 'consoleReview.nothing'),
        }}
        data-testid={testId}
      />
    );

  const count = (n: number | undefined) => (scope === 'pending' && n ? ` (${n})` : '');
  return (
    <ConsoleShell
      title={t('consoleReview.title')}
      subtitle={t('consoleReview.subtitle')}
      testId="review-page"
    >
      <Card
        className={accountStyles.panel}
        title={t('consoleReview.queue')}
        extra={
          <Segmented
            value={scope}
            onChange={(value) => setScope(value as Scope)}
            options={[
              { value: 'pending', label: t('consoleReview.pending') },
              { value: 'all', label: t('consoleReview.all') },
            ]}
            aria-label={t('consoleReview.scope')}
          />
        }
      >
        <Tabs
          items={[
            {
              key: 'apps',
              label: `${t('consoleReview.apps')}${count(apps.data?.length)}`,
              children: table(apps, appColumns, 'review-apps'),
            },
            {
              key: 'sdk',
              label: (
                <span data-testid="review-sdk-tab">{`${t('consoleReview.sdk')}${count(sdk.data?.length)}`}</span>
              ),
              children: table(sdk, sdkColumns, 'review-sdk'),
            },
          ]}
        />
      </Card>
      <DecisionModal pending={pending} onClose={() => setPending(null)} />
    </ConsoleShell>
  );
}

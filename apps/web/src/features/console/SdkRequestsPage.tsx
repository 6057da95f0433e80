import { Button, Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { consoleApi, type SdkRequest } from '../../api/console.ts';
import { SDK_APPLY_PATH } from '../account/adminRoutes.ts';
import { formatDateTime } from '../account/format.ts';
import { SDK_PAGE_PATH } from '../sdk/sdkTabs.ts';
import { SDK_QUERY_KEY } from './SdkApplyPage.tsx';
import { SdkStatusTag } from './StatusTags.tsx';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';

/** The modules of a request by their SDK page names. */
export function ModuleTags({ modules }: { modules: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tagList}>
      {modules.map((m) => (
        <Tag key={m}>{t(`sdk.tabs.${m}.name`)}</Tag>
      ))}
    </span>
  );
}

export const platformName = (platform: SdkRequest['platform']) => (platform === 'ios' ? 'iOS' : 'Android');

/** My SDK licence requests (/admin/sdkManager) with their review state. */
export function SdkRequestsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const requests = useQuery({ queryKey: SDK_QUERY_KEY, queryFn: consoleApi.sdkRequests });
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const apply = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => void navigate(`${SDK_APPLY_PATH}?type=sdk`)}
      data-testid="sdk-apply"
    >
      {t('consoleSdk.apply')}
    </Button>
  );

  const columns: TableColumnsType<SdkRequest> = [
    {
      title: t('consoleSdk.fields.appName'),
      dataIndex: 'app_name',
      render: (name: string, row) => (
        <span className={styles.reviewDetails}>
          <strong>{name}</strong>
          <span>
            {platformName(row.platform)} · <code>{row.package_name}</code>
          </span>
        </span>
      ),
    },
    {
      title: t('consoleSdk.fields.modules'),
      dataIndex: 'modules',
      render: (modules: string[]) => <ModuleTags modules={modules} />,
    },
    {
      title: t('consoleSdk.fields.mau'),
      dataIndex: 'expected_mau',
      align: 'right',
      render: (v: number) => <span className={styles.number}>{number.format(v)}</span>,
    },
    {
      title: t('consoleSdk.columns.submitted'),
      dataIndex: 'created_at',
      render: (v: string) => <span className={styles.number}>{formatDateTime(v)}</span>,
    },
    {
      title: t('consoleSdk.columns.status'),
      dataIndex: 'status',
      render: (status: SdkRequest['status'], row) => (
        <span className={styles.reviewDetails}>
          <span>
            <SdkStatusTag status={status} />
          </span>
          {row.review_note && <span data-testid="sdk-note">{row.review_note}</span>}
        </span>
      ),
    },
  ];

  let content;
  if (requests.isError) content = <LoadError error={requests.error} />;
  else if (requests.isSuccess && !requests.data.length)
    content = (
      <Card className={accountStyles.panel}>
        <div className={styles.empty} data-testid="sdk-empty">
          <Empty description={t('consoleSdk.empty')} />
          <p className={accountStyles.cardText}>
            <Link to={SDK_PAGE_PATH}>{t('consoleSdk.notes.product')}</Link>
          </p>
          {apply}
        </div>
      </Card>
    );
  else
    content = (
      <Card className={accountStyles.panel}>
        <Table
          rowKey="id"
          size="middle"
          loading={requests.isPending}
          dataSource={requests.data ?? []}
          columns={columns}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 860 }}
          data-testid="sdk-requests"
        />
      </Card>
    );

  return (
    <ConsoleShell
      title={t('consoleSdk.title')}
      subtitle={t('consoleSdk.subtitle')}
      testId="sdk-requests-page"
    >
      <div className={accountStyles.stack}>
        <div className={styles.toolbar}>
          <h2 className={styles.toolbarTitle}>{t('consoleSdk.listTitle')}</h2>
          <div className={styles.toolbarActions}>{apply}</div>
        </div>
        {content}
      </div>
    </ConsoleShell>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Select, Table, type TableColumnsType } from 'antd';
import { ReloadOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
// Month and weekday names of the date picker in the two Chinese interfaces.
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { ROLES } from '@pixora/catalog';
import { accountApi, type AdminUser } from '../../api/account.ts';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { formatDateTime } from '../account/format.ts';
import { roleLabel } from '../account/options.ts';
import { loadProfile, useSession } from '../account/session.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import styles from '../account/Account.module.css';
import { ConsoleShell } from './parts.tsx';

const splitRoles = (text: string) =>
  text
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);

/** The protocol version in force: publishing a new one asks every user to agree again. */
function ProtocolVersionCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const { protocolVersion } = useSession();
  const [date, setDate] = useState<Dayjs | null>(() => dayjs());
  const [saving, setSaving] = useState(false);

  const publish = async () => {
    if (!date) return;
    setSaving(true);
    try {
      await accountApi.setProtocolVersion(String(date.unix()).padStart(10, '0'));
      void message.success({ content: t('adminUsers.published'), duration: MESSAGE_DURATION_MS / 1000 });
      // The admin's own agreement is now behind too: the profile says so and the dialog follows.
      await loadProfile();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('adminUsers.protocolTitle')} className={styles.panel}>
      <p className={styles.cardText} data-testid="protocol-current">
        {t('adminUsers.protocolCurrent', { date: formatDateTime(protocolVersion) })}
      </p>
      <p className={styles.muted}>{t('adminUsers.protocolHint')}</p>
      <div className={styles.inlineForm}>
        <DatePicker
          showTime
          value={date}
          onChange={setDate}
          allowClear={false}
          aria-label={t('adminUsers.protocolPick')}
          placeholder={t('adminUsers.protocolPick')}
        />
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={saving}
          onClick={() => void publish()}
        >
          {t('adminUsers.publish')}
        </Button>
      </div>
    </Card>
  );
}

function RolesEditor({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const stored = splitRoles(user.role_permissions);
  const [roles, setRoles] = useState<string[]>(stored);
  const [saving, setSaving] = useState(false);
  const changed = roles.join(',') !== stored.join(',');

  const save = async () => {
    setSaving(true);
    try {
      await accountApi.setRoles(user.id, roles);
      void message.success({ content: t('adminUsers.rolesSaved'), duration: MESSAGE_DURATION_MS / 1000 });
      onSaved();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.inlineForm}>
      <Select
        mode="multiple"
        className={styles.rolesSelect}
        value={roles}
        onChange={setRoles}
        options={ROLES.map((role) => ({ value: role, label: roleLabel(t, role) }))}
        placeholder={t('adminUsers.rolesPlaceholder')}
        aria-label={t('adminUsers.rolesOf', { email: user.email })}
      />
      <Button
        icon={<SaveOutlined aria-hidden />}
        disabled={!changed}
        loading={saving}
        onClick={() => void save()}
        aria-label={t('adminUsers.saveRolesOf', { email: user.email })}
      >
        {t('adminUsers.saveRoles')}
      </Button>
    </div>
  );
}

/** Users and their roles, and the protocol version (/open-admin/users, admins only). */
export function UsersAdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: ['admin-users'],
    queryFn: async () => (await accountApi.adminUsers()).data.users,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin-users'] });

  const columns: TableColumnsType<AdminUser> = [
    { title: t('adminUsers.columns.id'), dataIndex: 'id', width: 72 },
    { title: t('adminUsers.columns.email'), dataIndex: 'email', ellipsis: true },
    { title: t('adminUsers.columns.name'), dataIndex: 'real_name', ellipsis: true },
    {
      title: t('adminUsers.columns.roles'),
      key: 'roles',
      width: 420,
      render: (_value, user) => <RolesEditor key={user.role_permissions} user={user} onSaved={refresh} />,
    },
    {
      title: t('adminUsers.columns.created'),
      dataIndex: 'created_at',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <ConsoleShell title={t('adminUsers.title')} subtitle={t('adminUsers.subtitle')} testId="users-admin-page">
      <div className={styles.stack}>
        <ProtocolVersionCard />
        <Card
          title={t('adminUsers.usersTitle')}
          className={styles.panel}
          extra={
            <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh} loading={users.isFetching}>
              {t('adminUsers.reload')}
            </Button>
          }
        >
          {users.isError ? (
            <Alert
              type="error"
              showIcon
              title={consoleErrorText(users.error, t) ?? t('errors.loginExpired')}
            />
          ) : (
            <Table
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={users.data ?? []}
              loading={users.isPending}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 900 }}
            />
          )}
        </Card>
      </div>
    </ConsoleShell>
  );
}

import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Spin, Tag } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type Profile } from '../../api/account.ts';
import { fieldErrors } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { AccountShell } from './AccountShell.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import { ProfileField } from './fields.tsx';
import { formatDateTime } from './format.ts';
import { companySizeLabel, roleLabel } from './options.ts';
import { openProtocolReadOnly } from './protocolView.ts';
import { ADDRESS_MAX, checkAddress, showFieldErrors } from './rules.ts';
import { applyProfile, useSession } from './session.ts';
import { useConsoleError } from './useConsoleError.ts';
import styles from './Account.module.css';

interface ProfileValues {
  real_name: string;
  company: string;
  addr: string;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      const answer = await accountApi.updateProfile({
        real_name: values.real_name.trim(),
        company: values.company.trim(),
        addr: (values.addr ?? '').trim(),
      });
      applyProfile(answer.data.profile);
      form.resetFields();
      void message.success({
        content: answer.message || t('userInfo.saved'),
        duration: MESSAGE_DURATION_MS / 1000,
      });
    } catch (error) {
      if (!showFieldErrors(form, fieldErrors(error), ['real_name', 'company', 'addr'])) {
        showError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ real_name: profile.RealName, company: profile.Company, addr: profile.Addr }}
      onFinish={(values) => void save(values)}
      data-testid="profile-form"
    >
      <ProfileField name="real_name" testId="profile-real-name" />
      <ProfileField name="company" testId="profile-company" />
      <Form.Item
        name="addr"
        label={t('account.fields.address')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const key = checkAddress(value);
              if (key) throw new Error(t(key, { max: ADDRESS_MAX }));
            },
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('account.placeholders.address')}
          autoComplete="street-address"
          data-testid="profile-addr"
        />
      </Form.Item>
      <div className={styles.formActions}>
        <Button onClick={() => form.resetFields()}>{t('userInfo.reset')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
          {t('userInfo.save')}
        </Button>
      </div>
    </Form>
  );
}

/** Personal information (/own-space/userInfo): the profile, its editable part, and the agreements. */
export function UserInfoPage() {
  const { t } = useTranslation();
  const { profile, roles, name, protocolVersion } = useSession();

  if (!profile) {
    return (
      <div className={`wrap ${styles.centerBox}`}>
        <Spin />
      </div>
    );
  }
  const empty = <span className={styles.muted}>{t('userInfo.empty')}</span>;
  const or = (value: string) => (value ? value : empty);

  return (
    <AccountShell
      title={t('userInfo.title')}
      subtitle={t('userInfo.subtitle', { name })}
      width="wide"
      testId="user-info-page"
      aside={<ConsoleNav />}
    >
      <div className={styles.twoColumns}>
        <Card title={t('userInfo.accountCard')} className={styles.panel}>
          <Descriptions column={1} size="small" className={styles.descriptions}>
            <Descriptions.Item label={t('account.fields.email')}>
              <span data-testid="profile-email">{or(profile.Email)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('account.fields.phone')}>{or(profile.Phone)}</Descriptions.Item>
            <Descriptions.Item label={t('account.fields.realName')}>
              <span data-testid="profile-shown-name">{or(profile.RealName)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('account.fields.company')}>
              <span data-testid="profile-shown-company">{or(profile.Company)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('account.fields.industry')}>{or(profile.Industry)}</Descriptions.Item>
            <Descriptions.Item label={t('account.fields.companySize')}>
              {or(companySizeLabel(t, profile.CompanySize))}
            </Descriptions.Item>
            <Descriptions.Item label={t('account.fields.address')}>
              <span data-testid="profile-shown-addr">{or(profile.Addr)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('userInfo.roles')}>
              <span className={styles.tags}>
                {(roles ?? []).map((role) => (
                  <Tag key={role} color={role === 'admin' ? 'purple' : 'blue'}>
                    {roleLabel(t, role)}
                  </Tag>
                ))}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('userInfo.createdAt')}>
              {or(formatDateTime(profile.CreatedAt))}
            </Descriptions.Item>
            <Descriptions.Item label={t('userInfo.updatedAt')}>
              {or(formatDateTime(profile.UpdatedAt))}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <div className={styles.stack}>
          <Card title={t('userInfo.editCard')} className={styles.panel}>
            <ProfileForm key={profile.UpdatedAt} profile={profile} />
          </Card>
          <Card title={t('userInfo.agreementCard')} className={styles.panel}>
            <p className={styles.cardText}>
              {profile.agreement
                ? t('userInfo.agreedVersion', { date: formatDateTime(profile.agreement, false) })
                : t('userInfo.notAgreed')}
            </p>
            {protocolVersion && profile.agreement !== protocolVersion && (
              <p className={styles.cardText}>
                {t('userInfo.newVersion', { date: formatDateTime(protocolVersion, false) })}
              </p>
            )}
            <Button
              icon={<FileProtectOutlined aria-hidden />}
              onClick={openProtocolReadOnly}
              data-testid="view-agreements"
            >
              {t('userInfo.viewAgreements')}
            </Button>
          </Card>
        </div>
      </div>
    </AccountShell>
  );
}

import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Result } from 'antd';
import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { consoleApi, type SdkRequest, type SdkRequestInput } from '../../api/console.ts';
import { SDK_REQUESTS_PATH } from '../account/adminRoutes.ts';
import { checkRule } from '../account/rules.ts';
import { useSession } from '../account/session.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import { SDK_PAGE_PATH, SDK_TABS } from '../sdk/sdkTabs.ts';
import { APP_NAME, checkCompany, checkEmail, PACKAGE_PATTERN, type SdkPlatform } from '@pixora/catalog';
import { patternRule, requiredChoice, textRule } from './consoleRules.ts';
import { AgreementField, ChoiceCard, ConsoleShell, ContactPhoneField, FormButtons } from './parts.tsx';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';

export const SDK_QUERY_KEY = ['console-sdk-requests'] as const;

interface Values extends SdkRequestInput {
  agreement: boolean;
}

/** The nine SDK modules as checkable cards, named as on the SDK product page. */
function ModulePicker({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.choices} data-testid="module-picker">
      {SDK_TABS.map((tab) => {
        return (
          <ChoiceCard
            key={tab}
            checked={value.includes(tab)}
            onChange={(on) => onChange?.(on ? [...value, tab] : value.filter((v) => v !== tab))}
            testId={`module-${tab}`}
          >
            <span className={styles.choiceName}>{t(`sdk.tabs.${tab}.name`)}</span>
            <span className={styles.choiceHint}>{t(`sdk.tabs.${tab}.highlight`)}</span>
          </ChoiceCard>
        );
      })}
    </div>
  );
}

/** The SDK licence request (/admin/sdkManager/apply?type=sdk), confirmed by mail and reviewed. */
export function SdkApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useConsoleError();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const [form] = Form.useForm<Values>();
  const platform: SdkPlatform = Form.useWatch('platform', form) ?? 'android';
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState<SdkRequest | null>(null);

  const submit = async ({ agreement: _agreement, ...values }: Values) => {
    setSaving(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as unknown as SdkRequestInput;
      setSent(await consoleApi.createSdkRequest({ ...trimmed, description: trimmed.description ?? '' }));
      await queryClient.invalidateQueries({ queryKey: SDK_QUERY_KEY });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const body = sent ? (
    <Card className={accountStyles.panel}>
      <Result
        status="success"
        title={t('consoleSdk.sent.title')}
        subTitle={t('consoleSdk.sent.body', { email: profile?.Email ?? '' })}
        extra={[
          <Button
            key="list"
            type="primary"
            onClick={() => void navigate(SDK_REQUESTS_PATH)}
            data-testid="sdk-sent-list"
          >
            {t('consoleSdk.sent.list')}
          </Button>,
          <Button key="again" onClick={() => setSent(null)}>
            {t('consoleSdk.sent.again')}
          </Button>,
        ]}
        data-testid="sdk-sent"
      />
    </Card>
  ) : (
    <Form
      form={form}
      layout="vertical"
      scrollToFirstError
      onFinish={(values) => void submit(values)}
      initialValues={{
        platform: 'android',
        modules: [],
        company: profile?.Company ?? '',
        contact_name: profile?.RealName ?? '',
        contact_phone: profile?.Phone ?? '',
        contact_email: profile?.Email ?? '',
        expected_mau: 10_000,
      }}
      data-testid="sdk-form"
    >
      <Card className={accountStyles.panel} title={t('consoleSdk.sections.product')}>
        <Form.Item name="platform" label={t('consoleSdk.fields.platform')} required>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="sdk-platform">
            <Radio.Button value="android">
              <AndroidOutlined aria-hidden /> Android
            </Radio.Button>
            <Radio.Button value="ios">
              <AppleOutlined aria-hidden /> iOS
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="modules"
          label={t('consoleSdk.fields.modules')}
          required
          rules={[requiredChoice(t, 'consoleSdk.rules.modules')]}
        >
          <ModulePicker />
        </Form.Item>
        <Form.Item
          name="app_name"
          label={t('consoleSdk.fields.appName')}
          required
          rules={[textRule(t, 2, 50), patternRule(t, APP_NAME, 'consoleApply.rules.name')]}
        >
          <Input maxLength={50} data-testid="sdk-app-name" />
        </Form.Item>
        <Form.Item
          name="package_name"
          label={t(platform === 'ios' ? 'consoleSdk.fields.bundleId' : 'consoleSdk.fields.packageName')}
          required
          dependencies={['platform']}
          rules={[
            textRule(t, 3, 150),
            patternRule(
              t,
              PACKAGE_PATTERN[platform],
              platform === 'ios' ? 'consoleSdk.rules.bundleId' : 'consoleSdk.rules.packageName',
            ),
          ]}
          extra={t(platform === 'ios' ? 'consoleSdk.hints.bundleId' : 'consoleSdk.hints.packageName')}
        >
          <Input maxLength={150} spellCheck={false} data-testid="sdk-package" />
        </Form.Item>
        <Form.Item
          name="expected_mau"
          label={t('consoleSdk.fields.mau')}
          required
          rules={[{ required: true, message: t('consoleForm.required') }]}
        >
          <InputNumber
            min={0}
            max={2_000_000_000}
            precision={0}
            step={1000}
            style={{ width: 220 }}
            data-testid="sdk-mau"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('consoleSdk.fields.description')}
          rules={[textRule(t, 0, 500)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      </Card>
      <Card
        className={accountStyles.panel}
        title={t('consoleSdk.sections.contact')}
        style={{ marginTop: 20 }}
      >
        <Form.Item
          name="company"
          label={t('account.fields.company')}
          required
          rules={[checkRule(t, checkCompany)]}
        >
          <Input maxLength={30} autoComplete="organization" data-testid="sdk-company" />
        </Form.Item>
        <Form.Item
          name="contact_name"
          label={t('consoleSdk.fields.contactName')}
          required
          rules={[textRule(t, 1, 30)]}
        >
          <Input maxLength={30} autoComplete="name" data-testid="sdk-contact-name" />
        </Form.Item>
        <ContactPhoneField testId="sdk-phone" />
        <Form.Item
          name="contact_email"
          label={t('consoleSdk.fields.email')}
          required
          rules={[checkRule(t, checkEmail)]}
        >
          <Input maxLength={100} autoComplete="email" data-testid="sdk-email" />
        </Form.Item>
        <AgreementField testId="sdk-agreement" />
        <FormButtons
          back={SDK_REQUESTS_PATH}
          saving={saving}
          label={t('consoleSdk.submit')}
          testId="sdk-submit"
        />
      </Card>
    </Form>
  );

  return (
    <ConsoleShell
      title={t('consoleSdk.applyTitle')}
      subtitle={t('consoleSdk.applySubtitle')}
      testId="sdk-apply-page"
    >
      <div className={styles.formLayout}>
        <div>{body}</div>
        <Card className={`${accountStyles.panel} ${styles.side}`} title={t('consoleSdk.notes.title')}>
          <ul className={styles.sideList}>
            <li>{t('consoleSdk.notes.review')}</li>
            <li>{t('consoleSdk.notes.mail')}</li>
            <li>{t('consoleSdk.notes.package')}</li>
          </ul>
          <p className={accountStyles.cardText} style={{ marginTop: 12 }}>
            <Link to={SDK_PAGE_PATH}>{t('consoleSdk.notes.product')}</Link>
            {' · '}
            <Link to="/android-doc">Android</Link>
            {' · '}
            <Link to="/ios-doc">iOS</Link>
          </p>
        </Card>
      </div>
    </ConsoleShell>
  );
}

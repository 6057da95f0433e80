import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Result, Select, Space, Spin } from 'antd';
import { MailOutlined, MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkAgreement, checkCode, checkCompanySize, checkIndustry, checkPhone } from '@pixora/catalog';
import { accountApi, type Registration } from '../../api/account.ts';
import { fieldErrors, serverMessage } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { isApiError } from '../../api/http.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { AccountShell } from './AccountShell.tsx';
import { NewPasswordFields, ProfileField, SubmitButton } from './fields.tsx';
import { openLoginDialog } from './loginDialog.ts';
import { companySizeOptions, regionOptions } from './options.ts';
import { rememberEmail } from './rememberedEmails.ts';
import { checkRule, dependentRule, optionalCheck, showFieldErrors } from './rules.ts';
import { useSecondsLeft } from './useSecondsLeft.ts';
import { useConsoleError } from './useConsoleError.ts';
import styles from './Account.module.css';

/** Seconds before another SMS code may be asked for (the server allows one a minute per phone). */
export const PHONE_CODE_COOLDOWN_SECONDS = 60;
/** The code of an answer saying the mailed link is used up or expired. */
const LINK_INVALID = 30004;
/** The code of an answer saying the SMS code is wrong or expired: said beside the code field. */
const PHONE_CODE_WRONG = 30005;

/** The fields of the form: the registration less what the mailed link brings; size and agreement as entered. */
interface RegisterValues extends Omit<Registration, 'email' | 'token' | 'company_size' | 'agreement'> {
  company_size: number | undefined;
  agreement: boolean;
}

const FIELDS = [
  'email',
  'phone',
  'code',
  'real_name',
  'password',
  'confirm_password',
  'company',
  'industry',
  'company_size',
  'agreement',
] as const;

function LinkInvalid({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('account.registerPage.invalidTitle')}
      subTitle={t('account.registerPage.invalidBody')}
      extra={
        <Button type="primary" onClick={() => openLoginDialog('REGISTER', email)}>
          {t('account.registerPage.requestAgain')}
        </Button>
      }
      data-testid="register-link-invalid"
    />
  );
}

/** The full registration form (email, phone, code, real name, passwords, company, industry, size), reached from the link of the registration mail. */
export function RegisterPage({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [cooldown, startCooldown] = useSecondsLeft();
  const [outcome, setOutcome] = useState<'form' | 'done' | 'invalid'>('form');

  // What this deployment asks: the phone regions it offers and whether the company step is required.
  const options = useQuery({
    queryKey: ['registration-options'],
    queryFn: async () => (await accountApi.registrationOptions()).data,
    staleTime: Infinity,
  });
  const offered = options.data?.phone_regions;
  const companyOptional = options.data?.company === 'optional';
  const region = Form.useWatch('region', form);
  // The form starts on +86; a deployment that does not offer it starts on its first region.
  useEffect(() => {
    if (offered && offered.length > 0 && region && !(offered as readonly string[]).includes(region))
      form.setFieldValue('region', offered[0]);
  }, [offered, region, form]);

  const link = useQuery({
    queryKey: ['register-link', token, email],
    queryFn: async () => (await accountApi.checkRegisterLink(token, email)).data.valid,
    staleTime: Infinity,
    retry: false,
  });

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await accountApi.sendPhoneCode(
        form.getFieldValue('region'),
        form.getFieldValue('phone').trim(),
      );
      startCooldown(PHONE_CODE_COOLDOWN_SECONDS);
      void message.success({
        content: answer.message || t('account.messages.codeSent'),
        duration: MESSAGE_DURATION_MS / 1000,
      });
    } catch (error) {
      if (!showFieldErrors(form, fieldErrors(error), ['phone'])) showError(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      await accountApi.registerStep2({
        email,
        token,
        region: values.region,
        phone: values.phone.trim(),
        code: values.code.trim(),
        real_name: values.real_name.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        company: values.company.trim(),
        industry: values.industry.trim(),
        company_size: values.company_size!,
        agreement: 'true',
      });
      rememberEmail(email);
      void message.success({
        content: t('account.messages.registerSuccess'),
        duration: MESSAGE_DURATION_MS / 1000,
      });
      setOutcome('done');
    } catch (error) {
      if (isApiError(error) && error.code === LINK_INVALID) {
        showError(error);
        setOutcome('invalid');
      } else if (isApiError(error) && error.code === PHONE_CODE_WRONG) {
        const text = serverMessage(error);
        form.setFields([{ name: 'code', errors: text ? [text] : [] }]);
        if (!text) showError(error);
      } else if (!showFieldErrors(form, fieldErrors(error), FIELDS)) {
        showError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  let content;
  if (link.isPending) {
    content = (
      <div className={styles.centerBox}>
        <Spin />
        <p>{t('account.registerPage.checking')}</p>
      </div>
    );
  } else if (outcome === 'invalid' || link.data === false || link.isError) {
    content = <LinkInvalid email={email} />;
  } else if (outcome === 'done') {
    content = (
      <Result
        status="success"
        title={t('account.messages.registerSuccess')}
        subTitle={t('account.registerPage.successBody', { email })}
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => openLoginDialog('LOGIN', email)}
            data-testid="register-login-now"
          >
            {t('account.actions.loginNow')}
          </Button>
        }
        data-testid="register-success"
      />
    );
  } else {
    const regionSelect = (
      <Form.Item name="region" noStyle>
        <Select
          className={styles.regionSelect}
          style={{ flex: '0 0 104px', width: 104 }}
          size="large"
          options={regionOptions(t, offered)}
          optionRender={(option) => (
            <span className={styles.regionOption}>
              <span>{option.data.label}</span>
              <span className={styles.regionName}>{option.data.title}</span>
            </span>
          )}
          popupMatchSelectWidth={false}
          aria-label={t('account.fields.region')}
          data-testid="register-region"
        />
      </Form.Item>
    );
    content = (
      <Card className={styles.formCard}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ region: 'CN', agreement: false }}
          onFinish={(values) => void submit(values)}
          scrollToFirstError={{ block: 'center' }}
          data-testid="register-page-form"
        >
          <h2 className={styles.sectionTitle}>{t('account.registerPage.accountSection')}</h2>
          <div className={styles.grid}>
            <Form.Item label={t('account.fields.email')} required>
              <Input
                size="large"
                prefix={<MailOutlined aria-hidden />}
                value={email}
                readOnly
                aria-readonly
                data-testid="register-email"
              />
            </Form.Item>
            <ProfileField
              name="real_name"
              size="large"
              placeholder={t('account.placeholders.realName')}
              testId="register-real-name"
            />
            <NewPasswordFields
              label={t('account.fields.password')}
              passwordTestId="register-password"
              confirmTestId="register-confirm-password"
            />
          </div>

          <h2 className={styles.sectionTitle}>{t('account.registerPage.contactSection')}</h2>
          <div className={styles.grid}>
            <Form.Item label={t('account.fields.phone')} required>
              <Space.Compact block>
                {regionSelect}
                <Form.Item
                  name="phone"
                  noStyle
                  dependencies={['region']}
                  rules={[
                    dependentRule(t, (value: string | undefined, f) =>
                      checkPhone(f.getFieldValue('region'), value, offered),
                    ),
                  ]}
                >
                  <Input
                    size="large"
                    prefix={<MobileOutlined aria-hidden />}
                    placeholder={t(
                      region === 'INTL'
                        ? 'account.placeholders.phoneInternational'
                        : 'account.placeholders.phone',
                    )}
                    autoComplete="tel-national"
                    inputMode="tel"
                    aria-label={t('account.fields.phone')}
                    data-testid="register-phone"
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('account.fields.code')} required>
              <Space.Compact block>
                <Form.Item name="code" noStyle rules={[checkRule(t, checkCode)]}>
                  <Input
                    size="large"
                    prefix={<MessageOutlined aria-hidden />}
                    placeholder={t('account.placeholders.code')}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={6}
                    aria-label={t('account.fields.code')}
                    data-testid="register-code"
                  />
                </Form.Item>
                <Button
                  size="large"
                  onClick={() => void sendCode()}
                  disabled={cooldown > 0}
                  loading={sending}
                  className={styles.codeButton}
                  data-testid="register-send-code"
                >
                  {cooldown > 0
                    ? t('account.actions.resend', { seconds: cooldown })
                    : t('account.actions.getCode')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </div>

          <h2 className={styles.sectionTitle}>
            {t('account.registerPage.companySection')}
            {companyOptional && t('account.registerPage.optional')}
          </h2>
          <div className={styles.grid}>
            <ProfileField
              name="company"
              size="large"
              placeholder={t('account.placeholders.company')}
              testId="register-company"
              optional={companyOptional}
            />
            <Form.Item
              name="industry"
              label={t('account.fields.industry')}
              required={!companyOptional}
              rules={[checkRule(t, optionalCheck(checkIndustry, companyOptional))]}
            >
              <Input
                size="large"
                placeholder={t('account.placeholders.industry')}
                data-testid="register-industry"
              />
            </Form.Item>
            <Form.Item
              name="company_size"
              label={t('account.fields.companySize')}
              required={!companyOptional}
              rules={[checkRule(t, optionalCheck(checkCompanySize, companyOptional))]}
            >
              <Select
                size="large"
                options={companySizeOptions(t)}
                placeholder={t('account.placeholders.companySize')}
                data-testid="register-company-size"
              />
            </Form.Item>
          </div>

          <Form.Item
            name="agreement"
            valuePropName="checked"
            rules={[checkRule(t, checkAgreement)]}
            className={styles.agreementItem}
          >
            <Checkbox data-testid="register-agreement">
              {t('account.agreement.prefix')}{' '}
              <Link to="/service-protocol" target="_blank" rel="noopener">
                {t('account.agreement.userAgreement')}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </Link>{' '}
              {t('account.agreement.and')}{' '}
              <Link to="/privacy-protocol" target="_blank" rel="noopener">
                {t('account.agreement.privacy')}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </Link>
            </Checkbox>
          </Form.Item>
          <SubmitButton loading={submitting} testId="register-submit">
            {t('account.actions.register')}
          </SubmitButton>
        </Form>
      </Card>
    );
  }

  return (
    <AccountShell
      title={t('account.registerPage.title')}
      subtitle={
        outcome === 'form' && link.data === true ? t('account.registerPage.subtitle', { email }) : undefined
      }
      width="medium"
      testId="register-page"
    >
      {content}
    </AccountShell>
  );
}

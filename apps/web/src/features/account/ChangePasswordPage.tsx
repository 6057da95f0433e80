import { useState } from 'react';
import { Button, Card, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { fieldErrors } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { isApiError } from '../../api/http.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { AccountShell } from './AccountShell.tsx';
import { NewPasswordFields, SubmitButton } from './fields.tsx';
import { openLoginDialog } from './loginDialog.ts';
import { showFieldErrors } from './rules.ts';
import { useConsoleError } from './useConsoleError.ts';
import styles from './Account.module.css';

interface PasswordValues {
  password: string;
  confirm_password: string;
}

/** Step two of the password reset, reached from the link of the reset mail: the new password. */
export function ChangePasswordPage({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<'form' | 'done' | 'invalid'>('form');
  const [doneText, setDoneText] = useState('');

  const submit = async (values: PasswordValues) => {
    setSubmitting(true);
    try {
      const answer = await accountApi.resetStep2({
        email,
        token,
        password: values.password,
        confirm_password: values.confirm_password,
      });
      const text = answer.message || t('account.messages.passwordChanged');
      setDoneText(text);
      void message.success({ content: text, duration: MESSAGE_DURATION_MS / 1000 });
      setOutcome('done');
    } catch (error) {
      if (!showFieldErrors(form, fieldErrors(error), ['password', 'confirm_password'])) {
        showError(error);
        if (isApiError(error) && error.code === 30004) setOutcome('invalid');
      }
    } finally {
      setSubmitting(false);
    }
  };

  let content;
  if (outcome === 'done') {
    content = (
      <Result
        status="success"
        title={doneText}
        extra={
          <Button type="primary" size="large" onClick={() => openLoginDialog('LOGIN', email)}>
            {t('account.actions.loginNow')}
          </Button>
        }
        data-testid="changepwd-success"
      />
    );
  } else if (outcome === 'invalid') {
    content = (
      <Result
        status="warning"
        title={t('account.registerPage.invalidTitle')}
        subTitle={t('account.changePwdPage.invalidBody')}
        extra={
          <Button type="primary" onClick={() => openLoginDialog('CHANGEPWD', email)}>
            {t('account.registerPage.requestAgain')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <Card className={styles.formCard}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          data-testid="changepwd-page-form"
        >
          <Form.Item label={t('account.fields.email')}>
            <Input size="large" prefix={<MailOutlined aria-hidden />} value={email} readOnly aria-readonly />
          </Form.Item>
          <NewPasswordFields
            label={t('account.fields.newPassword')}
            passwordTestId="changepwd-password"
            confirmTestId="changepwd-confirm"
          />
          <SubmitButton loading={submitting} testId="changepwd-submit">
            {t('account.actions.setPassword')}
          </SubmitButton>
        </Form>
      </Card>
    );
  }

  return (
    <AccountShell
      title={t('account.changePwdPage.title')}
      subtitle={t('account.changePwdPage.subtitle', { email })}
      width="narrow"
      testId="changepwd-page"
    >
      {content}
    </AccountShell>
  );
}

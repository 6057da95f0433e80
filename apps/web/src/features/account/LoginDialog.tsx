import { useCallback, useState } from 'react';
import { AutoComplete, Button, Form, Input, Modal, notification, Tabs } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { checkEmail, checkLoginPassword } from '@pixora/catalog';
import { accountApi } from '../../api/account.ts';
import { fieldErrors } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { CaptchaField, SubmitButton } from './fields.tsx';
import { loginingTarget, returnPath } from './guard.ts';
import { closeLoginDialog, loginDialog, setLoginMode, type LoginMode } from './loginDialog.ts';
import { OaLogin, QrLogin } from './InternalLogin.tsx';
import { rememberedEmails, rememberEmail } from './rememberedEmails.ts';
import { checkRule, showFieldErrors } from './rules.ts';
import { storedRedirect, syncToken, useSession } from './session.ts';
import { useStore } from './store.ts';
import { useCaptcha, type Captcha } from './useCaptcha.ts';
import { useConsoleError } from './useConsoleError.ts';
import styles from './Account.module.css';

export const OUTBOX_PATH = '/outbox';
const MAIL_SENT_KEY = 'mail-sent';

/** Whether this platform keeps its mail in the local outbox (the outbox page exists only then). */
const outboxAvailable = () =>
  accountApi.outbox().then(
    () => true,
    () => false,
  );

const TITLE_KEYS: Record<LoginMode, string> = {
  LOGIN: 'account.dialog.login',
  REGISTER: 'account.dialog.register',
  CHANGEPWD: 'account.dialog.changePwd',
};

interface LoginValues {
  email: string;
  password: string;
  captcha: string;
}

function PasswordLogin({ captcha, initialEmail }: { captcha: Captcha; initialEmail: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [loading, setLoading] = useState(false);
  const [emails] = useState(rememberedEmails);

  const submit = async (values: LoginValues) => {
    if (!captcha.id) {
      void captcha.refresh();
      return;
    }
    setLoading(true);
    try {
      const email = values.email.trim();
      await accountApi.signin({
        email,
        password: values.password,
        captcha: values.captcha.trim(),
        captcha_id: captcha.id,
      });
      rememberEmail(email);
      void message.success({
        content: t('account.messages.loginSuccess'),
        duration: MESSAGE_DURATION_MS / 1000,
      });
      syncToken();
      closeLoginDialog();
      void navigate(loginingTarget(storedRedirect() ?? returnPath(location.pathname, location.search)));
    } catch (error) {
      // A failed attempt used the captcha up: a new one, and the answer field cleared.
      setLoading(false);
      form.setFieldValue('captcha', '');
      void captcha.refresh();
      if (!showFieldErrors(form, fieldErrors(error), ['email', 'password', 'captcha'])) {
        showError(error);
      }
    }
  };

  const query = (Form.useWatch('email', form) ?? '').trim().toLowerCase();
  const suggestions = emails
    .filter((email) => !query || (email.toLowerCase().startsWith(query) && email.toLowerCase() !== query))
    .map((email) => ({ value: email }));

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail || emails[0] || '', password: '', captcha: '' }}
      onFinish={(values) => void submit(values)}
      data-testid="login-form"
    >
      <Form.Item name="email" label={t('account.fields.email')} rules={[checkRule(t, checkEmail)]}>
        <AutoComplete options={suggestions}>
          <Input
            size="large"
            prefix={<MailOutlined aria-hidden />}
            placeholder={t('account.placeholders.email')}
            autoComplete="username"
            inputMode="email"
            data-testid="login-email"
          />
        </AutoComplete>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.fields.password')}
        rules={[checkRule(t, checkLoginPassword)]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('account.placeholders.password')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SubmitButton loading={loading} testId="login-submit">
        {t('account.actions.login')}
      </SubmitButton>
      <div className={styles.switchRow}>
        <Button type="link" onClick={() => setLoginMode('CHANGEPWD')} data-testid="to-changepwd">
          {t('account.actions.forgot')}
        </Button>
        <Button type="link" onClick={() => setLoginMode('REGISTER')} data-testid="to-register">
          {t('account.actions.toRegister')}
        </Button>
      </div>
    </Form>
  );
}

interface MailValues {
  email: string;
  captcha: string;
}

/** Step one of registration or password reset: e-mail and captcha; the server mails the link. */
function MailStep(props: {
  mode: 'REGISTER' | 'CHANGEPWD';
  captcha: Captcha;
  initialEmail: string;
  onMailSent: (text: string) => void;
}) {
  const { t } = useTranslation();
  const showError = useConsoleError();
  const [form] = Form.useForm<MailValues>();
  const [loading, setLoading] = useState(false);
  const { captcha } = props;

  const submit = async (values: MailValues) => {
    if (!captcha.id) {
      void captcha.refresh();
      return;
    }
    setLoading(true);
    const body = { email: values.email.trim(), captcha: values.captcha.trim(), captcha_id: captcha.id };
    try {
      const answer = await (props.mode === 'REGISTER'
        ? accountApi.registerStep1(body)
        : accountApi.resetStep1(body));
      closeLoginDialog();
      props.onMailSent(answer.message || t('account.messages.mailSent'));
    } catch (error) {
      setLoading(false);
      form.setFieldValue('captcha', '');
      void captcha.refresh();
      if (!showFieldErrors(form, fieldErrors(error), ['email', 'captcha'])) {
        showError(error);
      }
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: props.initialEmail, captcha: '' }}
      onFinish={(values) => void submit(values)}
      data-testid={props.mode === 'REGISTER' ? 'register-form' : 'changepwd-form'}
    >
      <p className={styles.dialogHint}>
        {t(props.mode === 'REGISTER' ? 'account.dialog.registerHint' : 'account.dialog.changePwdHint')}
      </p>
      <Form.Item name="email" label={t('account.fields.email')} rules={[checkRule(t, checkEmail)]}>
        <Input
          size="large"
          prefix={<MailOutlined aria-hidden />}
          placeholder={t('account.placeholders.email')}
          autoComplete="email"
          inputMode="email"
          data-testid="mail-email"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SubmitButton loading={loading} testId="mail-submit">
        {t(props.mode === 'REGISTER' ? 'account.actions.sendRegisterMail' : 'account.actions.sendResetMail')}
      </SubmitButton>
      <Button
        size="large"
        block
        className={styles.returnButton}
        onClick={() => setLoginMode('LOGIN')}
        data-testid="dialog-return"
      >
        {t('account.actions.back')}
      </Button>
    </Form>
  );
}

/**
 * The login dialog: modes LOGIN, REGISTER and CHANGEPWD, opened by the global
 * events. On the internal network LOGIN offers OA and QR-code login besides the password.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const [notify, holder] = notification.useNotification();
  const dialog = useStore(loginDialog);
  const { domain } = useSession();
  const captcha = useCaptcha(dialog.open);
  // Register and reset end with a notice that the mail is on its way (and where to read it locally).
  const onMailSent = useCallback(
    async (text: string) => {
      const withOutbox = await outboxAvailable();
      notify.success({
        key: MAIL_SENT_KEY,
        title: t('account.messages.mailSentTitle'),
        description: (
          <div data-testid="mail-sent-notice">
            <p className={styles.noticeText}>{text}</p>
            {withOutbox && (
              <p className={styles.noticeText}>
                {t('account.messages.outboxHint')}{' '}
                <Link
                  to={OUTBOX_PATH}
                  onClick={() => notify.destroy(MAIL_SENT_KEY)}
                  data-testid="mail-sent-outbox"
                >
                  {t('account.messages.openOutbox')}
                </Link>
              </p>
            )}
          </div>
        ),
        duration: 0,
      });
    },
    [notify, t],
  );

  // Every opening and every mode starts with fresh fields.
  const formKey = `${dialog.opening}-${dialog.mode}`;

  const password = <PasswordLogin key={formKey} captcha={captcha} initialEmail={dialog.email} />;
  let body;
  if (dialog.mode !== 'LOGIN') {
    body = (
      <MailStep
        key={formKey}
        mode={dialog.mode}
        captcha={captcha}
        initialEmail={dialog.email}
        onMailSent={(text) => void onMailSent(text)}
      />
    );
  } else if (domain === 'IN') {
    body = (
      <Tabs
        defaultActiveKey="oa"
        items={[
          { key: 'oa', label: t('account.tabs.oa'), children: <OaLogin /> },
          { key: 'qr', label: t('account.tabs.qr'), children: <QrLogin /> },
          { key: 'password', label: t('account.tabs.password'), children: password },
        ]}
      />
    );
  } else {
    body = password;
  }

  return (
    <>
      {holder}
      <Modal
        open={dialog.open}
        onCancel={closeLoginDialog}
        footer={null}
        width={440}
        centered
        destroyOnHidden
        title={t(TITLE_KEYS[dialog.mode])}
      >
        <div data-testid="login-dialog" data-mode={dialog.mode}>
          {body}
        </div>
      </Modal>
    </>
  );
}

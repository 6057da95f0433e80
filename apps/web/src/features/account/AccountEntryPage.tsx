import { useEffect, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { LoginOutlined, UserAddOutlined, KeyOutlined, DashboardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavButton } from '../../components/NavButton.tsx';
import { CONSOLE_PATH } from './adminRoutes.ts';
import { AccountShell } from './AccountShell.tsx';
import { openLoginDialog, type LoginMode } from './loginDialog.ts';
import { useSession } from './session.ts';
import styles from './Account.module.css';

const COPY: Record<LoginMode, { title: string; body: string; action: string; testId: string }> = {
  LOGIN: {
    title: 'pages.login.title',
    body: 'pages.login.body',
    action: 'account.entry.openLogin',
    testId: 'page-login',
  },
  REGISTER: {
    title: 'pages.register.title',
    body: 'pages.register.body',
    action: 'account.entry.openRegister',
    testId: 'page-register',
  },
  CHANGEPWD: {
    title: 'pages.changePwd.title',
    body: 'pages.changePwd.body',
    action: 'account.entry.openChangePwd',
    testId: 'page-changePwd',
  },
};

const ICONS: Record<LoginMode, ReactNode> = {
  LOGIN: <LoginOutlined aria-hidden />,
  REGISTER: <UserAddOutlined aria-hidden />,
  CHANGEPWD: <KeyOutlined aria-hidden />,
};

/**
 * /login, /register and /changePwd without a mail token: the page opens the login dialog in its
 * mode, and offers to open it again. Signed-in visitors are pointed to the console.
 */
export function AccountEntryPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const { token, name } = useSession();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const copy = COPY[mode];

  useEffect(() => {
    if (!token) openLoginDialog(mode, email);
  }, [mode, email, token]);

  return (
    <AccountShell title={t(copy.title)} testId={copy.testId}>
      {token ? (
        <Result
          status="success"
          title={t('account.entry.signedIn', { name })}
          extra={
            <NavButton type="primary" icon={<DashboardOutlined aria-hidden />} to={CONSOLE_PATH}>
              {t('account.userMenu.console')}
            </NavButton>
          }
        />
      ) : (
        <Result
          className={styles.entryResult}
          icon={ICONS[mode]}
          title={t(copy.body)}
          extra={
            <Button type="primary" size="large" onClick={() => openLoginDialog(mode, email)}>
              {t(copy.action)}
            </Button>
          }
        />
      )}
    </AccountShell>
  );
}

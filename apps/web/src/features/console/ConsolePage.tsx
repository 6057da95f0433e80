import type { ReactNode } from 'react';
import { Alert, Card, Tag } from 'antd';
import {
  ApiOutlined,
  ExperimentOutlined,
  IdcardOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCS_PATH } from '../../app/site.ts';
import { AccountShell } from '../account/AccountShell.tsx';
import {
  accessibleAdminRoutes,
  DEMO_AREA_PATH,
  USER_INFO_PATH,
  USERS_ADMIN_PATH,
} from '../account/adminRoutes.ts';
import { ConsoleNav } from '../account/ConsoleNav.tsx';
import { roleLabel } from '../account/options.ts';
import { useSession } from '../account/session.ts';
import styles from '../account/Account.module.css';

interface Shortcut {
  to: string;
  icon: ReactNode;
  title: string;
  body: string;
}

/** The console landing (/open-admin/open-platform-admin): welcome, roles, and where to go next. */
export function ConsolePage() {
  const { t } = useTranslation();
  const { name, roles, domain } = useSession();
  const reachable = accessibleAdminRoutes(roles ?? [], domain).map((route) => route.path);

  const shortcuts: Shortcut[] = [
    {
      to: USER_INFO_PATH,
      icon: <IdcardOutlined />,
      title: t('console.cards.userInfo.title'),
      body: t('console.cards.userInfo.body'),
    },
    {
      to: DOCS_PATH,
      icon: <ReadOutlined />,
      title: t('console.cards.docs.title'),
      body: t('console.cards.docs.body'),
    },
    {
      to: '/algorithm',
      icon: <ApiOutlined />,
      title: t('console.cards.demos.title'),
      body: t('console.cards.demos.body'),
    },
  ];
  if (reachable.includes(USERS_ADMIN_PATH))
    shortcuts.push({
      to: USERS_ADMIN_PATH,
      icon: <TeamOutlined />,
      title: t('console.cards.users.title'),
      body: t('console.cards.users.body'),
    });
  if (reachable.includes(DEMO_AREA_PATH))
    shortcuts.push({
      to: DEMO_AREA_PATH,
      icon: <ExperimentOutlined />,
      title: t('console.cards.demoArea.title'),
      body: t('console.cards.demoArea.body'),
    });

  return (
    <AccountShell
      title={t('console.title')}
      subtitle={t('console.welcome', { name })}
      width="wide"
      testId="console-page"
      aside={<ConsoleNav />}
    >
      <div className={styles.stack}>
        <Card className={styles.panel}>
          <div className={styles.rolesRow}>
            <span className={styles.rolesLabel}>{t('console.rolesLabel')}</span>
            <span className={styles.tags} data-testid="console-roles">
              {(roles ?? []).map((role) => (
                <Tag key={role} color={role === 'admin' ? 'purple' : 'blue'}>
                  {roleLabel(t, role)}
                </Tag>
              ))}
            </span>
          </div>
        </Card>
        <Alert type="info" showIcon title={t('console.appsNotice')} data-testid="console-apps-notice" />
        <div className={styles.shortcuts}>
          {shortcuts.map((shortcut) => (
            <Link key={shortcut.to} to={shortcut.to} className={styles.shortcut}>
              <span className={styles.shortcutIcon} aria-hidden>
                {shortcut.icon}
              </span>
              <span>
                <span className={styles.shortcutTitle}>{shortcut.title}</span>
                <span className={styles.shortcutBody}>{shortcut.body}</span>
              </span>
            </Link>
          ))}
        </div>
      </div>
    </AccountShell>
  );
}

import type { ReactNode } from 'react';
import { Card, Tag } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  ExperimentOutlined,
  IdcardOutlined,
  MobileOutlined,
  PlusCircleOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleApi } from '../../api/console.ts';
import { DOCS_PATH } from '../../routing/paths.ts';
import {
  accessibleAdminRoutes,
  APPS_PATH,
  DEMO_AREA_PATH,
  REVIEW_PATH,
  SDK_REQUESTS_PATH,
  USAGE_PATH,
  USER_INFO_PATH,
  USERS_ADMIN_PATH,
} from '../account/adminRoutes.ts';
import { roleLabel } from '../account/options.ts';
import { useSession } from '../account/session.ts';
import { applyLink, APPS_QUERY_KEY } from './AppsPage.tsx';
import styles from '../account/Account.module.css';
import consoleStyles from './Console.module.css';
import { ConsoleShell } from './parts.tsx';
import { intlLocale } from '../../i18n/language.ts';
import { WorkersPanel } from './WorkersPanel.tsx';

interface Shortcut {
  to: string;
  icon: ReactNode;
  /** `console.cards.<key>.title` and `.body`. */
  key: string;
}

/** The console landing (/open-admin/open-platform-admin): welcome, roles, the apps at a glance, and where to go next. */
export function ConsolePage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const { name, roles, domain } = useSession();
  const reachable = accessibleAdminRoutes(roles ?? [], domain).map((route) => route.path);
  const apps = useQuery({ queryKey: APPS_QUERY_KEY, queryFn: consoleApi.apps });
  const list = apps.data ?? [];

  const shortcuts: Shortcut[] = [
    { to: APPS_PATH, icon: <AppstoreOutlined />, key: 'apps' },
    { to: applyLink(), icon: <PlusCircleOutlined />, key: 'apply' },
    { to: USAGE_PATH, icon: <BarChartOutlined />, key: 'usage' },
    { to: SDK_REQUESTS_PATH, icon: <MobileOutlined />, key: 'sdk' },
    { to: USER_INFO_PATH, icon: <IdcardOutlined />, key: 'userInfo' },
    { to: DOCS_PATH, icon: <ReadOutlined />, key: 'docs' },
    { to: '/algorithm', icon: <ApiOutlined />, key: 'demos' },
  ];
  if (reachable.includes(REVIEW_PATH))
    shortcuts.push({ to: REVIEW_PATH, icon: <AuditOutlined />, key: 'review' });
  if (reachable.includes(USERS_ADMIN_PATH))
    shortcuts.push({ to: USERS_ADMIN_PATH, icon: <TeamOutlined />, key: 'users' });
  if (reachable.includes(DEMO_AREA_PATH))
    shortcuts.push({ to: DEMO_AREA_PATH, icon: <ExperimentOutlined />, key: 'demoArea' });

  const stats = [
    ['apps', list.length],
    ['today', list.reduce((n, app) => n + app.today_calls, 0)],
    ['pending', list.filter((app) => app.review_status === 'pending').length],
  ] as const;

  return (
    <ConsoleShell title={t('console.title')} subtitle={t('console.welcome', { name })} testId="console-page">
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
        <div className={consoleStyles.stats} data-testid="console-stats">
          {stats.map(([key, value]) => (
            <Link key={key} to={key === 'today' ? USAGE_PATH : APPS_PATH} className={consoleStyles.stat}>
              <span className={consoleStyles.statLabel}>{t(`console.stats.${key}`)}</span>
              <span className={consoleStyles.statValue}>{apps.isSuccess ? number.format(value) : '–'}</span>
            </Link>
          ))}
        </div>
        <div className={styles.shortcuts}>
          {shortcuts.map((shortcut) => (
            <Link key={shortcut.key} to={shortcut.to} className={styles.shortcut}>
              <span className={styles.shortcutIcon} aria-hidden>
                {shortcut.icon}
              </span>
              <span>
                <span className={styles.shortcutTitle}>{t(`console.cards.${shortcut.key}.title`)}</span>
                <span className={styles.shortcutBody}>{t(`console.cards.${shortcut.key}.body`)}</span>
              </span>
            </Link>
          ))}
        </div>
        {(roles ?? []).includes('admin') && <WorkersPanel />}
      </div>
    </ConsoleShell>
  );
}

import { useEffect } from 'react';
import { Badge, Dropdown, type MenuProps } from 'antd';
import {
  BellOutlined,
  DashboardOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messagesApi } from '../../api/backOffice.ts';
import { CONSOLE_PATH, MESSAGES_PATH, USER_INFO_PATH } from './adminRoutes.ts';
import { logout, session, setUnreadCount, useSession } from './session.ts';
import styles from './Account.module.css';

/** How often the unread count is read again while a page stays open. */
export const UNREAD_POLL_MS = 60_000;

/** Reads the unread count now, when the window gets the focus back, and every UNREAD_POLL_MS. */
function useUnreadCount(): number {
  const { unreadCount, token } = useSession();
  useEffect(() => {
    if (!token) return;
    const refresh = () => {
      messagesApi.unreadCount().then(
        (count) => {
          if (session.get().token === token) setUnreadCount(count);
        },
        () => {
          // The badge keeps its count; a 401 has ended the session through `request`.
        },
      );
    };
    refresh();
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [token]);
  return unreadCount;
}

/** The messages link of the top bar with the unread count, then the user icon with Console, Messages, Personal information and Logout. */
export function UserDropdown({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const items: MenuProps['items'] = [
    { key: 'console', icon: <DashboardOutlined />, label: t('account.userMenu.console') },
    { key: 'messages', icon: <BellOutlined />, label: t('account.userMenu.messages') },
    { key: 'userInfo', icon: <IdcardOutlined />, label: t('account.userMenu.userInfo') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('account.userMenu.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'console') void navigate(CONSOLE_PATH);
    else if (key === 'userInfo') void navigate(USER_INFO_PATH);
    else if (key === 'messages') void navigate(MESSAGES_PATH);
    else if (key === 'logout') void logout();
  };

  return (
    <>
      <Link
        to={MESSAGES_PATH}
        className={styles.messagesLink}
        aria-label={t('account.userMenu.unread', { count: unread })}
        data-testid="unread-link"
      >
        <Badge count={unread} size="small" overflowCount={99} data-testid="unread-count">
          <BellOutlined className={styles.messagesIcon} aria-hidden />
        </Badge>
      </Link>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          className={styles.userButton}
          aria-label={t('account.userMenu.label', { name })}
          data-testid="user-menu"
        >
          <span className={styles.avatar} aria-hidden>
            <UserOutlined />
          </span>
          <span className={styles.userName}>{name}</span>
          <DownOutlined className={styles.userCaret} aria-hidden />
        </button>
      </Dropdown>
    </>
  );
}

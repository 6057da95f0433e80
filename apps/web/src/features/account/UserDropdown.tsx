import { Dropdown, type MenuProps } from 'antd';
import {
  DashboardOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONSOLE_PATH, USER_INFO_PATH } from './adminRoutes.ts';
import { logout } from './session.ts';
import styles from './Account.module.css';

/** The user icon of the top bar with Console, Personal information and Logout. */
export function UserDropdown({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    { key: 'console', icon: <DashboardOutlined />, label: t('account.userMenu.console') },
    { key: 'userInfo', icon: <IdcardOutlined />, label: t('account.userMenu.userInfo') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('account.userMenu.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'console') void navigate(CONSOLE_PATH);
    else if (key === 'userInfo') void navigate(USER_INFO_PATH);
    else if (key === 'logout') void logout();
  };

  return (
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
  );
}

import { Suspense } from 'react';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../../components/LightButton.tsx';
import { lazyWithAntd } from '../../components/antdScope.tsx';
import { emit } from './events.ts';
import { useSession } from './session.ts';
import styles from './Account.module.css';

// The menu of a signed-in user loads with the first signed-in page, not with every visit.
const UserDropdown = lazyWithAntd(() => import('./UserDropdown.tsx').then((m) => m.UserDropdown));

/**
 * The account end of the top bar: the login/register button when signed out; when
 * signed in the user icon with Console, Personal information and Logout (which reloads the page).
 */
export function UserMenu({ loginClassName }: { loginClassName?: string }) {
  const { t } = useTranslation();
  const { token, name } = useSession();

  if (!token) {
    return (
      <LightButton
        variant="primary"
        className={loginClassName}
        onClick={() => emit('login')}
        data-testid="nav-login"
      >
        {t('nav.login')}
      </LightButton>
    );
  }
  return (
    <Suspense
      fallback={
        <span className={styles.avatar} aria-hidden>
          <UserOutlined />
        </span>
      }
    >
      <UserDropdown name={name} />
    </Suspense>
  );
}

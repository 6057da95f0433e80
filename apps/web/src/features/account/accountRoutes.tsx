import { useSearchParams } from 'react-router';
import { AccountEntryPage } from './AccountEntryPage.tsx';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

/** /login: opens the login dialog. */
export function LoginRoute() {
  return <AccountEntryPage mode="LOGIN" />;
}

/** /register?token&email: the full registration form; without a token, the register dialog. */
export function RegisterRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return token && email ? <RegisterPage token={token} email={email} /> : <AccountEntryPage mode="REGISTER" />;
}

/** /changePwd?token&email: the new-password form; without a token, the reset dialog. */
export function ChangePwdRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return token && email ? (
    <ChangePasswordPage token={token} email={email} />
  ) : (
    <AccountEntryPage mode="CHANGEPWD" />
  );
}

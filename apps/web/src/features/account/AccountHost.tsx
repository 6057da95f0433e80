import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { lazyWithAntd } from '../../components/antdScope.tsx';
import { emit } from './events.ts';
import { loginDialog } from './loginDialog.ts';
import { protocolReadOnly } from './protocolView.ts';
import { expiredNotice, pendingError, useSession } from './session.ts';
import { useStore } from './store.ts';

// The dialogs load on first use (with antd): most visits never open them.
const LoginDialog = lazyWithAntd(() => import('./LoginDialog.tsx').then((m) => m.LoginDialog));
const ProtocolDialog = lazyWithAntd(() => import('./ProtocolDialog.tsx').then((m) => m.ProtocolDialog));

/**
 * The account layer of every page: the login and protocol dialogs, and the announcements of an
 * ended session (the message, then back to the index).
 */
export function AccountHost() {
  const { t } = useTranslation();
  const message = useMessage();
  const expired = useStore(expiredNotice);
  const failed = useStore(pendingError);
  const loginOpen = useStore(loginDialog).open;
  const { protocolChanged } = useSession();
  const readOnlyAsked = useStore(protocolReadOnly);
  const protocolOpen = protocolChanged || readOnlyAsked;
  // Once mounted, a dialog stays mounted so that it can animate its closing.
  const [loginMounted, setLoginMounted] = useState(loginOpen);
  const [protocolMounted, setProtocolMounted] = useState(protocolOpen);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  if (protocolOpen && !protocolMounted) setProtocolMounted(true);

  useEffect(() => {
    if (!expired) return;
    void message.error({
      key: 'session-expired',
      content: expired.message || t('errors.loginExpired'),
      duration: MESSAGE_DURATION_MS / 1000,
      onClose: () => {
        expiredNotice.set(null);
        emit('jumpToIndex');
      },
    });
  }, [expired, message, t]);

  useEffect(() => {
    if (!failed) return;
    pendingError.set(null);
    void message.error({ content: failed, duration: MESSAGE_DURATION_MS / 1000 });
  }, [failed, message]);

  return (
    <>
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
      {protocolMounted && (
        <Suspense fallback={null}>
          <ProtocolDialog />
        </Suspense>
      )}
    </>
  );
}

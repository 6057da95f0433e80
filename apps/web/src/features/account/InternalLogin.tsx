import { useCallback, useEffect } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { accountApi, oauthAuthorizeUrl, type InternalLogin } from '../../api/account.ts';
import { LOGINING_PATH, returnPath } from './guard.ts';
import { storedRedirect, storeRedirect } from './session.ts';
import { browserLocation, qrMessageTarget } from './workQr.ts';
import styles from './Account.module.css';

/**
 * What the internal network offers (OA, QR frame). Asked again each time a tab opens: the answer
 * refreshes the login state cookie the code exchange checks.
 */
function useInternalLogin() {
  return useQuery({
    queryKey: ['internal-login'],
    queryFn: async (): Promise<InternalLogin> => (await accountApi.internalLogin()).data,
    staleTime: 0,
    retry: false,
  });
}

/** Before the whole page leaves for a provider: keep the page to come back to after /logining. */
function useLeaveForLogin() {
  const { pathname, search } = useLocation();
  return useCallback(
    (url: string) => {
      const back = returnPath(pathname, search);
      if (!storedRedirect() && back) storeRedirect(back);
      browserLocation.assign(url);
    },
    [pathname, search],
  );
}

function Loading() {
  return (
    <div className={styles.frameBox}>
      <Spin />
    </div>
  );
}

/** OA login of the internal network: the provider's page in a frame, or in this window when it refuses framing. */
export function OaLogin() {
  const { t } = useTranslation();
  const options = useInternalLogin();
  const leave = useLeaveForLogin();
  // The provider sends the browser back to /logining with `code` and `state`; the guard exchanges them.
  const start = oauthAuthorizeUrl(`${window.location.origin}${LOGINING_PATH}`);

  if (options.isPending) return <Loading />;
  if (!options.data?.oa) return <Alert type="info" showIcon title={t('account.oa.notConfigured')} />;
  return (
    <div className={styles.frameWrap}>
      <iframe
        className={styles.frame}
        src={start}
        title={t('account.oa.frameTitle')}
        data-testid="oa-frame"
      />
      <Button block icon={<LoginOutlined aria-hidden />} onClick={() => leave(start)}>
        {t('account.oa.openHere')}
      </Button>
    </div>
  );
}

/**
 * Work-account QR-code login: the provider's QR page in a frame, with the parameters the server
 * configures; a message from the work-login origin names the address to open.
 */
export function QrLogin() {
  const { t } = useTranslation();
  const options = useInternalLogin();
  const leave = useLeaveForLogin();
  const frame = options.data?.qr ?? null;

  useEffect(() => {
    if (!frame) return;
    const onMessage = (event: MessageEvent) => {
      const target = qrMessageTarget(event, frame);
      if (target) leave(target);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, leave]);

  if (options.isPending) return <Loading />;
  if (!frame) return <Alert type="info" showIcon title={t('account.qr.notConfigured')} />;
  return (
    <div className={styles.frameWrap}>
      <p className={styles.dialogHint}>{t('account.qr.hint')}</p>
      <iframe
        className={styles.frame}
        src={frame.url}
        title={t('account.qr.frameTitle')}
        data-testid="qr-frame"
      />
    </div>
  );
}

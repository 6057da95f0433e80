import { useEffect, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isOauthConfigured, oauthAuthorizeUrl } from '../../api/account.ts';
import { LOGINING_PATH } from './guard.ts';
import { qrMessageTarget, workQrConfig, workQrFrame } from './workQr.ts';
import styles from './Account.module.css';

/** The OA provider sends the browser back here with `code` and `state`; the guard exchanges them. */
const oaReturnAddress = () => `${window.location.origin}${LOGINING_PATH}`;

/** OA login of the internal network: the provider's page in a frame, or in this window when it refuses framing. */
export function OaLogin() {
  const { t } = useTranslation();
  const [configured, setConfigured] = useState<boolean | null>(null);
  const start = oauthAuthorizeUrl(oaReturnAddress());

  useEffect(() => {
    let live = true;
    void isOauthConfigured(oaReturnAddress()).then((ok) => {
      if (live) setConfigured(ok);
    });
    return () => {
      live = false;
    };
  }, []);

  if (configured === null)
    return (
      <div className={styles.frameBox}>
        <Spin />
      </div>
    );
  if (!configured) return <Alert type="info" showIcon title={t('account.oa.notConfigured')} />;
  return (
    <div className={styles.frameWrap}>
      <iframe className={styles.frame} src={start} title={t('account.oa.frameTitle')} />
      <Button block icon={<LoginOutlined aria-hidden />} onClick={() => window.location.assign(start)}>
        {t('account.oa.openHere')}
      </Button>
    </div>
  );
}

const QR_FRAME = workQrFrame(workQrConfig);

/** Work-account QR-code login: the provider's QR page in a frame; its message names the address to open. */
export function QrLogin() {
  const { t } = useTranslation();
  const frame = QR_FRAME;

  useEffect(() => {
    if (!frame) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frame.origin) return;
      const target = qrMessageTarget(event.data);
      if (target) window.location.href = target;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);

  if (!frame) return <Alert type="info" showIcon title={t('account.qr.notConfigured')} />;
  return (
    <div className={styles.frameWrap}>
      <p className={styles.dialogHint}>{t('account.qr.hint')}</p>
      <iframe className={styles.frame} src={frame.src} title={t('account.qr.frameTitle')} />
    </div>
  );
}

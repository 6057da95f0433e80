import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { formatDateTime } from './format.ts';
import { agreeProtocol, logout, useSession } from './session.ts';
import { closeProtocolReadOnly, protocolReadOnly } from './protocolView.ts';
import { useStore } from './store.ts';
import { useConsoleError } from './useConsoleError.ts';
import styles from './Account.module.css';

/** The agreement dialog's countdown, reset delay, width, and how long an agree failure stays. */
export const PROTOCOL_COUNTDOWN_SECONDS = 5;
export const PROTOCOL_RESET_DELAY_MS = 300;
export const PROTOCOL_DIALOG_WIDTH = 740;
export const AGREE_FAILURE_DURATION_MS = 4000;

/**
 * Seconds left of the countdown that starts each time `open` turns on; it is back to the start
 * `resetDelayMs` after closing.
 */
export function useOpeningCountdown(open: boolean, seconds: number, resetDelayMs: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!open) {
      const reset = setTimeout(() => setLeft(seconds), resetDelayMs);
      return () => clearTimeout(reset);
    }
    setLeft(seconds);
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [open, seconds, resetDelayMs]);
  return left;
}

const SUMMARY = {
  agreement: [
    'protocol.agreement.accounts',
    'protocol.agreement.fees',
    'protocol.agreement.liability',
    'protocol.agreement.consent',
  ],
  privacy: [
    'protocol.privacy.collected',
    'protocol.privacy.storage',
    'protocol.privacy.minors',
    'protocol.privacy.rights',
  ],
} as const;

/**
 * The protocol acceptance dialog. It opens by itself when the agreement of the
 * profile differs from the version in force, and cannot be dismissed by a click outside or Escape;
 * both buttons wait out a 5-second countdown. Agree saves the new agreement; Logout ends the
 * session and reloads. The read-only view, opened from the personal information page, has one
 * back button.
 */
export function ProtocolDialog() {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const { protocolChanged, protocolVersion } = useSession();
  const readOnlyAsked = useStore(protocolReadOnly);
  const open = protocolChanged || readOnlyAsked;
  const readOnly = !protocolChanged && readOnlyAsked;
  const left = useOpeningCountdown(open, PROTOCOL_COUNTDOWN_SECONDS, PROTOCOL_RESET_DELAY_MS);
  const [busy, setBusy] = useState<'agree' | 'logout' | null>(null);
  // The view stays as it was while the dialog closes; it resets with the countdown.
  const [shownReadOnly, setShownReadOnly] = useState(readOnly);
  if (open && shownReadOnly !== readOnly) setShownReadOnly(readOnly);
  useEffect(() => {
    if (open) return;
    const reset = setTimeout(() => {
      setBusy(null);
      setShownReadOnly(false);
    }, PROTOCOL_RESET_DELAY_MS);
    return () => clearTimeout(reset);
  }, [open]);

  const waiting = left > 0;
  const agree = async () => {
    setBusy('agree');
    try {
      await agreeProtocol();
      void message.success({ content: t('protocol.agreed'), duration: MESSAGE_DURATION_MS / 1000 });
    } catch (error) {
      setBusy(null);
      // The server's message, for 4 s; a 401 is announced by the session layer, which also closes this dialog.
      showError(error, AGREE_FAILURE_DURATION_MS);
    }
  };

  const footer = shownReadOnly ? (
    <Button type="primary" onClick={closeProtocolReadOnly} data-testid="protocol-back">
      {t('protocol.back')}
    </Button>
  ) : (
    <div className={styles.protocolFooter}>
      {waiting && (
        <span className={styles.countdown} aria-live="polite" data-testid="protocol-countdown">
          {t('protocol.countdown', { seconds: left })}
        </span>
      )}
      <Button
        disabled={waiting || busy !== null}
        loading={busy === 'logout'}
        onClick={() => {
          setBusy('logout');
          void logout();
        }}
        data-testid="protocol-logout"
      >
        {waiting ? t('protocol.logoutIn', { seconds: left }) : t('protocol.logout')}
      </Button>
      <Button
        type="primary"
        disabled={waiting || busy !== null}
        loading={busy === 'agree'}
        onClick={() => void agree()}
        data-testid="protocol-agree"
      >
        {waiting ? t('protocol.agreeIn', { seconds: left }) : t('protocol.agree')}
      </Button>
    </div>
  );

  const date = formatDateTime(protocolVersion, false);
  return (
    <Modal
      open={open}
      width={PROTOCOL_DIALOG_WIDTH}
      centered
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      title={
        <span className={styles.protocolTitle}>
          <FileProtectOutlined aria-hidden />
          {t(shownReadOnly ? 'protocol.readOnlyTitle' : 'protocol.title')}
        </span>
      }
      footer={footer}
    >
      <div className={styles.protocolBody} data-testid="protocol-dialog" data-readonly={shownReadOnly}>
        <p className={styles.protocolIntro}>
          {shownReadOnly ? t('protocol.readOnlyIntro', { date }) : t('protocol.intro', { date })}
        </p>
        <section aria-labelledby="protocol-agreement-heading">
          <h3 id="protocol-agreement-heading" className={styles.protocolHeading}>
            {t('protocol.agreement.heading')}
          </h3>
          <ul className={styles.protocolList}>
            {SUMMARY.agreement.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="protocol-privacy-heading">
          <h3 id="protocol-privacy-heading" className={styles.protocolHeading}>
            {t('protocol.privacy.heading')}
          </h3>
          <ul className={styles.protocolList}>
            {SUMMARY.privacy.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.protocolLinks}>
        {t('protocol.readFull')}{' '}
        <a href="/service-protocol" target="_blank" rel="noopener" data-testid="protocol-service-link">
          {t('protocol.serviceLink')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
        {' · '}
        <a href="/privacy-protocol" target="_blank" rel="noopener" data-testid="protocol-privacy-link">
          {t('protocol.privacyLink')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
      </p>
    </Modal>
  );
}

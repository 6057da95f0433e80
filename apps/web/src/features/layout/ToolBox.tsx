import { Suspense, useId, useRef, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import {
  AppstoreOutlined,
  CloseOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  MailOutlined,
  QrcodeOutlined,
  ShareAltOutlined,
  VerticalAlignTopOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/QrCode.tsx';
import { useShare } from '../../components/useShare.ts';
import { lazyWithAntd } from '../../components/antdScope.tsx';
import { STUDIO_SOLUTION_PATH } from '../../routing/paths.ts';
import { useSession } from '../account/session.ts';
import { withPageMessages } from '../../i18n/i18n.ts';
import { contactMails, useSiteConfig } from './siteConfig.ts';
import { useScrolled } from './useScrolled.ts';
import { toolBoxItems } from './toolbox.ts';
import styles from './ToolBox.module.css';

// Both open on demand: the first page load does not carry the form and upload code.
const FeedbackDialog = lazyWithAntd(() =>
  withPageMessages(import('../feedback/FeedbackDialog.tsx')).then((m) => m.FeedbackDialog),
);
const SupportPanel = lazyWithAntd(() => import('./support/SupportPanel.tsx').then((m) => m.SupportPanel));

/** A tool whose panel (a QR code) opens on hover, focus or click, and closes with Escape. */
function FlyoutTool({
  icon,
  label,
  testId,
  children,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={wrapper}
      className={`${styles.item} ${styles.desktopOnly}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event: FocusEvent) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className={styles.tool}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      >
        {icon}
      </button>
      <div id={panelId} className={styles.flyout} hidden={!open} data-testid={`${testId}-panel`}>
        {open && children}
      </div>
    </div>
  );
}

/** A plain tool with its name in a tooltip beside it. */
function Tool({
  icon,
  label,
  testId,
  onClick,
  href,
  expanded,
  ref,
  pinned = false,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  onClick?: () => void;
  href?: string;
  expanded?: boolean;
  ref?: Ref<HTMLButtonElement>;
  /** Stays in view on phones while the other tools are folded away. */
  pinned?: boolean;
}) {
  return (
    <div className={`${styles.item} ${pinned ? '' : styles.foldable}`}>
      {href ? (
        <a className={styles.tool} href={href} aria-label={label} data-testid={testId}>
          {icon}
        </a>
      ) : (
        <button
          ref={ref}
          type="button"
          className={styles.tool}
          aria-label={label}
          aria-expanded={expanded}
          onClick={onClick}
          data-testid={testId}
        >
          {icon}
        </button>
      )}
      <span className={styles.tip} aria-hidden>
        {label}
      </span>
    </div>
  );
}

/**
 * The floating tool box: feedback (internal domain, signed in), the support chat,
 * mail, the official-account and mini-program QR codes, share, and back to top after 200 px.
 */
export function ToolBox() {
  const { t } = useTranslation();
  const { token, domain } = useSession();
  const mails = contactMails(useSiteConfig().data);
  const showTop = useScrolled('backToTop');
  const { share } = useShare();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // The dialog stays mounted once opened, so that closing it keeps what was typed.
  const [feedbackUsed, setFeedbackUsed] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const supportButton = useRef<HTMLButtonElement>(null);
  const closeSupport = () => {
    setSupportOpen(false);
    // Back to where the visitor was: the launcher.
    supportButton.current?.focus();
  };
  const items = toolBoxItems({ domain, signedIn: token !== null, scrolledFar: showTop });
  // On phones the tools fold behind one button, so that they do not cover the page.
  const [unfolded, setUnfolded] = useState(false);
  const origin = window.location.origin;

  const backToTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

  return (
    <>
      <aside
        className={styles.box}
        aria-label={t('toolbox.label')}
        data-unfolded={unfolded}
        data-testid="toolbox"
      >
        <div className={`${styles.item} ${styles.fold}`}>
          <button
            type="button"
            className={styles.tool}
            aria-expanded={unfolded}
            aria-label={unfolded ? t('toolbox.fold') : t('toolbox.unfold')}
            onClick={() => setUnfolded((value) => !value)}
            data-testid="toolbox-fold"
          >
            {unfolded ? <CloseOutlined /> : <AppstoreOutlined />}
          </button>
        </div>
        {items.includes('feedback') && (
          <Tool
            icon={<EditOutlined />}
            label={t('toolbox.feedback')}
            testId="toolbox-feedback"
            onClick={() => {
              setFeedbackUsed(true);
              setFeedbackOpen(true);
            }}
          />
        )}
        <Tool
          icon={<CustomerServiceOutlined />}
          label={t('toolbox.support.open')}
          testId="toolbox-support"
          ref={supportButton}
          expanded={supportOpen}
          onClick={() => setSupportOpen((value) => !value)}
        />
        <Tool
          icon={<MailOutlined />}
          label={t('toolbox.mail', { address: mails.support })}
          testId="toolbox-mail"
          href={`mailto:${mails.support}`}
        />
        <FlyoutTool icon={<WechatOutlined />} label={t('toolbox.officialAccount')} testId="toolbox-official">
          <QrCode value={`${origin}/aboutus`} size={128} label={t('toolbox.officialAccountQr')} />
          <p className={styles.caption}>{t('toolbox.officialAccountCaption')}</p>
        </FlyoutTool>
        <FlyoutTool icon={<QrcodeOutlined />} label={t('toolbox.miniProgram')} testId="toolbox-miniprogram">
          <QrCode
            value={`${origin}${STUDIO_SOLUTION_PATH}?source=miniprogram`}
            size={128}
            label={t('toolbox.miniProgramQr')}
          />
          <p className={styles.caption}>{t('toolbox.miniProgramCaption')}</p>
        </FlyoutTool>
        <Tool
          icon={<ShareAltOutlined />}
          label={t('share.share')}
          testId="toolbox-share"
          onClick={() => void share()}
        />
        {items.includes('backToTop') && (
          <Tool
            icon={<VerticalAlignTopOutlined />}
            label={t('toolbox.backToTop')}
            testId="toolbox-top"
            onClick={backToTop}
            pinned
          />
        )}
      </aside>
      <Suspense fallback={null}>
        {supportOpen && <SupportPanel onClose={closeSupport} />}
        {feedbackUsed && items.includes('feedback') && (
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        )}
      </Suspense>
    </>
  );
}

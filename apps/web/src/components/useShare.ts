import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from './MessageProvider.tsx';
import { MESSAGE_DURATION_MS } from '../api/errors.ts';
import { shareOrCopy } from './share.ts';

/**
 * Shares a page (by default the one shown) with the Web Share API, or copies its link where the
 * browser cannot share, and says "copy success" or "copy failure".
 */
export function useShare(): {
  share: (page?: { url?: string; title?: string }) => Promise<void>;
  busy: boolean;
} {
  const { t } = useTranslation();
  const message = useMessage();
  const [busy, setBusy] = useState(false);

  const share = async (page: { url?: string; title?: string } = {}) => {
    setBusy(true);
    try {
      const outcome = await shareOrCopy({
        url: page.url ?? window.location.href,
        title: page.title ?? document.title,
      });
      const duration = MESSAGE_DURATION_MS / 1000;
      if (outcome === 'copied') void message.success({ content: t('share.copySuccess'), duration });
      if (outcome === 'failed') void message.error({ content: t('share.copyFailure'), duration });
    } finally {
      setBusy(false);
    }
  };
  return { share, busy };
}

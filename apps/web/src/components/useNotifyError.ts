import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, recordError, MESSAGE_DURATION_MS, type ErrorSource } from '../api/errors.ts';
import { isApiError } from '../api/http.ts';
import { useMessage } from './MessageProvider.tsx';

/** Fired when a console call answers 401: the session is over and the visitor returns to the home page. */
export const JUMP_TO_INDEX_EVENT = 'pixora:jump-to-index';

export interface NotifiedError {
  /** The translated message. */
  text: string;
  /** False when the catalogue only records the error (404): the page should say something itself. */
  shown: boolean;
}

/**
 * Shows a failed call to the visitor as a translated message, for as long as the error catalogue
 * says, and returns what it showed.
 */
export function useNotifyError() {
  const message = useMessage();
  const { t } = useTranslation();

  return useCallback(
    (error: unknown, options: { source?: ErrorSource; url?: string } = {}): NotifiedError => {
      if (!isApiError(error)) {
        const text = t('errors.status.other');
        void message.error({ content: text, duration: MESSAGE_DURATION_MS / 1000 });
        return { text, shown: true };
      }
      recordError(error, options.url ?? '');
      const presentation = describeError(error, options.source);
      const text = presentation.serverMessage ?? t(presentation.key);
      // A console 401 has already ended the session in `request` and is announced once by the
      // account layer (message, then back to the index), however many calls failed with it.
      if (presentation.endSession) return { text, shown: true };
      if (presentation.show) {
        void message.error({ content: text, duration: presentation.duration / 1000 });
      }
      return { text, shown: presentation.show };
    },
    [message, t],
  );
}

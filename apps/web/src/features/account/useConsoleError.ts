import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { MESSAGE_DURATION_MS, recordError } from '../../api/errors.ts';
import { isApiError } from '../../api/http.ts';
import { useMessage } from '../../components/MessageProvider.tsx';

/**
 * Tells the visitor about a failed console call: the error is stored in session
 * storage, and its message shown for `durationMs` (2 s unless noted). A 401 is left to the session
 * layer, which announces it once. Returns the text shown, if any.
 */
export function useConsoleError() {
  const { t } = useTranslation();
  const message = useMessage();
  return useCallback(
    (error: unknown, durationMs: number = MESSAGE_DURATION_MS): string | null => {
      if (isApiError(error)) recordError(error, error.url);
      const text = consoleErrorText(error, t);
      if (text) void message.error({ content: text, duration: durationMs / 1000 });
      return text;
    },
    [message, t],
  );
}

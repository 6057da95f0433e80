import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { useConsoleError } from '../account/useConsoleError.ts';

/**
 * Runs one editor write: shows `done` on success and the server's message on failure, then
 * refetches `keys` (the editor's own data and the public site's cached answers, so that this tab's
 * site shows the change at once too). Answers whether it succeeded.
 */
export function useEditorAction() {
  const message = useMessage();
  const showError = useConsoleError();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string, keys: readonly string[]) => {
    setBusy(true);
    try {
      await action();
      void message.success({ content: done, duration: MESSAGE_DURATION_MS / 1000 });
      return true;
    } catch (error) {
      showError(error, 4000);
      return false;
    } finally {
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      setBusy(false);
    }
  };
  return { run, busy };
}

export const EDITOR_LANGUAGES = ['zh', 'zh_tw', 'en'] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaInput } from '../../../api/gateway.ts';
import { MESSAGE_DURATION_MS } from '../../../api/errors.ts';
import { isApiError } from '../../../api/http.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useNotifyError } from '../../../components/useNotifyError.ts';
import { addToHistory, clearHistory, loadHistory, type HistoryItem } from './history.ts';
import { historyCopy, sameSource, sourceToMedia, type ImageSource } from './imageSource.ts';

/** One image input of a demo: what is chosen, and whether its preview failed to load. */
export interface ImageSlot {
  source: ImageSource | null;
  previewFailed: boolean;
  select: (source: ImageSource) => void;
  onPreviewError: () => void;
}

/** An answer of the gateway with the images it was computed on. */
export interface DemoResult<R> {
  sources: ImageSource[];
  response: R;
}

/** A chosen image. Choosing another one calls `onChange` (the demo drops the result it shows). */
export function useImageSlot(onChange: () => void): ImageSlot {
  const { t } = useTranslation();
  const message = useMessage();
  const [source, setSource] = useState<ImageSource | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  return {
    source,
    previewFailed,
    select: (next) => {
      setSource(next);
      setPreviewFailed(false);
      onChange();
    },
    onPreviewError: () => {
      if (source?.kind !== 'url') return;
      setPreviewFailed(true);
      void message.error({ content: t('demo.errors.urlLoadFailed'), duration: MESSAGE_DURATION_MS / 1000 });
    },
  };
}

/**
 * Runs a demo call on the chosen images: sends them to the gateway, keeps the answer, remembers
 * the images in the history, and shows a failure in the visitor's language.
 */
export function useDemoRun<R>(endpoint: string) {
  const { t } = useTranslation();
  const message = useMessage();
  const notifyError = useNotifyError();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<DemoResult<R> | null>(null);
  // An error the catalogue only records (no message shown) is said on the page instead.
  const [silentError, setSilentError] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryItem[]>(() => loadHistory(endpoint));

  const reset = useCallback(() => {
    setResult(null);
    setSilentError(null);
  }, []);

  const run = async (sources: ImageSource[], call: (media: MediaInput[]) => Promise<R>) => {
    if (running) return;
    setRunning(true);
    reset();
    try {
      const response = await call(await Promise.all(sources.map(sourceToMedia)));
      setResult({ sources, response });
      for (const source of sources) {
        void historyCopy(source).then((copy) => {
          if (copy) setHistory(addToHistory(endpoint, copy));
        });
      }
    } catch (caught) {
      if (isApiError(caught)) {
        const notified = notifyError(caught, { url: `/${endpoint}` });
        if (!notified.shown) setSilentError(notified.text);
      } else {
        const fromUrl = sources.some((source) => source.kind === 'url');
        const text = t(fromUrl ? 'demo.errors.urlLoadFailed' : 'demo.errors.loadFailed');
        void message.error({ content: text, duration: MESSAGE_DURATION_MS / 1000 });
      }
    } finally {
      setRunning(false);
    }
  };

  return {
    running,
    silentError,
    history,
    clearHistory: () => {
      clearHistory(endpoint);
      setHistory([]);
    },
    reset,
    run,
    /** The answer, if it was computed on the images chosen now. */
    resultFor: (sources: Array<ImageSource | null>): DemoResult<R> | null =>
      result &&
      result.sources.length === sources.length &&
      result.sources.every((source, index) => sameSource(source, sources[index] ?? null))
        ? result
        : null,
  };
}

export type DemoRun<R> = ReturnType<typeof useDemoRun<R>>;

import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';

type Level = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** The toast messages pages show: antd's message API, minus the return values nobody reads. */
export interface Messages {
  open(config: ArgsProps): Promise<void>;
  success(config: ArgsProps): Promise<void>;
  error(config: ArgsProps): Promise<void>;
  info(config: ArgsProps): Promise<void>;
  warning(config: ArgsProps): Promise<void>;
  loading(config: ArgsProps): Promise<void>;
  destroy(key?: ArgsProps['key']): void;
}

const MessageContext = createContext<Messages | null>(null);

// antd's message (with its motion and portal code) is loaded when the first message is shown:
// most visits never show one, and it stays out of the first load of every page.
const MessageHolder = lazy(() => import('./MessageHolder.tsx').then((m) => ({ default: m.MessageHolder })));

/**
 * Toast messages that follow the ConfigProvider theme and locale. Only antd's message is set up
 * here (not antd's App with modal and notification); calls made before it has loaded are shown as
 * soon as it has.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<MessageInstance | null>(null);
  const queue = useRef<Array<(instance: MessageInstance) => void>>([]);

  const run = useCallback((call: (instance: MessageInstance) => void) => {
    if (api.current) {
      call(api.current);
      return Promise.resolve();
    }
    setWanted(true);
    return new Promise<void>((resolve) => {
      queue.current.push((instance) => {
        call(instance);
        resolve();
      });
    });
  }, []);

  const onReady = useCallback((instance: MessageInstance) => {
    api.current = instance;
    for (const call of queue.current.splice(0)) call(instance);
  }, []);

  const messages = useMemo<Messages>(() => {
    const show = (level: Level | 'open') => (config: ArgsProps) =>
      run((instance) => void (level === 'open' ? instance.open(config) : instance[level](config)));
    return {
      open: show('open'),
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      loading: show('loading'),
      // Before antd has loaded, only queued messages can be destroyed: in their order.
      destroy: (key) => {
        if (api.current || queue.current.length > 0) void run((instance) => instance.destroy(key));
      },
    };
  }, [run]);

  return (
    <MessageContext value={messages}>
      {wanted && (
        <Suspense fallback={null}>
          <MessageHolder onReady={onReady} />
        </Suspense>
      )}
      {children}
    </MessageContext>
  );
}

export function useMessage(): Messages {
  const messages = use(MessageContext);
  if (!messages) throw new Error('useMessage must be used inside MessageProvider');
  return messages;
}

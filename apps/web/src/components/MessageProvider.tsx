import { createContext, use, type ReactNode } from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * Toast messages that follow the ConfigProvider theme and locale. Only antd's message is set up
 * here (not antd's App with modal and notification), which keeps the first page load smaller.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext value={api}>
      {holder}
      {children}
    </MessageContext>
  );
}

export function useMessage(): MessageInstance {
  const api = use(MessageContext);
  if (!api) throw new Error('useMessage must be used inside MessageProvider');
  return api;
}

import { useEffect } from 'react';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { AntdProvider } from './AntdProvider.tsx';

/** antd's message holder, in the app's antd theme; hands its API over once mounted. */
export function MessageHolder({ onReady }: { onReady: (api: MessageInstance) => void }) {
  return (
    <AntdProvider>
      <Holder onReady={onReady} />
    </AntdProvider>
  );
}

function Holder({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

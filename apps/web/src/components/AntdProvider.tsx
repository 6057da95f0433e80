import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { theme } from '../site/theme.ts';

/** antd's theme and locale for one part of the page that uses antd components (see antdScope.tsx). */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { antdLocale } = useLanguage();
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

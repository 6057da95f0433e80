import { use, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { hasMessages, loadMessages } from '../../i18n/i18n.ts';
import { partsForPath } from '../../i18n/messageParts.ts';
import { AntdScope } from '../../components/antdScope.tsx';

/**
 * What a page needs beyond the app shell. The home page needs nothing more. Every other page
 * needs the page part of the strings (i18n/messageParts.ts) and antd's ConfigProvider
 * (components/antdScope.tsx): the page waits for both.
 */
export function PageScope({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { language } = useLanguage();
  if (!partsForPath(pathname).includes('pages')) return children;
  if (!hasMessages(language, 'pages')) use(loadMessages(language, 'pages'));
  return <AntdScope>{children}</AntdScope>;
}

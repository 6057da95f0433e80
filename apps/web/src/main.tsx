import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './app/App.tsx';
import { loadAntd } from './components/antdScope.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { resolveLanguage, storeLanguageCookie } from './i18n/language.ts';
import { partsForPath } from './i18n/messageParts.ts';
import './app/global.css';

const { language, forced } = resolveLanguage(window.location.search, document.cookie);
if (forced) storeLanguageCookie(language);

// The first page's strings only: the home page downloads neither the other pages' strings nor
// antd; any other page gets both before its first render (see PageScope).
const parts = partsForPath(window.location.pathname);
void Promise.all([
  activateLanguage(language, parts),
  parts.includes('pages') ? loadAntd().catch(() => undefined) : undefined,
  routerReady(),
]).then(([antdLocale]) => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole page (shorter tasks: input stays responsive while the page builds).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App language={language} antdLocale={antdLocale} />
      </StrictMode>,
    );
  });
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { resolveLanguage, storeLanguageCookie } from './i18n/language.ts';
import './app/global.css';

const { language, forced } = resolveLanguage(window.location.search, document.cookie);
if (forced) storeLanguageCookie(language);

void activateLanguage(language).then((antdLocale) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App language={language} antdLocale={antdLocale} />
    </StrictMode>,
  );
});

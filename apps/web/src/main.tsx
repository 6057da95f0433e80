// First: starts the downloads of the first page's strings and data (see boot.ts).
import { booted, queryClient } from './app/boot.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './app/App.tsx';
import './app/global.css';

void Promise.all([booted, routerReady()]).then(([{ language, antdLocale }]) => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole page (shorter tasks: input stays responsive while the page builds).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App language={language} antdLocale={antdLocale} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});

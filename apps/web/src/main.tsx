import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prefetchSharedReportOfAddress } from './features/reports/sharedReportCache.ts';
import { initI18n } from './shared/i18n/index.ts';
import { readStoredLanguage } from './shared/i18n/languages.ts';
import { loadSession } from './shared/storage/session.ts';

prefetchSharedReportOfAddress(window.location.pathname, readStoredLanguage());
// The language and the (encrypted, so asynchronously read) session are needed before the first route decides.
await Promise.all([initI18n(), loadSession()]);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

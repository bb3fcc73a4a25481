import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { initCsrf } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { App } from './app/app';

// The XSRF cookie, the shell's catalogue and (inside the router module) the first page download
// in parallel; the app renders once its text is there.
void initCsrf();
initI18n()
  .catch((error: unknown) => console.error('Could not load the interface text', error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

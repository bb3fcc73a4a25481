import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import './index.css';
import { initCsrf } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { App } from './app/app';

// The XSRF cookie, the shell's catalogue and (inside the router module) the first page download
// in parallel; the app renders once its text is there.
// Radix dialogs lock scrolling with an injected <style>, which the CSP allows with this page's nonce.
setNonce(document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');
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

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { setNonce } from 'get-nonce';
import './index.css';
import { initCsrf } from './lib/api-client';
import { initI18n, loadAreas } from './lib/i18n';
import { prepareFormats } from './lib/format';
import { currentLanguage } from './lib/language';
import { isPageHandle } from './lib/page-handle';
import { queryClient } from './lib/query-client';
import { App } from './app/app';
import { routes } from './app/router';
import { readServerState } from './app/server-state';
import { yieldToBrowser } from './app/start-up';
import { afterHydration } from './lib/after-hydration';

// Radix dialogs lock scrolling with an injected <style>, which the CSP allows with this page's nonce.
setNonce(document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');
// The CSRF cookie is needed by the first change a visitor makes (apiRequest waits for it then), not by
// the page's first render: asked for once the main thread is idle.
afterHydration(() => void initCsrf());

/**
 * A server-rendered page (entry-server.tsx) is hydrated: the same language the server chose
 * (<html lang>), the queries it loaded, and the lazy pages of the address loaded before the first
 * render, so that render matches the HTML. Other pages (signed-in ones, or when server rendering
 * failed) are rendered here from the empty shell.
 *
 * Each step of a hydration's preparation is its own task (yieldToBrowser between them, issue 26): on a
 * phone they add up to a few hundred milliseconds, and in one task they would hold a tap that long.
 */
async function start() {
  const container = document.getElementById('root')!;
  const serverState = readServerState();
  // Without server state the router starts downloading the page while the text loads.
  let router = serverState ? null : createBrowserRouter(routes);
  const language = currentLanguage();
  await initI18n(language, serverState?.catalogues).catch((error: unknown) =>
    console.error('Could not load the interface text', error),
  );
  let hydrating = Boolean(serverState);
  if (serverState) {
    await yieldToBrowser();
    hydrate(queryClient, serverState.queries);
    try {
      await yieldToBrowser();
      await loadAreas(serverState.areas);
      await yieldToBrowser();
      const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
      await Promise.all(
        lazyMatches.map(async (match) => {
          const loaded = await (match.route.lazy as () => Promise<Record<string, unknown>>)();
          Object.assign(match.route, { ...loaded, lazy: undefined });
        }),
      );
      // A browser's first Intl number or date format loads ICU data (up to 70 ms on a phone): in a
      // task of its own rather than inside the hydration of the first price or date.
      const page = lazyMatches.map((match) => match.route.handle).find(isPageHandle);
      for (const kind of page?.formats ?? []) {
        await yieldToBrowser();
        prepareFormats(kind, language);
      }
    } catch (error) {
      // The page's code or text could not be fetched (a deploy replaced it, or the network dropped), so
      // it cannot be hydrated; rendered from scratch, the route's error element then reloads or explains
      // (app/new-build.ts). Left as it was, the page would look alive with its buttons held for ever.
      console.error('Could not load the page to hydrate it', error);
      hydrating = false;
    }
  }
  // The router ranks the whole route table as it starts (40-60 ms on a phone): not in the task that
  // evaluated the page's code.
  if (hydrating) await yieldToBrowser();
  router ??= createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} signedInHint={serverState?.signedInHint ?? false}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  if (hydrating) {
    await yieldToBrowser();
    hydrateRoot(container, app);
  } else createRoot(container).render(app);
}

void start();

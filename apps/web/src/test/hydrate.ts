import { act, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';

/**
 * A page as a quick user meets it: `server` rendered to HTML as the server does, changed by
 * `beforeHydration` (what they typed or chose while the app was still loading), then hydrated with
 * `client` (the same element by default). Answers the container; unmounted when the test ends.
 */
export async function hydrateAfter(
  server: ReactElement,
  beforeHydration: (container: HTMLElement) => void,
  client: ReactElement = server,
): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  beforeHydration(container);
  // hydrateRoot outside testing-library: tell React that act() is in use, as testing-library does.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const root = await act(async () => hydrateRoot(container, client));
  onTestFinished(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

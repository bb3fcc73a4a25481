import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards (and at
 * once for a page rendered by a client-side navigation). For what the server cannot know or must not
 * put in a page it keeps for every visitor (the page cache keys on the address alone): rendering it
 * only once hydrated keeps the HTML and the first client render identical.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

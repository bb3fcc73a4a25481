import type { ComponentType } from 'react';
import { loadAreas } from '@/lib/i18n';

interface PageModule {
  Component: ComponentType;
  [key: string]: unknown;
}

/**
 * A route's `lazy`: downloads the page module and the catalogues of its areas (locales/<lng>/<area>.json)
 * together, so the page renders with its text. Pages are src/features/<area>/routes/<page>.tsx
 * exporting `Component` (and optionally `ErrorBoundary`, `loader`, `handle`).
 */
export function lazyPage(load: () => Promise<PageModule>, areas: readonly string[] = []) {
  // `areas` stays readable on the function: the server hands a rendered page's catalogues to the
  // browser with the page (entry-server.tsx).
  return Object.assign(
    async () => {
      const [page] = await Promise.all([load(), loadAreas(areas)]);
      return page;
    },
    { areas },
  );
}

/** The catalogue areas of a route's `lazy` made by lazyPage (none for another route). */
export function lazyPageAreas(lazy: unknown): readonly string[] {
  return (lazy as { areas?: readonly string[] } | undefined)?.areas ?? [];
}

import { createContext, Suspense, useContext, useEffect, useState, type ComponentType } from 'react';
import type { SearchPathFilters } from '@safqa/shared/search-path';
import { afterHydration } from '@/lib/after-hydration';

/** What /search hands to the actions of other features: its current filters (no sort, no page). */
export interface SearchActionProps {
  filters: SearchPathFilters;
}

export interface SearchAction {
  id: string;
  /** Usually `lazy(...)`, so the search page downloads it only when shown (its catalogue with its code). */
  Component: ComponentType<SearchActionProps>;
}

const SearchActionsContext = createContext<readonly SearchAction[]>([]);

/** Provided once by the app (src/app/search-actions.ts lists the actions). */
export const SearchActionsProvider = SearchActionsContext.Provider;

/** Where other features' actions (save this search) appear on /search; a feature never imports another. */
export function SearchActionsSlot(props: SearchActionProps) {
  const actions = useContext(SearchActionsContext);
  // Only once the browser is idle after hydration: the actions depend on the session and on code and
  // catalogues the page has not downloaded, so the server leaves the place empty (the page keeps its
  // height) and the browser fills it, with no mismatch between the two. Not in the commit that ends
  // hydration (issue 42): there their render, their download and its module preloads made one more
  // long task on a phone, before the page could answer a tap.
  const [idle, setIdle] = useState(false);
  useEffect(() => afterHydration(() => setIdle(true)), []);
  if (actions.length === 0 || !idle) return null;
  return (
    <div data-slot="search-actions" className="flex flex-wrap gap-2">
      {actions.map(({ id, Component }) => (
        <Suspense key={id} fallback={null}>
          <Component {...props} />
        </Suspense>
      ))}
    </div>
  );
}

import { createContext, Suspense, useContext, useSyncExternalStore, type ComponentType } from 'react';
import type { SearchPathFilters } from '@safqa/shared/search-path';

/** What /search hands to the actions of other features: its current filters (no sort, no page). */
export interface SearchActionProps {
  filters: SearchPathFilters;
}

export interface SearchAction {
  id: string;
  /** Usually `lazy(...)`, so the search page downloads it only when shown. */
  Component: ComponentType<SearchActionProps>;
}

const noSubscription = () => () => {};

const SearchActionsContext = createContext<readonly SearchAction[]>([]);

/** Provided once by the app (src/app/search-actions.ts lists the actions). */
export const SearchActionsProvider = SearchActionsContext.Provider;

/** Where other features' actions (save this search) appear on /search; a feature never imports another. */
export function SearchActionsSlot(props: SearchActionProps) {
  const actions = useContext(SearchActionsContext);
  // Only after hydration: the actions depend on the session and on catalogues the browser has not
  // downloaded yet, so the server leaves the place empty (the page keeps its height) and the browser
  // fills it, with no mismatch between the two.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (actions.length === 0 || !hydrated) return null;
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

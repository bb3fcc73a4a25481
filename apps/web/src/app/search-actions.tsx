import { lazy } from 'react';
import type { SearchAction, SearchActionProps } from '@/components/search-actions-slot';

/**
 * Actions shown on /search beside the results' count. Each feature owns its component; the app layer
 * puts them together here, lazily, so the search page's own download does not grow.
 */
const SaveSearch = lazy(async () => {
  const { default: SaveSearchButton } =
    await import('@/features/saved-searches/components/save-search-button');
  return {
    default: function SaveSearch({ filters }: SearchActionProps) {
      return <SaveSearchButton query={filters} />;
    },
  };
});

export const SEARCH_ACTIONS: readonly SearchAction[] = [{ id: 'save-search', Component: SaveSearch }];

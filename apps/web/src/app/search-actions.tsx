import { lazy } from 'react';
import { loadAreas } from '@/lib/i18n';
import type { SearchAction, SearchActionProps } from '@/components/search-actions-slot';

/**
 * Actions shown on /search beside the results' count. Each feature owns its component; the app layer
 * puts them together here, lazily, so the search page's own download does not grow.
 */
const SaveSearch = lazy(async () => {
  // Its catalogue with its code: the button then renders once, ready, rather than render empty and
  // again when useAreas has fetched the text (one download round and one render fewer).
  const [{ default: SaveSearchButton }] = await Promise.all([
    import('@/features/saved-searches/components/save-search-button'),
    loadAreas(['saved-searches']),
  ]);
  return {
    default: function SaveSearch({ filters }: SearchActionProps) {
      return <SaveSearchButton query={filters} />;
    },
  };
});

export const SEARCH_ACTIONS: readonly SearchAction[] = [{ id: 'save-search', Component: SaveSearch }];

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { api } from '@/lib/api-client';

export const savedSearchesKey = ['/api/saved-searches'] as const;

export function fetchSavedSearches(signal?: AbortSignal) {
  return api.get<{ data: SavedSearch[] }>('/api/saved-searches', { auth: true, signal });
}

/** GET /api/saved-searches: the user's searches, newest first, with their new matches. */
export const savedSearchesQuery = (options: { enabled?: boolean } = {}) =>
  queryOptions({
    queryKey: savedSearchesKey,
    queryFn: ({ signal }) => fetchSavedSearches(signal),
    enabled: options.enabled ?? true,
  });

export function useSavedSearches(options: { enabled?: boolean } = {}) {
  return useQuery(savedSearchesQuery(options));
}

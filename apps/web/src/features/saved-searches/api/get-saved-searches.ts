import { useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { api } from '@/lib/api-client';

export const savedSearchesKey = ['/api/saved-searches'] as const;

/** GET /api/saved-searches: the user's searches, newest first, with their new matches. */
export function useSavedSearches(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: savedSearchesKey,
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) => api.get<{ data: SavedSearch[] }>('/api/saved-searches', { auth: true, signal }),
  });
}

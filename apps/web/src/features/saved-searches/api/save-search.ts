import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchInput } from '@safqa/shared/validation/saved-searches';
import { api } from '@/lib/api-client';
import { savedSearchesKey } from './get-saved-searches';

/** POST /api/saved-searches (new) or PUT /api/saved-searches/{id} (edit); 409 LIMIT_REACHED past 20. */
export function saveSearch(input: SavedSearchInput, id?: number) {
  return id
    ? api.put<{ data: SavedSearch }>(`/api/saved-searches/${id}`, input, { auth: true })
    : api.post<{ data: SavedSearch }>('/api/saved-searches', input, { auth: true });
}

export function useSaveSearch(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) => saveSearch(input, id),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

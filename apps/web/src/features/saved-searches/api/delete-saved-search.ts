import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchesKey } from './get-saved-searches';

/** DELETE /api/saved-searches/{id}. */
export function deleteSavedSearch(id: number) {
  return api.delete(`/api/saved-searches/${id}`, { auth: true });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

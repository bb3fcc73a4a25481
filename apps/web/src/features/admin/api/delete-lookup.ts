import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LookupKind } from '@safqa/shared/validation/lookups';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/lookups/{kind}/{id}; 409 IN_USE while anything refers to the item. */
export function deleteLookup(kind: LookupKind, id: number) {
  return api.delete<null>(`/api/admin/lookups/${kind}/${id}`);
}

export function useDeleteLookup(kind: LookupKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLookup(kind, id),
    // A refusal (in use) may mean the list is stale too.
    onSettled: () => client.invalidateQueries({ queryKey: ['/api/admin/lookups'] }),
  });
}

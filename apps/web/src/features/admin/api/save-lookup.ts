import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLookup, AnyLookupInput, LookupKind } from '@safqa/shared/validation/lookups';
import { api } from '@/lib/api-client';

/** POST /api/admin/lookups/{kind}, or PUT /api/admin/lookups/{kind}/{id} when `id` is given. */
export function saveLookup(kind: LookupKind, input: AnyLookupInput, id?: number) {
  return id === undefined
    ? api.post<{ data: AdminLookup }>(`/api/admin/lookups/${kind}`, input)
    : api.put<{ data: AdminLookup }>(`/api/admin/lookups/${kind}/${id}`, input);
}

/** Saving refreshes every lookup query, the admin's and the forms' alike. */
export function useSaveLookup(kind: LookupKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: AnyLookupInput; id?: number }) => saveLookup(kind, input, id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/admin/lookups'] }),
  });
}

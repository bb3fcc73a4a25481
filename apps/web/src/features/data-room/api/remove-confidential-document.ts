import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeyPrefix } from '@/lib/get-opportunity';

/** DELETE /api/opportunities/{id}/confidential-documents/{documentId}. */
export function removeConfidentialDocument(opportunityId: number, documentId: number) {
  return api.delete(`/api/opportunities/${opportunityId}/confidential-documents/${documentId}`, {
    auth: true,
  });
}

/** The document leaves the listing's detail (its documents), whoever's cache holds it. */
export function useRemoveConfidentialDocument(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => removeConfidentialDocument(opportunityId, documentId),
    onSettled: () => client.invalidateQueries({ queryKey: opportunityKeyPrefix(opportunityId) }),
  });
}

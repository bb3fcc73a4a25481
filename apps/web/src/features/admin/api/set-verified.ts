import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import { invalidateModeration } from './moderate-opportunity';

/** PUT /api/admin/opportunities/{id}/verified. */
export function setVerified(id: number, isVerified: boolean) {
  return api.put<OpportunityDetail>(`/api/admin/opportunities/${id}/verified`, { isVerified });
}

export function useSetVerified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isVerified }: { id: number; isVerified: boolean }) => setVerified(id, isVerified),
    onSuccess: (_detail, { id }) => invalidateModeration(client, id),
  });
}

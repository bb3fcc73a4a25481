import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityDetail, OpportunityInput } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';

/** POST /api/opportunities (new, pending) or PUT /api/opportunities/{id} (back to review). */
export function saveOpportunity(opportunityId: number | null, input: OpportunityInput) {
  return opportunityId
    ? api.put<OpportunityDetail>(`/api/opportunities/${opportunityId}`, input, { auth: true })
    : api.post<OpportunityDetail>('/api/opportunities', input, { auth: true });
}

export function useSaveOpportunity(opportunityId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OpportunityInput) => saveOpportunity(opportunityId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/api/opportunities'] });
      void client.invalidateQueries({ queryKey: ['/api/users/me/opportunities'] });
    },
  });
}

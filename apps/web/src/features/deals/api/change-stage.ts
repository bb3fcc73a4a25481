import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, StageInput } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { invalidateDeals } from './invalidate-deals';

/** POST /api/deals/{id}/stage. */
export function changeStage(dealId: number, input: StageInput) {
  return api.post<Deal>(`/api/deals/${dealId}/stage`, input, { auth: true });
}

export function useChangeStage(dealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StageInput) => changeStage(dealId, input),
    onSuccess: () => void invalidateDeals(client),
  });
}

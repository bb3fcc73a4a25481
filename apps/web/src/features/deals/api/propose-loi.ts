import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, LoiInput } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { invalidateDeals } from './invalidate-deals';

/** POST /api/deals/{id}/loi: a new version of the letter of intent. */
export function proposeLoi(dealId: number, input: LoiInput) {
  return api.post<Deal>(`/api/deals/${dealId}/loi`, input, { auth: true });
}

export function useProposeLoi(dealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoiInput) => proposeLoi(dealId, input),
    onSuccess: () => void invalidateDeals(client),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistCreateInput, ChecklistItem } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { invalidateDeals } from './invalidate-deals';

/** POST /api/deals/{id}/checklist. */
export function addChecklistItem(dealId: number, input: ChecklistCreateInput) {
  return api.post<ChecklistItem>(`/api/deals/${dealId}/checklist`, input, { auth: true });
}

export function useAddChecklistItem(dealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChecklistCreateInput) => addChecklistItem(dealId, input),
    onSuccess: () => void invalidateDeals(client),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ChecklistPatchInput } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { invalidateDeals } from './invalidate-deals';

/** PATCH /api/deals/{id}/checklist/{itemId}. */
export function patchChecklistItem(dealId: number, itemId: number, input: ChecklistPatchInput) {
  return api.patch<ChecklistItem>(`/api/deals/${dealId}/checklist/${itemId}`, input, { auth: true });
}

export function usePatchChecklistItem(dealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...input }: ChecklistPatchInput & { itemId: number }) =>
      patchChecklistItem(dealId, itemId, input),
    onSuccess: () => void invalidateDeals(client),
  });
}

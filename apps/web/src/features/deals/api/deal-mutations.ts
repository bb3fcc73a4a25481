import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChecklistCreateInput,
  ChecklistItem,
  ChecklistPatchInput,
  Deal,
  DealLoi,
  LoiInput,
  LoiSignInput,
  StageInput,
} from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { dealsKey } from './get-deals';

/** Every write on a deal refreshes the deal and the list (stage, order). */
function useDealMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: dealsKey }),
  });
}

/** POST /api/deals/{id}/loi: a new version of the letter of intent. */
export function useProposeLoi(id: number) {
  return useDealMutation((input: LoiInput) => api.post<Deal>(`/api/deals/${id}/loi`, input, { auth: true }));
}

/** POST /api/deals/{id}/loi/{version}/sign. */
export function useSignLoi(id: number) {
  return useDealMutation(({ version, ...input }: LoiSignInput & { version: number }) =>
    api.post<DealLoi>(`/api/deals/${id}/loi/${version}/sign`, input, { auth: true }),
  );
}

/** POST /api/deals/{id}/checklist. */
export function useAddChecklistItem(id: number) {
  return useDealMutation((input: ChecklistCreateInput) =>
    api.post<ChecklistItem>(`/api/deals/${id}/checklist`, input, { auth: true }),
  );
}

/** PATCH /api/deals/{id}/checklist/{itemId}. */
export function usePatchChecklistItem(id: number) {
  return useDealMutation(({ itemId, ...input }: ChecklistPatchInput & { itemId: number }) =>
    api.patch<ChecklistItem>(`/api/deals/${id}/checklist/${itemId}`, input, { auth: true }),
  );
}

/** POST /api/deals/{id}/stage. */
export function useChangeStage(id: number) {
  return useDealMutation((input: StageInput) =>
    api.post<Deal>(`/api/deals/${id}/stage`, input, { auth: true }),
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealLoi, LoiSignInput } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { invalidateDeals } from './invalidate-deals';

/** POST /api/deals/{id}/loi/{version}/sign. */
export function signLoi(dealId: number, version: number, input: LoiSignInput) {
  return api.post<DealLoi>(`/api/deals/${dealId}/loi/${version}/sign`, input, { auth: true });
}

export function useSignLoi(dealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...input }: LoiSignInput & { version: number }) =>
      signLoi(dealId, version, input),
    onSuccess: () => void invalidateDeals(client),
  });
}

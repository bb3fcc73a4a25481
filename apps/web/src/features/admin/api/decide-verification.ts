import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVerification, VerificationDecisionInput } from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';

export function decideVerification(id: number, input: VerificationDecisionInput) {
  return api.patch<{ verification: AdminVerification }>(`/api/admin/verifications/${id}`, input, {
    auth: true,
  });
}

/** PATCH /api/admin/verifications/{id}: approve, or reject with a reason; the list refreshes. */
export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: VerificationDecisionInput & { id: number }) =>
      decideVerification(id, input),
    onSettled: () => client.invalidateQueries({ queryKey: ['/api/admin/verifications'] }),
  });
}

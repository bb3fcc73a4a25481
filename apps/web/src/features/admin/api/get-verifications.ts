import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type {
  AdminVerification,
  VerificationDecisionInput,
  VerificationStatus,
} from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';

const path = '/api/admin/verifications';

/** GET /api/admin/verifications?status=&page=: each with its user and a one-minute link to the file. */
export function useAdminVerifications(status: VerificationStatus | '', page: number) {
  const query = { ...(status ? { status } : {}), page };
  return useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<Paged<AdminVerification>>(path, { auth: true, query, signal }),
    placeholderData: keepPreviousData,
    // The file links last a minute: keep them fresh while the page is open.
    refetchInterval: 45_000,
  });
}

/** PATCH /api/admin/verifications/{id}: approve, or reject with a reason; the list refreshes. */
export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VerificationDecisionInput & { id: number }) =>
      api.patch<{ verification: AdminVerification }>(`${path}/${id}`, body, { auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: [path] }),
  });
}

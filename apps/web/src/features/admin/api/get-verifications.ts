import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AdminVerification, VerificationStatus } from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';

interface VerificationsParams {
  status?: VerificationStatus;
  page: number;
}

export function fetchAdminVerifications(params: VerificationsParams, signal?: AbortSignal) {
  return api.get<Paged<AdminVerification>>('/api/admin/verifications', {
    auth: true,
    query: { ...params },
    signal,
  });
}

/** GET /api/admin/verifications?status=&page=: each with its user and a one-minute link to the file. */
export const adminVerificationsQuery = (status: VerificationStatus | '', page: number) => {
  const params: VerificationsParams = { ...(status ? { status } : {}), page };
  return queryOptions({
    queryKey: ['/api/admin/verifications', params],
    queryFn: ({ signal }) => fetchAdminVerifications(params, signal),
    placeholderData: keepPreviousData,
    // The file links last a minute: keep them fresh while the page is open.
    refetchInterval: 45_000,
  });
};

export function useAdminVerifications(status: VerificationStatus | '', page: number) {
  return useQuery(adminVerificationsQuery(status, page));
}

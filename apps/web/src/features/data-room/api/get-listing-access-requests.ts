import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AccessRequest, AccessRequestStatus } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';

export const listingAccessRequestsKey = (opportunityId: number) =>
  ['/api/opportunities', opportunityId, 'access-requests'] as const;

export function fetchListingAccessRequests(
  opportunityId: number,
  page: number,
  status: AccessRequestStatus | undefined,
  signal?: AbortSignal,
) {
  return api.get<Paged<AccessRequest>>(`/api/opportunities/${opportunityId}/access-requests`, {
    auth: true,
    signal,
    query: { page, ...(status ? { status } : {}) },
  });
}

/** GET /api/opportunities/{id}/access-requests?status=&page=: requests on a listing, for its owner. */
export const listingAccessRequestsQuery = (
  opportunityId: number,
  page: number,
  status?: AccessRequestStatus,
) =>
  queryOptions({
    queryKey: [...listingAccessRequestsKey(opportunityId), { page, status }],
    queryFn: ({ signal }) => fetchListingAccessRequests(opportunityId, page, status, signal),
    placeholderData: keepPreviousData,
  });

export function useListingAccessRequests(opportunityId: number, page: number, status?: AccessRequestStatus) {
  return useQuery(listingAccessRequestsQuery(opportunityId, page, status));
}

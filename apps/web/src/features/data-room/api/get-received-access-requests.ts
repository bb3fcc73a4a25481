import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AccessRequestWithOpportunity } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';

export const receivedAccessRequestsKey = ['/api/users/me/listing-access-requests'] as const;

export function fetchReceivedAccessRequests(page: number, signal?: AbortSignal) {
  return api.get<Paged<AccessRequestWithOpportunity>>('/api/users/me/listing-access-requests', {
    auth: true,
    signal,
    query: { page },
  });
}

/** GET /api/users/me/listing-access-requests?page=: requests on all the user's listings, newest first. */
export const receivedAccessRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: [...receivedAccessRequestsKey, { page }],
    queryFn: ({ signal }) => fetchReceivedAccessRequests(page, signal),
    placeholderData: keepPreviousData,
  });

export function useReceivedAccessRequests(page: number) {
  return useQuery(receivedAccessRequestsQuery(page));
}

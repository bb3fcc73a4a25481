import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { AccessRequestWithOpportunity } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';

export const myAccessRequestsKey = ['/api/users/me/access-requests'] as const;

export function fetchMyAccessRequests(page: number, signal?: AbortSignal) {
  return api.get<Paged<AccessRequestWithOpportunity>>('/api/users/me/access-requests', {
    auth: true,
    signal,
    query: { page },
  });
}

/** GET /api/users/me/access-requests?page=: the requests the user made, newest first. */
export const myAccessRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: [...myAccessRequestsKey, { page }],
    queryFn: ({ signal }) => fetchMyAccessRequests(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyAccessRequests(page: number) {
  return useQuery(myAccessRequestsQuery(page));
}

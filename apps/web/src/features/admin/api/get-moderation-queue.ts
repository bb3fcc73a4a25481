import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { ModerationListResponse } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

export function fetchModerationQueue(status: OpportunityStatus, page: number, signal?: AbortSignal) {
  return api.get<ModerationListResponse>('/api/admin/opportunities', {
    auth: true,
    query: { status, page },
    signal,
  });
}

/** GET /api/admin/opportunities?status=&page=: one tab of listings and the size of every tab. */
export const moderationQueueQuery = (status: OpportunityStatus, page: number) =>
  queryOptions({
    queryKey: ['/api/admin/opportunities', { status, page }],
    queryFn: ({ signal }) => fetchModerationQueue(status, page, signal),
    placeholderData: keepPreviousData,
  });

export function useModerationQueue(status: OpportunityStatus, page: number) {
  return useQuery(moderationQueueQuery(status, page));
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { ModerationListResponse } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

export function fetchModerationQueue(
  status: OpportunityStatus,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return api.get<ModerationListResponse>('/api/admin/opportunities', {
    auth: true,
    query: { status, cursor },
    signal,
  });
}

/**
 * GET /api/admin/opportunities?status=&cursor=: one tab a page at a time, each page after the last
 * listing shown (`nextCursor`), with the size of every tab. A refetch after a decision reloads the
 * loaded pages in order, so a decided listing leaves the tab without shifting the others.
 */
export const moderationQueueQuery = (status: OpportunityStatus) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/opportunities', { status }],
    queryFn: ({ pageParam, signal }) => fetchModerationQueue(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.pagination.nextCursor ?? undefined,
  });

export function useModerationQueue(status: OpportunityStatus) {
  return useInfiniteQuery(moderationQueueQuery(status));
}

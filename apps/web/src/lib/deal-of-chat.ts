import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { DealSummary } from '@safqa/shared/validation/deals';
import { api } from './api-client';

/** The caller's 50 most recently changed deals: enough to find the one a chat is about. */
const recentDeals = { page: 1, pageSize: 50 };

export function fetchRecentDeals(signal?: AbortSignal) {
  return api.get<Paged<DealSummary>>('/api/deals', { auth: true, signal, query: recentDeals });
}

/** GET /api/deals?page=1&pageSize=50, under the deals' key, so a deal's change refreshes it. */
export const recentDealsQuery = () =>
  queryOptions({ queryKey: ['/api/deals', recentDeals], queryFn: ({ signal }) => fetchRecentDeals(signal) });

/** The deal between the caller and `otherUserId` on a listing, if any (the chat links to it). */
export function useDealOfChat(opportunityId: number | undefined, otherUserId: number | undefined) {
  return useQuery({
    ...recentDealsQuery(),
    enabled: opportunityId !== undefined,
    select: (answer) =>
      answer.data.find(
        (d) =>
          d.opportunity.id === opportunityId && (d.seller.id === otherUserId || d.buyer.id === otherUserId),
      ) ?? null,
  });
}

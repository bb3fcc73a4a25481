import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { DealSummary } from '@safqa/shared/validation/deals';
import { api } from './api-client';

/**
 * The deal between the caller and `otherUserId` on a listing, if any (the chat links to it). Read
 * from GET /api/deals under its key, so a deal's change refreshes it.
 */
export function useDealOfChat(opportunityId: number | undefined, otherUserId: number | undefined) {
  return useQuery({
    queryKey: ['/api/deals', { page: 1, pageSize: 50 }],
    queryFn: ({ signal }) =>
      api.get<Paged<DealSummary>>('/api/deals', { auth: true, signal, query: { page: 1, pageSize: 50 } }),
    enabled: opportunityId !== undefined,
    select: (answer) =>
      answer.data.find(
        (d) =>
          d.opportunity.id === opportunityId && (d.seller.id === otherUserId || d.buyer.id === otherUserId),
      ) ?? null,
  });
}

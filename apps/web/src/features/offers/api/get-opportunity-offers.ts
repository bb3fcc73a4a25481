import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';
import type { Paged } from '@safqa/shared/validation/common';

export const opportunityOffersKey = (opportunityId: number) =>
  ['/api/opportunities', opportunityId, 'offers'] as const;

export function fetchOpportunityOffers(opportunityId: number, page: number, signal?: AbortSignal) {
  return api.get<Paged<Offer>>(`/api/opportunities/${opportunityId}/offers`, {
    auth: true,
    signal,
    query: { page },
  });
}

/** GET /api/opportunities/{id}/offers?page=: offers received, for the owner (or an admin). */
export const opportunityOffersQuery = (opportunityId: number, page: number) =>
  queryOptions({
    queryKey: [...opportunityOffersKey(opportunityId), { page }],
    queryFn: ({ signal }) => fetchOpportunityOffers(opportunityId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useOpportunityOffers(opportunityId: number, page: number) {
  return useQuery(opportunityOffersQuery(opportunityId, page));
}

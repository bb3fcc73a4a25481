import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyOffer } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';
import type { Paged } from '@safqa/shared/validation/common';

export const myOffersKey = ['/api/users/me/offers'] as const;

export function fetchMyOffers(page: number, signal?: AbortSignal) {
  return api.get<Paged<MyOffer>>('/api/users/me/offers', { auth: true, signal, query: { page } });
}

/** GET /api/users/me/offers?page=: the offers the user made, newest first. */
export function useMyOffers(page: number) {
  return useQuery({
    queryKey: [...myOffersKey, { page }],
    queryFn: ({ signal }) => fetchMyOffers(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The caller's offers on one listing, newest first; the first is the one the listing page shows. */
export function fetchMyOffersOn(opportunityId: number, signal?: AbortSignal) {
  return api.get<Paged<MyOffer>>('/api/users/me/offers', {
    auth: true,
    signal,
    query: { opportunityId, pageSize: 1 },
  });
}

/** GET /api/users/me/offers?opportunityId=: under myOffersKey, so a new offer refreshes it too. */
export function useMyLatestOffer(opportunityId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...myOffersKey, { opportunityId }],
    queryFn: ({ signal }) => fetchMyOffersOn(opportunityId, signal),
    enabled,
  });
}

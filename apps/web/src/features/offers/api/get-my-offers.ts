import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { MyOffer } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';

export const myOffersKey = ['/api/users/me/offers'] as const;

type MyOffersParams = { page: number } | { opportunityId: number; pageSize: number };

export function fetchMyOffers(params: MyOffersParams, signal?: AbortSignal) {
  return api.get<Paged<MyOffer>>('/api/users/me/offers', { auth: true, signal, query: { ...params } });
}

/** GET /api/users/me/offers?page=: the offers the user made, newest first. */
export const myOffersQuery = (page: number) =>
  queryOptions({
    queryKey: [...myOffersKey, { page }],
    queryFn: ({ signal }) => fetchMyOffers({ page }, signal),
    placeholderData: keepPreviousData,
  });

export function useMyOffers(page: number) {
  return useQuery(myOffersQuery(page));
}

/**
 * GET /api/users/me/offers?opportunityId=&pageSize=1: the caller's latest offer on one listing (the
 * one the listing page shows), under myOffersKey, so a new offer refreshes it too.
 */
export const myLatestOfferQuery = (opportunityId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...myOffersKey, { opportunityId }],
    queryFn: ({ signal }) => fetchMyOffers({ opportunityId, pageSize: 1 }, signal),
    enabled,
  });

export function useMyLatestOffer(opportunityId: number, enabled: boolean) {
  return useQuery(myLatestOfferQuery(opportunityId, enabled));
}

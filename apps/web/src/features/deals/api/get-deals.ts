import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { DealSummary } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';

export const dealsKey = ['/api/deals'] as const;

export function fetchDeals(page: number, signal?: AbortSignal) {
  return api.get<Paged<DealSummary>>('/api/deals', { auth: true, signal, query: { page } });
}

export const dealsQuery = (page: number) =>
  queryOptions({
    queryKey: [...dealsKey, { page }],
    queryFn: ({ signal }) => fetchDeals(page, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/deals?page=: the caller's deals, most recently changed first. */
export function useDeals(page: number) {
  return useQuery(dealsQuery(page));
}

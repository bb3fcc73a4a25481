import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { DealSummary } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';

export function fetchAdminDeals(page: number, signal?: AbortSignal) {
  return api.get<Paged<DealSummary>>('/api/admin/deals', { auth: true, signal, query: { page } });
}

/** GET /api/admin/deals?page=: every deal, most recently changed first (read only). */
export const adminDealsQuery = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/deals', { page }],
    queryFn: ({ signal }) => fetchAdminDeals(page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminDeals(page: number) {
  return useQuery(adminDealsQuery(page));
}

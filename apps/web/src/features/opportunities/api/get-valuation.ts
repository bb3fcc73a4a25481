import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Valuation } from '@safqa/shared/validation/insights';
import { api } from '@/lib/api-client';

export function fetchListingValuation(id: number, signal?: AbortSignal) {
  return api.get<Valuation>(`/api/opportunities/${id}/valuation`, { auth: true, signal });
}

/** GET /api/opportunities/{id}/valuation (signed-in callers only: pass enabled=false otherwise). */
export const listingValuationQuery = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['/api/opportunities', id, 'valuation'],
    queryFn: ({ signal }) => fetchListingValuation(id, signal),
    enabled,
  });

export function useListingValuation(id: number, enabled: boolean) {
  return useQuery(listingValuationQuery(id, enabled));
}

import { useQuery } from '@tanstack/react-query';
import type { Valuation } from '@safqa/shared/validation/insights';
import { api } from '@/lib/api-client';

/** GET /api/opportunities/{id}/valuation (signed-in callers only: pass enabled=false otherwise). */
export function useListingValuation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/opportunities', id, 'valuation'],
    queryFn: ({ signal }) => api.get<Valuation>(`/api/opportunities/${id}/valuation`, { auth: true, signal }),
    enabled,
  });
}

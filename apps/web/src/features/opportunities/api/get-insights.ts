import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightDays, Insights } from '@safqa/shared/validation/insights';
import { api } from '@/lib/api-client';

export function fetchInsights(id: number, days: InsightDays, signal?: AbortSignal) {
  return api.get<Insights>(`/api/opportunities/${id}/insights`, { auth: true, query: { days }, signal });
}

/** GET /api/opportunities/{id}/insights?days=: the owner's figures of the last 7, 30 or 90 UTC days. */
export const insightsQuery = (id: number, days: InsightDays) =>
  queryOptions({
    queryKey: ['/api/opportunities', id, 'insights', days],
    queryFn: ({ signal }) => fetchInsights(id, days, signal),
    placeholderData: keepPreviousData,
    // Views come in all day: opening the panel again shows the latest.
    staleTime: 0,
  });

export function useInsights(id: number, days: InsightDays) {
  return useQuery(insightsQuery(id, days));
}

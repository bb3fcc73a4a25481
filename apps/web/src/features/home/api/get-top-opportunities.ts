import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';

export async function fetchTopOpportunities(signal?: AbortSignal): Promise<OpportunityCard[]> {
  const answer = await api.get<{ opportunities: OpportunityCard[] }>('/api/opportunities/top', { signal });
  return answer.opportunities;
}

/** GET /api/opportunities/top (no auth): at most 12 approved listings for the trending strip. */
export const topOpportunitiesQuery = () =>
  queryOptions({
    queryKey: ['/api/opportunities/top'],
    queryFn: ({ signal }) => fetchTopOpportunities(signal),
  });

export function useTopOpportunities() {
  return useQuery(topOpportunitiesQuery());
}

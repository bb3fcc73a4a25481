import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import type { Paged } from '@safqa/shared/validation/common';
import { apiQuery, type SearchState } from '../components/search/search-params';

/** GET /api/opportunities: approved listings matching the text, filters and sort, one page. */
export function searchOpportunitiesQuery(state: SearchState) {
  const query = apiQuery(state);
  return queryOptions({
    queryKey: ['/api/opportunities', query],
    queryFn: ({ signal }) => api.get<Paged<OpportunityCard>>('/api/opportunities', { query, signal }),
  });
}

export function useSearchOpportunities(state: SearchState) {
  return useQuery(searchOpportunitiesQuery(state));
}

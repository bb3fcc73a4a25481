import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdvisorCard } from '@safqa/shared/validation/advisors';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import { isOpportunityId } from '@/lib/opportunity-id';
import type { Paged } from '@/lib/paged';

export type AdvisorSort = 'experience' | 'newest';

/** GET /api/opportunities/{id}/advisors: without businessTypeId the server uses the opportunity's sector. */
export function useAdvisors(
  opportunityId: number,
  query: { businessTypeId: number | null; sort: AdvisorSort; page: number },
) {
  const params = {
    businessTypeId: query.businessTypeId ?? undefined,
    sort: query.sort,
    page: query.page,
    pageSize: 12,
  };
  return useQuery({
    queryKey: ['/api/opportunities', opportunityId, 'advisors', params],
    queryFn: ({ signal }) =>
      api.get<Paged<AdvisorCard>>(`/api/opportunities/${opportunityId}/advisors`, {
        auth: true,
        query: params,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: isOpportunityId(opportunityId),
  });
}

/** The opportunity the advisors are for (its name and sector for the heading and the default filter). */
export function useAdvisedOpportunity(opportunityId: number) {
  return useQuery({
    queryKey: ['/api/opportunities', opportunityId, 'summary'],
    queryFn: ({ signal }) => api.get<OpportunityDetail>(`/api/opportunities/${opportunityId}`, { signal }),
    enabled: isOpportunityId(opportunityId),
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdvisorCard } from '@safqa/shared/validation/advisors';
import { api } from '@/lib/api-client';
import { isOpportunityId } from '@/lib/opportunity-id';
import type { Paged } from '@safqa/shared/validation/common';

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

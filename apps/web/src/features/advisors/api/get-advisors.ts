import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvisorCard } from '@safqa/shared/validation/advisors';
import type { Paged } from '@safqa/shared/validation/common';
import { api } from '@/lib/api-client';
import { isOpportunityId } from '@/lib/opportunity-id';

export type AdvisorSort = 'experience' | 'newest';

interface AdvisorsParams {
  businessTypeId: number | undefined;
  sort: AdvisorSort;
  page: number;
  pageSize: number;
}

export function fetchAdvisors(opportunityId: number, params: AdvisorsParams, signal?: AbortSignal) {
  return api.get<Paged<AdvisorCard>>(`/api/opportunities/${opportunityId}/advisors`, {
    auth: true,
    query: { ...params },
    signal,
  });
}

/** GET /api/opportunities/{id}/advisors: without businessTypeId the server uses the opportunity's sector. */
export const advisorsQuery = (
  opportunityId: number,
  query: { businessTypeId: number | null; sort: AdvisorSort; page: number },
) => {
  const params: AdvisorsParams = {
    businessTypeId: query.businessTypeId ?? undefined,
    sort: query.sort,
    page: query.page,
    pageSize: 12,
  };
  return queryOptions({
    queryKey: ['/api/opportunities', opportunityId, 'advisors', params],
    queryFn: ({ signal }) => fetchAdvisors(opportunityId, params, signal),
    placeholderData: keepPreviousData,
    enabled: isOpportunityId(opportunityId),
  });
};

export function useAdvisors(
  opportunityId: number,
  query: { businessTypeId: number | null; sort: AdvisorSort; page: number },
) {
  return useQuery(advisorsQuery(opportunityId, query));
}

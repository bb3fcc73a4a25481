import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { Paged } from '@safqa/shared/validation/common';
import type { MyOpportunityCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';

export type MySort = 'newest' | 'oldest' | 'offers';

interface MyOpportunitiesParams {
  status: OpportunityStatus | undefined;
  sort: MySort;
  page: number;
  pageSize: number;
}

export function fetchMyOpportunities(params: MyOpportunitiesParams, signal?: AbortSignal) {
  return api.get<Paged<MyOpportunityCard>>('/api/users/me/opportunities', {
    auth: true,
    query: { ...params },
    signal,
  });
}

/** GET /api/users/me/opportunities: the user's listings in every status, with counts and rejection reason. */
export const myOpportunitiesQuery = (query: {
  status: OpportunityStatus | null;
  sort: MySort;
  page: number;
}) => {
  const params: MyOpportunitiesParams = {
    status: query.status ?? undefined,
    sort: query.sort,
    page: query.page,
    pageSize: 10,
  };
  return queryOptions({
    queryKey: ['/api/users/me/opportunities', params],
    queryFn: ({ signal }) => fetchMyOpportunities(params, signal),
    placeholderData: keepPreviousData,
  });
};

export function useMyOpportunities(query: { status: OpportunityStatus | null; sort: MySort; page: number }) {
  return useQuery(myOpportunitiesQuery(query));
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { MyOpportunityCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import type { Paged } from '@safqa/shared/validation/common';

export type MySort = 'newest' | 'oldest' | 'offers';

/** GET /api/users/me/opportunities: the user's listings in every status, with counts and rejection reason. */
export function useMyOpportunities(query: { status: OpportunityStatus | null; sort: MySort; page: number }) {
  const params = { status: query.status ?? undefined, sort: query.sort, page: query.page, pageSize: 10 };
  return useQuery({
    queryKey: ['/api/users/me/opportunities', params],
    queryFn: ({ signal }) =>
      api.get<Paged<MyOpportunityCard>>('/api/users/me/opportunities', { auth: true, query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api, isApiError } from '@/lib/api-client';
import { shouldRetryQuery } from '@/lib/query-client';
import { isOpportunityId } from '@/lib/opportunity-id';
import { useSession } from '@/lib/use-session';

/** The cache key of a detail: who asks is part of it (a signed-in caller gets financials, an owner more). */
export function opportunityKey(id: number, userId: number | null) {
  return ['/api/opportunities', id, 'as', userId] as const;
}

export function fetchOpportunity(id: number, signal?: AbortSignal) {
  return api.get<OpportunityDetail>(`/api/opportunities/${id}`, { signal });
}

export const opportunityQuery = (id: number, userId: number | null) =>
  queryOptions({
    queryKey: opportunityKey(id, userId),
    queryFn: ({ signal }) => fetchOpportunity(id, signal),
    enabled: isOpportunityId(id),
    // A missing or hidden listing is a 404: asking again changes nothing.
    retry: (count, error) => shouldRetryQuery(count, error) && !(isApiError(error) && error.status === 404),
  });

/** GET /api/opportunities/{id} with the token when there is one (financials only for signed-in callers). */
export function useOpportunity(id: number) {
  const { user } = useSession();
  return useQuery(opportunityQuery(id, user?.id ?? null));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api, isApiError } from './api-client';
import { shouldRetryQuery } from './query-client';
import { isOpportunityId } from './opportunity-id';
import { useSession } from './use-session';

/**
 * The one cache entry of a listing's detail, read by every view of it (the listing page, its edit form,
 * the admin review, the advisors page, the data room), so that a change invalidates all of them.
 * Who asks is part of the key: a signed-in caller gets financials, an owner or an admin more.
 */
export function opportunityKey(id: number, userId: number | null) {
  return [...opportunityKeyPrefix(id), 'as', userId] as const;
}

/** Everything cached about one listing: its detail for any caller and the lists under its path. */
export function opportunityKeyPrefix(id: number) {
  return ['/api/opportunities', id] as const;
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

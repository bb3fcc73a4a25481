import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api, isApiError } from '@/lib/api-client';
import { shouldRetryQuery } from '@/lib/query-client';
import { useSession } from '@/lib/use-session';

/** The cache key of a detail: who asks is part of it (a signed-in caller gets financials, an owner more). */
export function opportunityKey(id: number, userId: number | null) {
  return ['/api/opportunities', id, 'as', userId] as const;
}

export function fetchOpportunity(id: number, signal?: AbortSignal) {
  return api.get<OpportunityDetail>(`/api/opportunities/${id}`, { signal });
}

/** Ids the API can hold (int4): anything else is a listing that cannot exist. */
export function isOpportunityId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** The id of an address like /opportunities/42: digits only (not `1e3`, `042` or `4.0`), else NaN. */
export function parseOpportunityId(param: string | undefined): number {
  return param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : Number.NaN;
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

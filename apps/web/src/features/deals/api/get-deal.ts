import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deal } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { isRowId } from '@/lib/opportunity-id';
import { dealsKey } from './get-deals';

export const dealKey = (id: number) => [...dealsKey, id] as const;

export function fetchDeal(id: number, signal?: AbortSignal) {
  return api.get<Deal>(`/api/deals/${id}`, { auth: true, signal });
}

export const dealQuery = (id: number) =>
  queryOptions({
    queryKey: dealKey(id),
    queryFn: ({ signal }) => fetchDeal(id, signal),
    // /deals/abc names no deal: nothing to ask the server (it would answer 400, not "not found").
    enabled: isRowId(id),
  });

/** GET /api/deals/{id}: the deal with its letters of intent, checklist and timeline. */
export function useDeal(id: number) {
  return useQuery(dealQuery(id));
}

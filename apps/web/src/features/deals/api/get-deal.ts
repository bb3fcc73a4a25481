import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deal } from '@safqa/shared/validation/deals';
import { api } from '@/lib/api-client';
import { dealsKey } from './get-deals';

export const dealKey = (id: number) => [...dealsKey, id] as const;

export function fetchDeal(id: number, signal?: AbortSignal) {
  return api.get<Deal>(`/api/deals/${id}`, { auth: true, signal });
}

export const dealQuery = (id: number) =>
  queryOptions({ queryKey: dealKey(id), queryFn: ({ signal }) => fetchDeal(id, signal) });

/** GET /api/deals/{id}: the deal with its letters of intent, checklist and timeline. */
export function useDeal(id: number) {
  return useQuery(dealQuery(id));
}

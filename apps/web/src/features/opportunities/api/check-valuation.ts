import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Valuation, ValuationCheckInput } from '@safqa/shared/validation/insights';
import { api } from '@/lib/api-client';

export function checkValuation(input: ValuationCheckInput | null, signal?: AbortSignal) {
  return api.post<Valuation>('/api/valuation/check', input, { auth: true, signal });
}

/**
 * POST /api/valuation/check for figures being typed: a read that changes nothing, so it is a query
 * keyed by the figures (null: nothing to check yet). The previous answer stays while the next loads.
 */
export const valuationCheckQuery = (input: ValuationCheckInput | null) =>
  queryOptions({
    queryKey: ['/api/valuation/check', input],
    queryFn: ({ signal }) => checkValuation(input, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useValuationCheck(input: ValuationCheckInput | null) {
  return useQuery(valuationCheckQuery(input));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lookup } from '@safqa/shared/validation/common';
import { api } from './api-client';

/** A city of API.md "Lookups": a lookup that belongs to a region. */
export interface CityLookup extends Lookup {
  regionId: number;
}

/**
 * GET /api/admin/lookups/cities: every city once (a few dozen rows), so choosing a region filters
 * them instantly without another request.
 */
export const citiesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/lookups', 'cities'],
    queryFn: ({ signal }) => api.get<{ data: CityLookup[] }>('/api/admin/lookups/cities', { signal }),
    staleTime: 10 * 60_000,
  });

export function useCities() {
  return useQuery({ ...citiesQuery(), select: (answer) => answer.data });
}

/** The cities of `regionId` (all cities when no region is chosen). */
export function citiesOfRegion(
  cities: readonly CityLookup[] | undefined,
  regionId: number | null | undefined,
): CityLookup[] {
  if (!cities) return [];
  return regionId ? cities.filter((city) => city.regionId === regionId) : [...cities];
}

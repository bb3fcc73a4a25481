import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@safqa/shared/constants';
import type { Lookup } from '@safqa/shared/validation/common';
import { api } from './api-client';

/** The lookup kinds of API.md "Lookups". */
export type LookupKind =
  'business-types' | 'regions' | 'cities' | 'company-ages' | 'company-sizes' | 'share-percentages';

/** GET /api/admin/lookups/{kind} (public read): `{data: Lookup[]}` in the admin's order. */
export const lookupQuery = (kind: LookupKind) =>
  queryOptions({
    queryKey: ['/api/admin/lookups', kind],
    queryFn: ({ signal }) => api.get<{ data: Lookup[] }>(`/api/admin/lookups/${kind}`, { signal }),
    staleTime: 10 * 60_000,
  });

export function useLookup(kind: LookupKind) {
  return useQuery({ ...lookupQuery(kind), select: (answer) => answer.data });
}

/** A lookup's name in the UI language. */
export function lookupName(lookup: Pick<Lookup, 'nameAR' | 'nameEN'>, lng: Language | string): string {
  return lng === 'en' ? lookup.nameEN : lookup.nameAR;
}

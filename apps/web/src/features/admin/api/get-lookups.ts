import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLookup, LookupKind } from '@safqa/shared/validation/lookups';
import { api } from '@/lib/api-client';

export function fetchAdminLookups(kind: LookupKind, signal?: AbortSignal) {
  return api.get<{ data: AdminLookup[] }>(`/api/admin/lookups/${kind}`, { auth: true, signal });
}

/**
 * GET /api/admin/lookups/{kind}: with an admin's token the items carry sortOrder and usageCount.
 * Its key starts like the forms' lookup queries, so invalidating ['/api/admin/lookups'] refreshes both.
 */
export const adminLookupsQuery = (kind: LookupKind) =>
  queryOptions({
    queryKey: ['/api/admin/lookups', kind, 'admin'],
    queryFn: ({ signal }) => fetchAdminLookups(kind, signal),
  });

export function useAdminLookups(kind: LookupKind) {
  return useQuery({ ...adminLookupsQuery(kind), select: (answer) => answer.data });
}

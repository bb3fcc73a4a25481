import { useQuery } from '@tanstack/react-query';
import type { AdminLookup, LookupKind } from '@safqa/shared/validation/lookups';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/lookups/{kind}: with an admin's token the items carry sortOrder and usageCount.
 * Its key starts like the forms' lookup queries, so invalidating ['/api/admin/lookups'] refreshes both.
 */
export function useAdminLookups(kind: LookupKind) {
  return useQuery({
    queryKey: ['/api/admin/lookups', kind, 'admin'],
    queryFn: ({ signal }) =>
      api.get<{ data: AdminLookup[] }>(`/api/admin/lookups/${kind}`, { auth: true, signal }),
    select: (answer) => answer.data,
  });
}

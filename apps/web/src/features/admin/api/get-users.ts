import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@safqa/shared/validation/admin';
import type { Paged } from '@safqa/shared/validation/common';
import { api } from '@/lib/api-client';

type AdminUserRole = 'owner' | 'admin' | '';

export function fetchAdminUsers(q: string, role: AdminUserRole, page: number, signal?: AbortSignal) {
  return api.get<Paged<AdminUser>>('/api/admin/users', { auth: true, query: { q, role, page }, signal });
}

/** GET /api/admin/users?q=&role=&page=. */
export const adminUsersQuery = (q: string, role: AdminUserRole, page: number) =>
  queryOptions({
    queryKey: ['/api/admin/users', { q, role, page }],
    queryFn: ({ signal }) => fetchAdminUsers(q, role, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(q: string, role: AdminUserRole, page: number) {
  return useQuery(adminUsersQuery(q, role, page));
}

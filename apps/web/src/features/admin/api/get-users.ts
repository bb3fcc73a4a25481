import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@safqa/shared/validation/admin';
import type { Paged } from '@safqa/shared/validation/common';

/** GET /api/admin/users?q=&role=&page=. */
export function useAdminUsers(q: string, role: 'owner' | 'admin' | '', page: number) {
  return useQuery<Paged<AdminUser>>({
    queryKey: ['/api/admin/users', { q, role, page }],
    placeholderData: keepPreviousData,
  });
}

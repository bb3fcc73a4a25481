import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@safqa/shared/validation/admin';
import type { PagedResponse } from './paged';

/** GET /api/admin/users?q=&role=&page=. */
export function useAdminUsers(q: string, role: 'owner' | 'admin' | '', page: number) {
  return useQuery<PagedResponse<AdminUser>>({
    queryKey: ['/api/admin/users', { q, role, page }],
    placeholderData: keepPreviousData,
  });
}

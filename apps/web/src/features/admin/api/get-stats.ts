import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@safqa/shared/validation/admin';

/** GET /api/admin/stats: the dashboard's counts and 30-day series. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ['/api/admin/stats'] });
}

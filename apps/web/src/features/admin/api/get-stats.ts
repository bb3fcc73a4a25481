import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

export function fetchAdminStats(signal?: AbortSignal) {
  return api.get<AdminStats>('/api/admin/stats', { auth: true, signal });
}

/** GET /api/admin/stats: the dashboard's counts and 30-day series. */
export const adminStatsQuery = () =>
  queryOptions({ queryKey: ['/api/admin/stats'], queryFn: ({ signal }) => fetchAdminStats(signal) });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}

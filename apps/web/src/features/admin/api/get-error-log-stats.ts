import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorLogStats } from '@safqa/shared/validation/error-logs';
import { api } from '@/lib/api-client';
import type { ErrorLogRange } from './get-error-logs';

export function fetchErrorLogStats(days: ErrorLogRange, signal?: AbortSignal) {
  return api.get<ErrorLogStats>('/api/admin/error-logs/stats', { auth: true, query: { days }, signal });
}

/** GET /api/admin/error-logs/stats?days=. */
export const errorLogStatsQuery = (days: ErrorLogRange) =>
  queryOptions({
    queryKey: ['/api/admin/error-logs/stats', { days }],
    queryFn: ({ signal }) => fetchErrorLogStats(days, signal),
  });

export function useErrorLogStats(days: ErrorLogRange) {
  return useQuery(errorLogStatsQuery(days));
}

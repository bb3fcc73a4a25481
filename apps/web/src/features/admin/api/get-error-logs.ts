import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminErrorLog } from '@safqa/shared/validation/error-logs';
import type { Paged } from '@safqa/shared/validation/common';
import { api } from '@/lib/api-client';

export type ErrorLogRange = 7 | 14 | 30;
export type ResolvedFilter = 'all' | 'unresolved' | 'resolved';

interface ErrorLogsParams {
  days: ErrorLogRange;
  resolved: boolean | undefined;
  page: number;
}

export function fetchErrorLogs(params: ErrorLogsParams, signal?: AbortSignal) {
  return api.get<Paged<AdminErrorLog>>('/api/admin/error-logs', { auth: true, query: { ...params }, signal });
}

/** GET /api/admin/error-logs?days=&resolved=&page= ('all' leaves `resolved` out). */
export const errorLogsQuery = (days: ErrorLogRange, resolved: ResolvedFilter, page: number) => {
  const params: ErrorLogsParams = {
    days,
    resolved: resolved === 'all' ? undefined : resolved === 'resolved',
    page,
  };
  return queryOptions({
    queryKey: ['/api/admin/error-logs', params],
    queryFn: ({ signal }) => fetchErrorLogs(params, signal),
    placeholderData: keepPreviousData,
  });
};

export function useErrorLogs(days: ErrorLogRange, resolved: ResolvedFilter, page: number) {
  return useQuery(errorLogsQuery(days, resolved, page));
}

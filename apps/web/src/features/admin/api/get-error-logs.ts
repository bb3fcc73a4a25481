import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminErrorLog } from '@safqa/shared/validation/error-logs';
import type { Paged } from '@safqa/shared/validation/common';

export type ErrorLogRange = 7 | 14 | 30;
export type ResolvedFilter = 'all' | 'unresolved' | 'resolved';

/** GET /api/admin/error-logs?days=&resolved=&page=. */
export function useErrorLogs(days: ErrorLogRange, resolved: ResolvedFilter, page: number) {
  const filter = resolved === 'all' ? undefined : resolved === 'resolved';
  return useQuery<Paged<AdminErrorLog>>({
    queryKey: ['/api/admin/error-logs', { days, resolved: filter, page }],
    placeholderData: keepPreviousData,
  });
}
